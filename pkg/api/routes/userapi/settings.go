package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// SettingsBody is the answer of PUT /settings.
type SettingsBody struct {
	Message  string            `json:"message"`
	Settings festival.Settings `json:"settings"`
}

func (h *Handler) getSettings(r *http.Request, _ festival.Actor) (int, any, error) {
	st, err := h.admin.Settings(r.Context())
	return http.StatusOK, st, err
}

// getSeason answers the festival's calendar (GET /season, public): the
// submission and voting windows and the publication of the results.
func (h *Handler) getSeason(r *http.Request) (int, any, error) {
	st, err := h.admin.Settings(r.Context())
	return http.StatusOK, st.Season, err
}

func (h *Handler) updateSettings(r *http.Request, c festival.Actor) (int, any, error) {
	ch, err := web.Read(r, texts.NoSetting, readSettingsChange)
	if err != nil {
		return 0, nil, err
	}
	st, err := h.admin.UpdateSettings(r.Context(), c, ch)
	return http.StatusOK, SettingsBody{Message: texts.SettingsUpdated, Settings: st}, err
}
