// Package assignment proposes which jury members judge which films: k
// members per film, minutes of film per member as even as the rules allow,
// never a member with a conflict of interest, only films in the
// categories a member declared, and only films a member understands: spoken
// or subtitled in a language they declared (docs/decisions.md, "Balanced
// jury assignment"). A member who declared no language, or a film whose
// languages are unknown, is not limited by language.
//
// The method is a greedy construction followed by local search:
//
//  1. Films are taken most constrained first (fewest members allowed, then
//     longest), and each gets the allowed members with the least minutes so
//     far (then fewest films, then lowest id).
//  2. Moves and swaps then improve it while they can: a film moves from one
//     member to another when that lowers the larger of their two loads; two
//     members swap films when that brings their loads closer. Each accepted
//     step lowers the sum of squared loads, so the search ends; it stops
//     after maxPasses passes in any case.
//
// Everything is deterministic: the same festival gives the same proposal.
package assignment

import (
	"cmp"
	"math"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Film is a film to staff.
type Film struct {
	ID      int64
	Minutes int64 // its length; the caller fills in a default for unknown lengths
	// Categories are the film's categories (a member who declared categories
	// judges only films in one of them).
	Categories []int64
	// Need is how many members the film should have.
	Need int
	// Keep are members already assigned who stay (they count towards Need).
	// A kept member who is not among the jurors proposed to (outside a
	// section's jury) stays too, without a load to balance.
	Keep []int64
	// Conflicts are the members who may never judge the film.
	Conflicts []int64
	// Languages are the languages the film can be followed in (its own and
	// its subtitles'); none: unknown, any member may judge it.
	Languages []festival.LanguageCode
}

// Juror is a jury member who may be given films.
type Juror struct {
	ID int64
	// Categories are the categories the member declared; none means any.
	Categories []int64
	// Languages are the languages the member understands; none means any.
	Languages []festival.LanguageCode
	// BaseMinutes and BaseFilms are the load the member already has outside
	// the films being staffed.
	BaseMinutes int64
	BaseFilms   int
}

// Load is what one member ends up with.
type Load struct {
	JurorID int64 `json:"id_user"`
	Films   int   `json:"films"`
	Minutes int64 `json:"minutes"`
}

// Short is a film that could not get the members it needs: fewer members are
// allowed to judge it than it needs.
type Short struct {
	FilmID  int64 `json:"id_movie"`
	Need    int   `json:"needed"`
	Got     int   `json:"assigned"`
	Allowed int   `json:"allowed"`
	// Reason is "language" when the language rule is what leaves it short:
	// without it, more members would be allowed (Allowed would be larger).
	Reason string `json:"reason,omitempty"`
}

// ReasonLanguage is why a film is short or unassignable when members who
// could judge it otherwise understand none of its languages.
const ReasonLanguage = "language"

// Unassignable is a film that needs members but that no member may take
// because of the language rule alone: members are otherwise allowed (no
// conflict, their categories), and none of them understands its languages.
type Unassignable struct {
	FilmID    int64                   `json:"id_movie"`
	Reason    string                  `json:"reason"` // ReasonLanguage
	Languages []festival.LanguageCode `json:"languages"`
}

// Spread sums up how even the loads are, in minutes.
type Spread struct {
	Min    int64   `json:"min_minutes"`
	Max    int64   `json:"max_minutes"`
	Mean   float64 `json:"mean_minutes"`
	StdDev float64 `json:"stddev_minutes"`
	// Range is Max - Min.
	Range int64 `json:"range_minutes"`
}

// Proposal is the outcome: each film's members (sorted), the load of each
// member, how even the loads are, and the films left short.
type Proposal struct {
	Films  map[int64][]int64
	Loads  []Load
	Spread Spread
	Short  []Short
	// Unassignable are the films no member understands (by film id).
	Unassignable []Unassignable
	Passes       int // local-search passes run
}

// maxPasses bounds the local search.
const maxPasses = 100

type state struct {
	films   []Film
	jurors  []Juror
	idx     map[int64]int // juror id -> index
	allowed [][]int       // film -> juror indexes allowed (not kept, no conflict, category, language)
	mute    []int         // film -> jurors allowed but for the language rule
	members [][]int       // film -> juror indexes chosen (kept first)
	kept    []int         // film -> how many of members are kept
	outside [][]int64     // film -> kept members who are not among the jurors
	minutes []int64       // juror -> minutes
	count   []int         // juror -> films
}

// Propose staffs films with jurors.
func Propose(films []Film, jurors []Juror) Proposal {
	s := newState(films, jurors)
	s.greedy()
	passes := s.improve()
	return s.proposal(passes)
}

func newState(films []Film, jurors []Juror) *state {
	s := &state{
		films: films, jurors: jurors, idx: make(map[int64]int, len(jurors)),
		allowed: make([][]int, len(films)), mute: make([]int, len(films)), members: make([][]int, len(films)), kept: make([]int, len(films)), outside: make([][]int64, len(films)),
		minutes: make([]int64, len(jurors)), count: make([]int, len(jurors)),
	}
	for j, u := range jurors {
		s.idx[u.ID] = j
		s.minutes[j], s.count[j] = u.BaseMinutes, u.BaseFilms
	}
	for f, film := range films {
		for _, id := range film.Keep {
			j, ok := s.idx[id]
			switch {
			case !ok && !slices.Contains(s.outside[f], id):
				s.outside[f] = append(s.outside[f], id)
			case ok && !slices.Contains(s.members[f], j):
				s.members[f] = append(s.members[f], j)
				s.add(j, film.Minutes)
			}
		}
		s.kept[f] = len(s.members[f])
		for j, u := range jurors {
			if slices.Contains(s.members[f], j) || slices.Contains(film.Conflicts, u.ID) || !judges(u, film) {
				continue
			}
			if festival.Understands(u.Languages, film.Languages) {
				s.allowed[f] = append(s.allowed[f], j)
			} else {
				s.mute[f]++
			}
		}
	}
	return s
}

// judges reports whether a member's declared categories admit a film.
func judges(u Juror, f Film) bool {
	if len(u.Categories) == 0 {
		return true
	}
	for _, c := range f.Categories {
		if slices.Contains(u.Categories, c) {
			return true
		}
	}
	return false
}

func (s *state) add(j int, minutes int64) { s.minutes[j] += minutes; s.count[j]++ }
func (s *state) sub(j int, minutes int64) { s.minutes[j] -= minutes; s.count[j]-- }

// greedy gives each film, most constrained first, its least-loaded allowed members.
func (s *state) greedy() {
	order := make([]int, len(s.films))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(len(s.allowed[a]), len(s.allowed[b])),
			cmp.Compare(s.films[b].Minutes, s.films[a].Minutes), cmp.Compare(s.films[a].ID, s.films[b].ID))
	})
	for _, f := range order {
		need := s.films[f].Need - len(s.members[f]) - len(s.outside[f])
		if need <= 0 {
			continue
		}
		cands := slices.Clone(s.allowed[f])
		slices.SortFunc(cands, func(a, b int) int {
			return cmp.Or(cmp.Compare(s.minutes[a], s.minutes[b]), cmp.Compare(s.count[a], s.count[b]),
				cmp.Compare(s.jurors[a].ID, s.jurors[b].ID))
		})
		for _, j := range cands[:min(need, len(cands))] {
			s.members[f] = append(s.members[f], j)
			s.add(j, s.films[f].Minutes)
		}
	}
}

