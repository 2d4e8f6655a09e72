package settingsapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// form is GET /settings/form (anyone): the festival's own form, or with
// ?category=<id> the questions asked of that category's films.
func (h *Handler) form(r *http.Request, _ festival.Actor) (int, any, error) {
	var category int64
	if v := r.URL.Query().Get("category"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return 0, nil, apperr.E(apperr.Invalid, texts.FormCategoryParm)
		}
		category = id
	}
	f, err := h.admin.Form(r.Context(), category)
	return http.StatusOK, f, err
}

// formInput is the body of PUT /settings/form: the whole form, and the
// updatedAt of the form the admin edited (optional: a form replaced since
// is a 409).
type formInput struct {
	form   festival.EntryForm
	expect festival.Time
}

// readForm reads the questions one by one, so that a value of the wrong type
// names its question's place.
func readForm(f web.Fields) (formInput, error) {
	var in formInput
	var raws []json.RawMessage
	if ok, err := f.Decode("questions", &raws); err != nil || !ok {
		return in, apperr.E(apperr.Invalid, texts.FormBodyMissing)
	}
	in.form.Questions = make([]festival.Question, len(raws))
	for i, raw := range raws {
		if err := json.Unmarshal(raw, &in.form.Questions[i]); err != nil {
			var de *festival.DecimalError
			if errors.As(err, &de) { // min or max: not a Decimal
				return in, apperr.E(apperr.Invalid, texts.FormQuestionAt, i, "min", texts.M(texts.FormMinMaxRange, float64(festival.MaxAnswerNumber)))
			}
			field := "objet attendu"
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				field = te.Field
			}
			return in, apperr.Ef(apperr.Invalid, texts.FormQuestionType, i, field)
		}
	}
	// Keys arrive in snake case (web.Canonical): updatedAt is updated_at.
	if _, err := f.Decode("updated_at", &in.expect); err != nil {
		return in, err
	}
	return in, nil
}

// replaceForm is PUT /settings/form (ADMIN): the whole form, saved, which
// it answers.
func (h *Handler) replaceForm(r *http.Request, c festival.Actor) (int, any, error) {
	in, err := web.Read(r, texts.FormBodyMissing, readForm)
	if err != nil {
		return 0, nil, err
	}
	f, err := h.admin.ReplaceForm(r.Context(), c, in.form, in.expect)
	return http.StatusOK, f, err
}
