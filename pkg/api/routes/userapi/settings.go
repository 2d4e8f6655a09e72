package userapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
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

// Reminders is whether a person receives the jury's reminders.
type Reminders struct {
	Reminders bool `json:"reminders"`
}

func (h *Handler) getReminders(r *http.Request, c festival.Actor) (int, any, error) {
	on, err := h.accounts.Reminders(r.Context(), c)
	return http.StatusOK, Reminders{Reminders: on}, err
}

// setReminders turns the caller's reminders on or off ({"reminders": bool}).
func (h *Handler) setReminders(r *http.Request, c festival.Actor) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	var on bool
	if err := json.Unmarshal(f["reminders"], &on); err != nil || !f.Has("reminders") || f.IsNull("reminders") || len(f) != 1 {
		return 0, nil, apperr.E(apperr.Invalid, texts.RemindersField)
	}
	if err := h.accounts.SetReminders(r.Context(), c, on); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, Reminders{Reminders: on}, nil
}