// on reports whether juror j is among film f's members.
func (s *state) on(f, j int) bool { return slices.Contains(s.members[f], j) }

// allows reports whether juror j may be given film f.
func (s *state) allows(f, j int) bool { return slices.Contains(s.allowed[f], j) }

// improve runs moves and swaps until none helps (or maxPasses), and returns
// the passes run.
func (s *state) improve() int {
	pass := 0
	for pass < maxPasses {
		pass++
		if !s.movePass() && !s.swapPass() {
			break
		}
	}
	return pass
}

// movePass moves single films from a member to a less loaded one.
func (s *state) movePass() bool {
	improved := false
	for f := range s.films {
		d := s.films[f].Minutes
		for slot := s.kept[f]; slot < len(s.members[f]); slot++ {
			a := s.members[f][slot]
			best, bestLoad := -1, s.minutes[a]
			for _, b := range s.allowed[f] {
				// Moving helps when b ends below where a was.
				if !s.on(f, b) && s.minutes[b]+d < bestLoad {
					best, bestLoad = b, s.minutes[b]+d
				}
			}
			if best >= 0 {
				s.sub(a, d)
				s.add(best, d)
				s.members[f][slot] = best
				improved = true
			}
		}
	}
	return improved
}

// swapPass exchanges films between two members when that brings their
// loads closer: a gives film f (d minutes) and takes film g (e minutes) from
// b, with d > e and the gap shrinking (d-e < loads' gap).
func (s *state) swapPass() bool {
	type slot struct{ film, at int }
	held := make([][]slot, len(s.jurors))
	for f := range s.films {
		for at := s.kept[f]; at < len(s.members[f]); at++ {
			j := s.members[f][at]
			held[j] = append(held[j], slot{f, at})
		}
	}
	improved := false
	for a := range s.jurors {
		for b := range s.jurors {
			gap := s.minutes[a] - s.minutes[b]
			if gap <= 0 {
				continue
			}
		next:
			for ia, x := range held[a] {
				d := s.films[x.film].Minutes
				for ib, y := range held[b] {
					e := s.films[y.film].Minutes
					if x.film == y.film || d <= e || d-e >= gap {
						continue
					}
					if !s.allows(x.film, b) || !s.allows(y.film, a) || s.on(x.film, b) || s.on(y.film, a) {
						continue
					}
					s.members[x.film][x.at], s.members[y.film][y.at] = b, a
					s.minutes[a] += e - d
					s.minutes[b] += d - e
					held[a][ia], held[b][ib] = y, x
					improved = true
					if gap = s.minutes[a] - s.minutes[b]; gap <= 0 {
						break next
					}
					continue next // x is b's now
				}
			}
		}
	}
	return improved
}

