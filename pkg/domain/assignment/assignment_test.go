package assignment

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// generated is a festival like the ones the issue asks about: films of
// mixed length (two in three are shorts of 3 to 30 minutes, the rest
// features of 60 to 150), five categories, jurors of whom a third declared
// one or two categories, and a conflict of interest for one pair in twenty.
func generated(films, jurors int, declared bool) ([]Film, []Juror) {
	r := rand.New(rand.NewPCG(14, uint64(films*1000+jurors)))
	fs := make([]Film, films)
	for i := range fs {
		m := int64(3 + r.IntN(28))
		if r.IntN(3) == 0 {
			m = int64(60 + r.IntN(91))
		}
		cats := []int64{int64(1 + r.IntN(5))}
		if r.IntN(4) == 0 {
			cats = append(cats, int64(1+r.IntN(5)))
		}
		fs[i] = Film{ID: int64(i + 1), Minutes: m, Categories: cats, Need: 3}
		for j := range jurors {
			if r.IntN(20) == 0 {
				fs[i].Conflicts = append(fs[i].Conflicts, int64(100+j))
			}
		}
	}
	js := make([]Juror, jurors)
	for j := range js {
		js[j] = Juror{ID: int64(100 + j)}
		if declared && j%3 == 0 {
			js[j].Categories = []int64{int64(1 + j%5), int64(1 + (j+2)%5)}
		}
	}
	return fs, js
}

// checkRules fails the test on any broken rule: a conflict, a category
// not declared, a member twice, a kept member dropped, a film short without
// being reported, loads not matching the films.
func checkRules(t *testing.T, films []Film, jurors []Juror, p Proposal) {
	t.Helper()
	byID := map[int64]Juror{}
	for _, u := range jurors {
		byID[u.ID] = u
	}
	minutes := map[int64]int64{}
	count := map[int64]int{}
	for _, u := range jurors {
		minutes[u.ID], count[u.ID] = u.BaseMinutes, u.BaseFilms
	}
	short := map[int64]bool{}
	for _, s := range p.Short {
		short[s.FilmID] = true
	}
	for _, f := range films {
		got := p.Films[f.ID]
		seen := map[int64]bool{}
		for _, id := range got {
			if seen[id] {
				t.Errorf("film %d has member %d twice", f.ID, id)
			}
			seen[id] = true
			if slices.Contains(f.Conflicts, id) {
				t.Errorf("film %d given to %d, who has a conflict of interest", f.ID, id)
			}
			if !slices.Contains(f.Keep, id) && !judges(byID[id], f) {
				t.Errorf("film %d (categories %v) given to %d, who declared %v", f.ID, f.Categories, id, byID[id].Categories)
			}
			if !slices.Contains(f.Keep, id) && !festival.Understands(byID[id].Languages, f.Languages) {
				t.Errorf("film %d (languages %v) given to %d, who understands %v", f.ID, f.Languages, id, byID[id].Languages)
			}
			minutes[id] += f.Minutes
			count[id]++
		}
		for _, k := range f.Keep {
			if !seen[k] {
				t.Errorf("film %d lost kept member %d", f.ID, k)
			}
		}
		if (len(got) < f.Need) != short[f.ID] {
			t.Errorf("film %d has %d of %d members, reported short: %v", f.ID, len(got), f.Need, short[f.ID])
		}
		checkUnassignable(t, f, jurors, len(got), p)
	}
	for _, l := range p.Loads {
		if l.Minutes != minutes[l.JurorID] || l.Films != count[l.JurorID] {
			t.Errorf("load of %d reported %d films %d min, has %d films %d min", l.JurorID, l.Films, l.Minutes, count[l.JurorID], minutes[l.JurorID])
		}
	}
}

