package settingsapi

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

func (h *Handler) get(r *http.Request, _ festival.Actor) (int, any, error) {
	st, err := h.admin.Settings(r.Context())
	return http.StatusOK, st, err
}

func (h *Handler) update(r *http.Request, c festival.Actor) (int, any, error) {
	ch, err := web.Read(r, texts.NoSetting, readSettingsPatch)
	if err != nil {
		return 0, nil, err
	}
	st, err := h.admin.UpdateSettings(r.Context(), c, ch)
	return http.StatusOK, SettingsBody{Message: web.Say(r, texts.SettingsUpdated), Settings: st}, err
}