func (s *state) proposal(passes int) Proposal {
	p := Proposal{Films: make(map[int64][]int64, len(s.films)), Passes: passes}
	for f, film := range s.films {
		ids := append([]int64{}, s.outside[f]...) // never nil: a film no one may take has [] members
		for _, j := range s.members[f] {
			ids = append(ids, s.jurors[j].ID)
		}
		slices.Sort(ids)
		p.Films[film.ID] = ids
		if len(ids) < film.Need {
			sh := Short{FilmID: film.ID, Need: film.Need, Got: len(ids), Allowed: len(s.outside[f]) + s.kept[f] + len(s.allowed[f])}
			if s.mute[f] > 0 {
				sh.Reason = ReasonLanguage
			}
			p.Short = append(p.Short, sh)
			if len(s.allowed[f]) == 0 && s.mute[f] > 0 {
				p.Unassignable = append(p.Unassignable, Unassignable{FilmID: film.ID, Reason: ReasonLanguage, Languages: film.Languages})
			}
		}
	}
	slices.SortFunc(p.Unassignable, func(a, b Unassignable) int { return cmp.Compare(a.FilmID, b.FilmID) })
	slices.SortFunc(p.Short, func(a, b Short) int { return cmp.Compare(a.FilmID, b.FilmID) })
	for j, u := range s.jurors {
		p.Loads = append(p.Loads, Load{JurorID: u.ID, Films: s.count[j], Minutes: s.minutes[j]})
	}
	slices.SortFunc(p.Loads, func(a, b Load) int { return cmp.Compare(a.JurorID, b.JurorID) })
	p.Spread = SpreadOf(p.Loads)
	return p
}

// SpreadOf sums up loads.
func SpreadOf(loads []Load) Spread {
	if len(loads) == 0 {
		return Spread{}
	}
	sp := Spread{Min: math.MaxInt64, Max: math.MinInt64}
	sum := 0.0
	for _, l := range loads {
		sp.Min, sp.Max = min(sp.Min, l.Minutes), max(sp.Max, l.Minutes)
		sum += float64(l.Minutes)
	}
	sp.Mean = sum / float64(len(loads))
	sq := 0.0
	for _, l := range loads {
		sq += (float64(l.Minutes) - sp.Mean) * (float64(l.Minutes) - sp.Mean)
	}
	sp.StdDev = math.Sqrt(sq / float64(len(loads)))
	sp.Range = sp.Max - sp.Min
	sp.Mean = math.Round(sp.Mean*10) / 10
	sp.StdDev = math.Round(sp.StdDev*10) / 10
	return sp
}
