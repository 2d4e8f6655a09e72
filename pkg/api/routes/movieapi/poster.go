package movieapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// poster answers 302 to a short-lived link to the film's card picture, so
// that an <img src="/movies/{id}/poster"> shows it without the client
// asking for the link first.
func (h *Handler) poster(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	url, err := h.movies.PosterURL(r.Context(), c, id)
	return http.StatusFound, redirect(url), err
}
