package movieapi

import (
	"context"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// withdraw serves POST /movies/{id}/withdraw: {reason}, 1 to 1000 characters.
func (h *Handler) withdraw(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error) {
	s, _, err := f.String("reason")
	if err != nil {
		return festival.Movie{}, err
	}
	reason, err := festival.ParseWithdrawalReason(s)
	if err != nil {
		return festival.Movie{}, err
	}
	return h.movies.Withdraw(ctx, c, id, reason)
}

// reinstate serves POST /movies/{id}/reinstate; it takes no body, and one
// that is sent is ignored.
func (h *Handler) reinstate(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.Reinstate(r.Context(), c, id)
	return http.StatusOK, Saved{Message: web.Say(r, texts.MovieReinstated), Movie: m}, err
}
