package movieapi

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// FuzzAssignmentRequest: any preview body is a request within bounds (1 to
// MaxJuries members per film, category ids and counts positive, scopes sorted
// and each id once) or a client error.
func FuzzAssignmentRequest(f *testing.F) {
	f.Add([]byte(`{"jurors_per_film":3}`))
	f.Add([]byte(`{"jurors_per_film":2,"per_category":{"4":5},"statuses":["selected","PENDING"],"categories":[3,3,1],"jurors":[9],"keep_existing":false}`))
	f.Add([]byte(`{"jurors_per_film":26,"per_category":{"-1":0}}`))
	f.Add([]byte(`{"jurors_per_film":1.5,"categories":[0]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var raw map[string]json.RawMessage
		if json.Unmarshal(body, &raw) != nil {
			return
		}
		req, err := assignmentRequest(web.Normalize(raw))
		if err != nil {
			if web.StatusOf(err) >= 500 {
				t.Fatalf("%s: %v answers %d", body, err, web.StatusOf(err))
			}
			return
		}
		if req.JurorsPerFilm < 1 || req.JurorsPerFilm > movies.MaxJuries {
			t.Fatalf("%s: %d members per film read", body, req.JurorsPerFilm)
		}
		for c, k := range req.PerCategory {
			if c <= 0 || k < 1 || k > movies.MaxJuries {
				t.Fatalf("%s: per_category %d: %d read", body, c, k)
			}
		}
		for _, ids := range [][]int64{req.Categories, req.Jurors} {
			if !slices.IsSorted(ids) || len(slices.Compact(slices.Clone(ids))) != len(ids) || slices.ContainsFunc(ids, func(id int64) bool { return id <= 0 }) {
				t.Fatalf("%s: scope %v read", body, ids)
			}
		}
	})
}
