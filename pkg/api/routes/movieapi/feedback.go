package movieapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/feedback"
)

// NewFeedback returns GET /movies/{id}/feedback: what the film's producer
// (or an admin) may read of its judging. Any signed-in caller may ask;
// the service answers 404 to anyone but the producer and admins, as for a
// film they cannot know of. pkg/app mounts it beside the /movies routes.
func NewFeedback(fb *feedback.Service, g *auth.Guard) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /movies/{id}/feedback", g.Require(func(r *http.Request, c festival.Actor) (int, any, error) {
		id, err := web.MovieID(r)
		if err != nil {
			return 0, nil, err
		}
		f, err := fb.Of(r.Context(), c, id)
		return http.StatusOK, f, err
	}))
	return mux
}
