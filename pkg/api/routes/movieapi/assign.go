package movieapi

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// previewAssignment proposes an automatic assignment: {jurors_per_film,
// per_category?, statuses?, keep_existing?}.
func (h *Handler) previewAssignment(r *http.Request, c festival.Actor) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	req, err := assignmentRequest(f)
	if err != nil {
		return 0, nil, err
	}
	p, err := h.movies.PreviewAssignment(r.Context(), c, req)
	return http.StatusOK, p, err
}

func assignmentRequest(f web.Fields) (movies.AssignmentRequest, error) {
	bad := apperr.Ef(apperr.Invalid, texts.AssignmentShape, movies.MaxJuries)
	req := movies.AssignmentRequest{KeepExisting: true}
	inRange := func(k int) bool { return k >= 1 && k <= movies.MaxJuries }
	for name, raw := range f {
		var err error
		switch name {
		case "jurors_per_film":
			err = json.Unmarshal(raw, &req.JurorsPerFilm)
		case "per_category":
			var per map[string]int
			if err = json.Unmarshal(raw, &per); err == nil {
				req.PerCategory = map[int64]int{}
				for key, k := range per {
					id, perr := strconv.ParseInt(key, 10, 64)
					if perr != nil || id <= 0 || !inRange(k) {
						return req, bad
					}
					req.PerCategory[id] = k
				}
			}
		case "statuses":
			var names []string
			if err = json.Unmarshal(raw, &names); err == nil {
				for _, n := range names {
					st, ok := festival.ParseStatus(n)
					if !ok {
						return req, bad
					}
					req.Statuses = append(req.Statuses, st)
				}
			}
		case "categories", "jurors":
			var ids []int64
			if err = json.Unmarshal(raw, &ids); err == nil {
				if slices.ContainsFunc(ids, func(id int64) bool { return id <= 0 }) {
					return req, bad
				}
				slices.Sort(ids)
				ids = slices.Compact(ids)
				if name == "categories" {
					req.Categories = ids
				} else {
					req.Jurors = ids
				}
			}
		case "keep_existing":
			err = json.Unmarshal(raw, &req.KeepExisting)
		default:
			return req, bad
		}
		if err != nil || f.IsNull(name) {
			return req, bad
		}
	}
	if !inRange(req.JurorsPerFilm) {
		return req, bad
	}
	return req, nil
}

// Applied is the answer of POST /movies/assignment/apply.
type Applied struct {
	Message string `json:"message"`
	Films   int    `json:"films_changed"`
}

// applyAssignment applies a previewed plan: {plan_id}.
func (h *Handler) applyAssignment(r *http.Request, c festival.Actor) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	id, ok, err := f.String("plan_id")
	if err != nil || !ok || id == "" || len(f) != 1 {
		return 0, nil, apperr.E(apperr.Invalid, texts.PlanIDRequired)
	}
	planID, err := festival.ParsePlanID("plan_id", id)
	if err != nil {
		return 0, nil, err
	}
	n, err := h.movies.ApplyAssignment(r.Context(), c, planID)
	return http.StatusOK, Applied{Message: web.Say(r, texts.AssignmentApplied), Films: n}, err
}
