package movieapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// resubmit serves POST /movies/{id}/resubmit: {categories?, late_code?}
// (no body: the categories named as the earlier film's); it answers the new
// film.
func (h *Handler) resubmit(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := web.Read(r, "", resubmission)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.Resubmit(r.Context(), c, id, in)
	return http.StatusCreated, m, err
}

// resubmission decodes the body of POST /movies/{id}/resubmit.
func resubmission(f web.Fields) (movies.Resubmission, error) {
	var in movies.Resubmission
	for k := range f {
		if k != "categories" && k != "late_code" {
			return in, apperr.Ef(apperr.Invalid, texts.ResubmitUnknownField, k)
		}
	}
	if f.Has("categories") {
		if err := json.Unmarshal(f["categories"], &in.Categories); err != nil || len(in.Categories) > 20 {
			return in, apperr.E(apperr.Invalid, texts.ResubmitCategories)
		}
		for _, id := range in.Categories {
			if id < 1 {
				return in, apperr.E(apperr.Invalid, texts.ResubmitCategories)
			}
		}
		in.HasCategories = true
	}
	if f.Has("late_code") {
		var code string
		if err := json.Unmarshal(f["late_code"], &code); err != nil {
			return in, apperr.Ef(apperr.Invalid, texts.ResubmitLateCode, festival.MaxLateCodeLen)
		}
		if code != "" { // "" names no code
			id, err := festival.ParseLateCode("late_code", code)
			if err != nil {
				return in, err
			}
			in.LateCode = id.String()
		}
	}
	return in, nil
}
