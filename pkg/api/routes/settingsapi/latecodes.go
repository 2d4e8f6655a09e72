package settingsapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

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
			return 0, nil, apperr.Ef(apperr.Invalid, texts.UnknownLateCodeField, k)
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
	return http.StatusCreated, LateCodeBody{Message: web.Say(r, texts.LateCodeCreated), Code: c}, err
}

func (h *Handler) deleteLateCode(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.Done(r, texts.LateCodeDeleted, h.admin.DeleteLateCode(r.Context(), r.PathValue("code")))
}
