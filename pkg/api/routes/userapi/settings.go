package userapi

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// SettingsBody is the answer of PUT /settings.
type SettingsBody struct {
	Message  string            `json:"message"`
	Settings festival.Settings `json:"settings"`
}

func (h *Handler) getSettings(w http.ResponseWriter, r *http.Request) {
	st, err := h.admin.Settings(r.Context())
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, st)
}

func (h *Handler) updateSettings(w http.ResponseWriter, r *http.Request) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		err = apperr.E(apperr.Invalid, festadmin.MsgNoSetting)
	}
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	st, err := h.admin.UpdateSettings(r.Context(), c, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, SettingsBody{Message: festadmin.MsgSettingsUpdated, Settings: st})
}
