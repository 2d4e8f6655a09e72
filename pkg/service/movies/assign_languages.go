package movies

import (
	"github.com/festivalapi/festival/pkg/domain/assignment"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// UnassignableFilm is a film of a preview that no member may take: members
// could judge it but for the language rule (assignment.Unassignable), none
// understands its languages. Reason is "language" (the console words it in
// the reader's language).
type UnassignableFilm struct {
	ID        int64                   `json:"id_movie"`
	Title     string                  `json:"title"`
	Reason    string                  `json:"reason"`
	Languages []festival.LanguageCode `json:"languages"`
}

// unassignableFilms names the proposal's unassignable films with their
// titles (always a list, empty when every film has a member who
// understands it).
func unassignableFilms(films []festival.VersionedMovie, p assignment.Proposal) []UnassignableFilm {
	out := []UnassignableFilm{}
	titles := make(map[int64]string, len(films))
	for _, vm := range films {
		titles[vm.Movie.ID] = vm.Movie.Title
	}
	for _, u := range p.Unassignable {
		out = append(out, UnassignableFilm{ID: u.FilmID, Title: titles[u.FilmID], Reason: u.Reason, Languages: u.Languages})
	}
	return out
}
