// Package seasonapi serves /season: the festival's calendar, public. pkg/app
// decides which function serves it.
package seasonapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// Handler serves /season.
type Handler struct {
	admin *festadmin.Service
}

// New returns the /season route.
func New(adm *festadmin.Service) http.Handler {
	h := &Handler{admin: adm}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /season", web.Handle(h.get)) // public: the calendar a submitter or a juror needs
	return mux
}

// get answers the festival's calendar: the submission and voting windows
// and the publication of the results.
func (h *Handler) get(r *http.Request) (int, any, error) {
	st, err := h.admin.Settings(r.Context())
	return http.StatusOK, st.Season, err
}
