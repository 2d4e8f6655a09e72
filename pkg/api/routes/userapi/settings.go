package userapi

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
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

func (h *Handler) getMyJuryProfile(r *http.Request, c festival.Actor) (int, any, error) {
	p, err := h.accounts.JuryProfile(r.Context(), c, c.ID)
	return http.StatusOK, p, err
}

func (h *Handler) setMyJuryProfile(r *http.Request, c festival.Actor) (int, any, error) {
	return h.setJuryProfile(r, c.ID, true)
}

// getJuryProfile and putJuryProfile are an admin's view of a member's declarations.
func (h *Handler) getJuryProfile(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := userID(r)
	if err != nil {
		return 0, nil, err
	}
	p, err := h.accounts.JuryProfile(r.Context(), c, id)
	return http.StatusOK, p, err
}

func (h *Handler) putJuryProfile(r *http.Request, _ festival.Actor) (int, any, error) {
	id, err := userID(r)
	if err != nil {
		return 0, nil, err
	}
	return h.setJuryProfile(r, id, false)
}

// setJuryProfile replaces a member's declarations: {"categories": [ids],
// "conflicts": [film ids]}, both required (empty lists clear them).
func (h *Handler) setJuryProfile(r *http.Request, uid int64, self bool) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	shape := apperr.Ef(apperr.Invalid, texts.JuryProfileShape, accounts.MaxJuryCategories, accounts.MaxJuryConflicts)
	var p accounts.JuryProfile
	if len(f) != 2 || f.IsNull("categories") || f.IsNull("conflicts") ||
		json.Unmarshal(f["categories"], &p.Categories) != nil || json.Unmarshal(f["conflicts"], &p.Conflicts) != nil {
		return 0, nil, shape
	}
	for _, id := range append(slices.Clone(p.Categories), p.Conflicts...) {
		if id <= 0 {
			return 0, nil, shape
		}
	}
	p, err = h.accounts.SetJuryProfile(r.Context(), uid, self, p)
	return http.StatusOK, p, err
}

// LateCodeBody is the answer of POST /settings/late-codes.
type LateCodeBody struct {
	Message string            `json:"message"`
	Code    festival.LateCode `json:"late_code"`
}

func (h *Handler) lateCodes(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.LateCode, string, error) { return h.admin.LateCodes(r.Context(), p) })
}

// createLateCode issues a code: {expires_at, uses?, code?}.
func (h *Handler) createLateCode(r *http.Request, _ festival.Actor) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	var in festadmin.LateCodeInput
	for k := range f {
		if k != "code" && k != "uses" && k != "expires_at" {
			return 0, nil, apperr.Ef(apperr.Invalid, "Paramètre inconnu : %s (envoyez expires_at, et au choix uses et code)", k)
		}
	}
	if f.Has("uses") {
		if err := json.Unmarshal(f["uses"], &in.Uses); err != nil || in.Uses == 0 {
			return 0, nil, apperr.Ef(apperr.Invalid, texts.LateCodeUses, festival.MaxLateCodeUses)
		}
	}
	if f.Has("expires_at") {
		if err := json.Unmarshal(f["expires_at"], &in.ExpiresAt); err != nil {
			return 0, nil, apperr.E(apperr.Invalid, texts.LateCodeDeadline)
		}
	}
	if f.Has("code") {
		if err := json.Unmarshal(f["code"], &in.Code); err != nil {
			return 0, nil, apperr.E(apperr.Invalid, texts.LateCodeShape)
		}
	}
	c, err := h.admin.CreateLateCode(r.Context(), in)
	return http.StatusCreated, LateCodeBody{Message: texts.LateCodeCreated, Code: c}, err
}

func (h *Handler) deleteLateCode(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.Done(texts.LateCodeDeleted, h.admin.DeleteLateCode(r.Context(), r.PathValue("code")))
}