// checkUnassignable fails the test unless film f (got members) is reported
// unassignable exactly when it is short and no eligible member (not kept, no
// conflict, its categories) understands it while some eligible member would
// judge it but for the language; and unless its short entry names the
// language exactly when some eligible member does not understand it.
func checkUnassignable(t *testing.T, f Film, jurors []Juror, got int, p Proposal) {
	t.Helper()
	understand, mute := 0, 0
	for _, u := range jurors {
		if slices.Contains(f.Keep, u.ID) || slices.Contains(f.Conflicts, u.ID) || !judges(u, f) {
			continue
		}
		if festival.Understands(u.Languages, f.Languages) {
			understand++
		} else {
			mute++
		}
	}
	want := got < f.Need && understand == 0 && mute > 0
	i := slices.IndexFunc(p.Unassignable, func(u Unassignable) bool { return u.FilmID == f.ID })
	if (i >= 0) != want {
		t.Errorf("film %d (languages %v, %d of %d members, %d eligible understand, %d do not): reported unassignable %v, want %v",
			f.ID, f.Languages, got, f.Need, understand, mute, i >= 0, want)
	}
	if i >= 0 && (p.Unassignable[i].Reason != ReasonLanguage || !slices.Equal(p.Unassignable[i].Languages, f.Languages)) {
		t.Errorf("film %d reported unassignable as %+v", f.ID, p.Unassignable[i])
	}
	if j := slices.IndexFunc(p.Short, func(s Short) bool { return s.FilmID == f.ID }); j >= 0 && (p.Short[j].Reason == ReasonLanguage) != (mute > 0) {
		t.Errorf("film %d short %+v, %d eligible members who do not understand it", f.ID, p.Short[j], mute)
	}
}

func TestProposeBalancesMinutesNotFilmCounts(t *testing.T) {
	// One feature of 120 minutes and four shorts of 30: by count each
	// member would get 2 or 3 films; by minutes one takes the feature and
	// the other the four shorts.
	films := []Film{{ID: 1, Minutes: 120, Need: 1}, {ID: 2, Minutes: 30, Need: 1}, {ID: 3, Minutes: 30, Need: 1}, {ID: 4, Minutes: 30, Need: 1}, {ID: 5, Minutes: 30, Need: 1}}
	jurors := []Juror{{ID: 7}, {ID: 8}}
	p := Propose(films, jurors)
	checkRules(t, films, jurors, p)
	if p.Spread.Range != 0 || p.Spread.Max != 120 {
		t.Errorf("loads %+v, want 120 minutes each", p.Loads)
	}
}

func TestProposeNeverBreaksAConflictNorADeclaredCategory(t *testing.T) {
	films := []Film{
		{ID: 1, Minutes: 10, Need: 2, Categories: []int64{1}, Conflicts: []int64{7}},
		{ID: 2, Minutes: 90, Need: 2, Categories: []int64{2}},
		{ID: 3, Minutes: 10, Need: 2, Categories: []int64{2}, Conflicts: []int64{8, 9}},
	}
	jurors := []Juror{{ID: 7}, {ID: 8}, {ID: 9, Categories: []int64{1}}}
	p := Propose(films, jurors)
	checkRules(t, films, jurors, p)
	want := map[int64][]int64{1: {8, 9}, 2: {7, 8}, 3: {7}}
	for id, w := range want {
		if !slices.Equal(p.Films[id], w) {
			t.Errorf("film %d: members %v, want %v", id, p.Films[id], w)
		}
	}
	if len(p.Short) != 1 || p.Short[0] != (Short{FilmID: 3, Need: 2, Got: 1, Allowed: 1}) {
		t.Errorf("short %+v, want film 3 with 1 of 2 (1 allowed)", p.Short)
	}
}

func TestProposeKeepsExistingMembersAndCountsTheirLoad(t *testing.T) {
	films := []Film{{ID: 1, Minutes: 60, Need: 2, Keep: []int64{7}}, {ID: 2, Minutes: 60, Need: 1}}
	jurors := []Juror{{ID: 7}, {ID: 8, BaseMinutes: 200, BaseFilms: 2}, {ID: 9}}
	p := Propose(films, jurors)
	checkRules(t, films, jurors, p)
	if !slices.Equal(p.Films[1], []int64{7, 9}) || !slices.Equal(p.Films[2], []int64{7}) && !slices.Equal(p.Films[2], []int64{9}) {
		t.Errorf("films %v: want 7 kept on film 1, 8 (200 min elsewhere) given nothing", p.Films)
	}
	if l := p.Loads[1]; l.JurorID != 8 || l.Minutes != 200 || l.Films != 2 {
		t.Errorf("load of 8 is %+v, want its 200 minutes elsewhere", l)
	}
}

func TestAKeptMemberOutsideTheJurorsStaysAndCountsTowardsTheNeed(t *testing.T) {
	// Member 5 is not proposed to (another section's jury) but judges film
	// 1 already: the film needs one more, not two, and 5 has no load here.
	films := []Film{{ID: 1, Minutes: 60, Need: 2, Keep: []int64{5}}, {ID: 2, Minutes: 60, Need: 1}}
	jurors := []Juror{{ID: 7}, {ID: 8}}
	p := Propose(films, jurors)
	checkRules(t, films, jurors, p)
	if len(p.Films[1]) != 2 || !slices.Contains(p.Films[1], 5) || len(p.Loads) != 2 || p.Spread.Range != 0 {
		t.Errorf("films %v, loads %+v: want 5 kept on film 1 with one member more, 60 minutes each", p.Films, p.Loads)
	}
}

