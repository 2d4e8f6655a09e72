package decisions

import (
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Filter says which films a bulk decision looks at; every part set must
// hold. The zero Filter keeps every film.
type Filter struct {
	// Statuses keeps films in one of these stored statuses.
	Statuses []festival.SelectionStatus
	// Category keeps films in this category (id_categorie); it also scopes
	// the rank to that category's results.
	Category int64
	// ScoreMin and ScoreMax bound the mean of the jury's votes (0 to 10): a
	// film without votes has no mean and is left out.
	ScoreMin, ScoreMax *float64
	// RankFrom and RankTo bound the film's rank in the jury results (of the
	// category when one is given): a film without votes has no rank and is
	// left out.
	RankFrom, RankTo *int
	// Search keeps films whose title contains it, ignoring case and accents.
	Search string
}

// Empty reports whether the filter keeps every film.
func (f Filter) Empty() bool {
	return len(f.Statuses) == 0 && f.Category == 0 && !f.NeedsResults() && f.Search == ""
}

// NeedsResults reports whether the filter reads the jury results.
func (f Filter) NeedsResults() bool {
	return f.ScoreMin != nil || f.ScoreMax != nil || f.RankFrom != nil || f.RankTo != nil
}

// Standing is a film's line in the jury results: its mean score and rank,
// nil without votes.
type Standing struct {
	Mean *float64
	Rank *int
}

// Keeps reports whether the film m, standing st, passes the filter.
func (f Filter) Keeps(m festival.Movie, st Standing) bool {
	switch {
	case len(f.Statuses) > 0 && !slices.Contains(f.Statuses, m.SelectionStatus):
		return false
	case f.Category > 0 && !m.InCategory(f.Category):
		return false
	case !within(st.Mean, f.ScoreMin, f.ScoreMax):
		return false
	case !within(st.Rank, f.RankFrom, f.RankTo):
		return false
	}
	return f.Search == "" || festival.TitleMatches(m.Title, f.Search)
}

// within reports whether v lies in [lo, hi]; with neither bound anything
// does, and with a bound a missing v does not.
func within[T int | float64](v, lo, hi *T) bool {
	if lo == nil && hi == nil {
		return true
	}
	return v != nil && (lo == nil || *v >= *lo) && (hi == nil || *v <= *hi)
}

// Request is a bulk decision an admin asks for: give the status To to the
// films IDs names (all films when it names none) that Filter keeps.
type Request struct {
	To     festival.SelectionStatus
	IDs    []int64
	Filter Filter
}

// Select is the films of films that the request names and its filter keeps,
// in the order of films, and the ids it names that are not films (sorted).
// A request that names no film chooses among the films in the festival: a
// film withdrawn, or a draft, is decided on only when named.
func Select(films []festival.VersionedMovie, standings map[int64]Standing, r Request) (kept []festival.VersionedMovie, unknown []int64) {
	named := map[int64]bool{}
	for _, id := range r.IDs {
		named[id] = false
	}
	for _, vm := range films {
		if _, ok := named[vm.Movie.ID]; ok {
			named[vm.Movie.ID] = true
		} else if len(r.IDs) > 0 || !vm.Movie.InFestival() {
			continue // not named; a film out of the festival only when named
		}
		if r.Filter.Keeps(vm.Movie, standings[vm.Movie.ID]) {
			kept = append(kept, vm)
		}
	}
	for id, found := range named {
		if !found {
			unknown = append(unknown, id)
		}
	}
	slices.Sort(unknown)
	return kept, unknown
}

// Plan is what a bulk decision changes among the films selected: each film
// not already at to, from its status to to, on the version read; unchanged
// counts those already at to.
func Plan(selected []festival.VersionedMovie, to festival.SelectionStatus) (films []festival.PlanFilm, unchanged int) {
	for _, vm := range selected {
		if vm.Movie.SelectionStatus == to {
			unchanged++
			continue
		}
		films = append(films, festival.PlanFilm{MovieID: vm.Movie.ID, Version: vm.Version, From: vm.Movie.SelectionStatus, To: to})
	}
	return films, unchanged
}

// Notice is the message a decision on a film owes its producer, if any: the
// status message of festival.MovieNotices (due when the season releases
// the decision), for the film before and after.
func Notice(before, after festival.Movie, now time.Time, season festival.Season) (festival.Message, bool) {
	for _, m := range festival.MovieNotices(before, after, now, season) {
		if m.Kind == festival.MessageMovieStatus {
			return m, true
		}
	}
	return festival.Message{}, false
}
