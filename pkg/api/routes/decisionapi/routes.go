// Package decisionapi serves bulk decisions, under /movies/decisions (the
// movies function mounts it): a preview (dry run), then an apply.
package decisionapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/decisions"
)

// Handler serves /movies/decisions.
type Handler struct {
	decisions *decisions.Service
}

// New returns the route group: ADMIN only.
func New(svc *decisions.Service, guard *auth.Guard) http.Handler {
	h := &Handler{decisions: svc}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("POST /movies/decisions/preview", guard.Require(h.preview, admin))
	mux.Handle("POST /movies/decisions/apply", guard.Require(h.apply, admin))
	return mux
}

// preview serves POST /movies/decisions/preview: {to, ids?, filter?}.
func (h *Handler) preview(r *http.Request, c festival.Actor) (int, any, error) {
	req, err := web.Read(r, texts.DecisionToRequired, readRequest)
	if err != nil {
		return 0, nil, err
	}
	p, err := h.decisions.Preview(r.Context(), c, req)
	return http.StatusOK, p, err
}

// Applied is the answer of POST /movies/decisions/apply.
type Applied struct {
	Message string `json:"message"`
	Changed int    `json:"changed"`
}

// apply serves POST /movies/decisions/apply: {id_plan}.
func (h *Handler) apply(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.Read(r, texts.DecisionPlanRequired, readPlanID)
	if err != nil {
		return 0, nil, err
	}
	n, err := h.decisions.Apply(r.Context(), c, id)
	return http.StatusOK, Applied{Message: web.Say(r, texts.DecisionsApplied), Changed: n}, err
}