func TestProposeIsDeterministic(t *testing.T) {
	films, jurors := generated(120, 9, true)
	a, b := Propose(films, jurors), Propose(films, jurors)
	for id, m := range a.Films {
		if !slices.Equal(m, b.Films[id]) {
			t.Fatalf("film %d: %v then %v", id, m, b.Films[id])
		}
	}
}

// TestGeneratedFestivalLoadSpread is the measure the issue asks for: 300
// films, 15 jurors, 3 per film, with and without a third of the jury limited
// to two categories: the loads end within 10 minutes of each other (1 minute
// when measured; the greedy step alone leaves 80). Run with -v to see the
// numbers (docs/performance.md records them).
func TestGeneratedFestivalLoadSpread(t *testing.T) {
	for _, declared := range []bool{false, true} {
		t.Run(fmt.Sprintf("declared_categories=%v", declared), func(t *testing.T) {
			films, jurors := generated(300, 15, declared)
			start := time.Now()
			p := Propose(films, jurors)
			took := time.Since(start)
			checkRules(t, films, jurors, p)
			if len(p.Short) != 0 {
				t.Errorf("films left short: %+v", p.Short)
			}
			greedy := newState(films, jurors)
			greedy.greedy()
			g := greedy.proposal(0).Spread
			t.Logf("300 films, 15 jurors, 3 per film: loads %d..%d min (range %d, stddev %.1f, mean %.1f) after %d passes in %v; greedy alone: range %d, stddev %.1f",
				p.Spread.Min, p.Spread.Max, p.Spread.Range, p.Spread.StdDev, p.Spread.Mean, p.Passes, took, g.Range, g.StdDev)
			if p.Spread.Range > 10 {
				t.Errorf("load range %d minutes, want at most 10", p.Spread.Range)
			}
			if p.Spread.Range > g.Range {
				t.Errorf("local search made the spread worse: %d after, %d greedy", p.Spread.Range, g.Range)
			}
		})
	}
}

func BenchmarkPropose300Films15Jurors(b *testing.B) {
	films, jurors := generated(300, 15, true)
	b.ReportAllocs()
	for b.Loop() {
		Propose(films, jurors)
	}
}

func TestProposeGivesAFilmOnlyToMembersWhoUnderstandIt(t *testing.T) {
	l := func(c ...festival.LanguageCode) []festival.LanguageCode { return c }
	films := []Film{
		{ID: 1, Minutes: 10, Need: 1, Languages: l("fr")},       // only 7 and 9 understand it
		{ID: 2, Minutes: 10, Need: 2, Languages: l("en", "ja")}, // 8 (en) and 9 (any)
		{ID: 3, Minutes: 10, Need: 1, Languages: l("ko")},       // only 9, who declared nothing
		{ID: 4, Minutes: 10, Need: 1},                           // unknown: anyone
		{ID: 5, Minutes: 10, Need: 1, Languages: l("ko"), Conflicts: []int64{9}},
	}
	jurors := []Juror{{ID: 7, Languages: l("fr")}, {ID: 8, Languages: l("de", "en")}, {ID: 9}}
	p := Propose(films, jurors)
	checkRules(t, films, jurors, p)
	for id, w := range map[int64][]int64{2: {8, 9}, 3: {9}, 5: {}} {
		if got := p.Films[id]; !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
			t.Errorf("film %d: members %v, want %v", id, got, w)
		}
	}
	if got := p.Films[1]; len(got) != 1 || got[0] == 8 {
		t.Errorf("film 1 (fr): members %v, want 7 or 9", got)
	}
	want := []Unassignable{{FilmID: 5, Reason: ReasonLanguage, Languages: l("ko")}}
	if fmt.Sprint(p.Unassignable) != fmt.Sprint(want) {
		t.Errorf("unassignable %+v, want %+v", p.Unassignable, want)
	}
	if len(p.Short) != 1 || p.Short[0] != (Short{FilmID: 5, Need: 1, Got: 0, Allowed: 0, Reason: ReasonLanguage}) {
		t.Errorf("short %+v, want film 5 short for language", p.Short)
	}
}
