package assignment

import (
	"math/rand/v2"
	"testing"
)

// randomFestival is a festival drawn from seed: up to 79 films of any length
// and categories, up to 19 members with or without declared categories,
// conflicts, kept members, needs from 0 to 6.
func randomFestival(seed uint64, nFilms, nJurors, maxNeed uint8) ([]Film, []Juror) {
	r := rand.New(rand.NewPCG(seed, uint64(nFilms)<<16|uint64(nJurors)<<8|uint64(maxNeed)))
	jurors := make([]Juror, int(nJurors)%20)
	for j := range jurors {
		jurors[j] = Juror{ID: int64(100 + j), BaseMinutes: int64(r.IntN(200)), BaseFilms: r.IntN(3)}
		if r.IntN(3) == 0 {
			jurors[j].Categories = []int64{int64(1 + r.IntN(4))}
		}
	}
	films := make([]Film, int(nFilms)%80)
	for i := range films {
		films[i] = Film{ID: int64(i + 1), Minutes: int64(1 + r.IntN(180)), Categories: []int64{int64(1 + r.IntN(4))}, Need: r.IntN(int(maxNeed)%7 + 1)}
		for _, u := range jurors {
			switch r.IntN(10) {
			case 0:
				films[i].Conflicts = append(films[i].Conflicts, u.ID)
			case 1:
				films[i].Keep = append(films[i].Keep, u.ID)
			}
		}
	}
	return films, jurors
}

// On any festival a proposal never breaks a rule, reports exactly the films
// left short and adds the loads up: 500 random festivals in every go test.
func TestProposeKeepsTheRulesOnRandomFestivals(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 2))
	for range 500 {
		films, jurors := randomFestival(r.Uint64(), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)))
		checkRules(t, films, jurors, Propose(films, jurors))
		if t.Failed() {
			return
		}
	}
}
