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
)

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
// "conflicts": [film ids], "languages": [ISO 639-1 codes]}, categories and
// conflicts required (empty lists clear them), languages optional: absent,
// the stored ones stay (a client that knows only the first two keeps what
// the member declared elsewhere); sent, they replace them ([] clears them).
func (h *Handler) setJuryProfile(r *http.Request, uid int64, self bool) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	shape := apperr.Ef(apperr.Invalid, texts.JuryProfileShape, accounts.MaxJuryCategories, accounts.MaxJuryConflicts)
	var p accounts.JuryProfileChange
	known := 2
	if f.Has("languages") {
		known++
		langs, err := languages(f, "languages")
		if err != nil {
			return 0, nil, err
		}
		p.Languages = &langs
	}
	if len(f) != known || f.IsNull("categories") || f.IsNull("conflicts") ||
		json.Unmarshal(f["categories"], &p.Categories) != nil || json.Unmarshal(f["conflicts"], &p.Conflicts) != nil {
		return 0, nil, shape
	}
	for _, id := range append(slices.Clone(p.Categories), p.Conflicts...) {
		if id <= 0 {
			return 0, nil, shape
		}
	}
	out, err := h.accounts.SetJuryProfile(r.Context(), uid, self, p)
	return http.StatusOK, out, err
}

// languages reads a list of ISO 639-1 codes (festival.ParseLanguageList):
// a JSON array of strings; null is the empty list.
func languages(f web.Fields, name string) ([]festival.LanguageCode, error) {
	var in []string
	if f.IsNull(name) {
		return festival.ParseLanguageList(nil)
	}
	if err := json.Unmarshal(f[name], &in); err != nil {
		return nil, apperr.Ef(apperr.Invalid, texts.LanguageListShape, name)
	}
	return festival.ParseLanguageList(in)
}
