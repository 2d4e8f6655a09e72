package assignment

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// randomFestival is a festival drawn from seed: up to 79 films of any length
// and categories, up to 19 members with or without declared categories,
// conflicts, kept members, needs from 0 to 6; and languages: a member
// understands none declared (any film) or one to three of five languages, a
// film is in none known (any member) or one to three.
func randomFestival(seed uint64, nFilms, nJurors, maxNeed uint8) ([]Film, []Juror) {
	r := rand.New(rand.NewPCG(seed, uint64(nFilms)<<16|uint64(nJurors)<<8|uint64(maxNeed)))
	jurors := make([]Juror, int(nJurors)%20)
	for j := range jurors {
		jurors[j] = Juror{ID: int64(100 + j), BaseMinutes: int64(r.IntN(200)), BaseFilms: r.IntN(3)}
		if r.IntN(3) == 0 {
			jurors[j].Categories = []int64{int64(1 + r.IntN(4))}
		}
		jurors[j].Languages = randomLanguages(r)
	}
	films := make([]Film, int(nFilms)%80)
	for i := range films {
		films[i] = Film{ID: int64(i + 1), Minutes: int64(1 + r.IntN(180)), Categories: []int64{int64(1 + r.IntN(4))}, Need: r.IntN(int(maxNeed)%7 + 1),
			Languages: randomLanguages(r)}
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

// randomLanguages is none one time in four, else one to three of five
// languages (sorted, each once, as festival.ParseLanguageList gives them).
func randomLanguages(r *rand.Rand) []festival.LanguageCode {
	if r.IntN(4) == 0 {
		return nil
	}
	pool := []festival.LanguageCode{"de", "en", "es", "fr", "ja"}
	var out []festival.LanguageCode
	for range 1 + r.IntN(3) {
		out = append(out, pool[r.IntN(len(pool))])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// On any festival a proposal never breaks a rule (a film is never given to a
// member who understands neither its language nor its subtitles), reports
// exactly the films left short and those no member understands, and adds
// the loads up: 500 random festivals in every go test.
func TestProposeKeepsTheRulesOnRandomFestivals(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(14, 2))
	unassignable, languageShort := 0, 0
	for range 500 {
		films, jurors := randomFestival(r.Uint64(), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)))
		p := Propose(films, jurors)
		checkRules(t, films, jurors, p)
		if t.Failed() {
			return
		}
		unassignable += len(p.Unassignable)
		for _, s := range p.Short {
			if s.Reason == ReasonLanguage {
				languageShort++
			}
		}
	}
	// The draw must meet the language rule's cases, or the test proves little.
	if unassignable < 50 || languageShort < 100 {
		t.Errorf("500 festivals gave %d unassignable films and %d short for language: too few to test the rule", unassignable, languageShort)
	}
	t.Logf("%d films unassignable, %d short for language", unassignable, languageShort)
}
