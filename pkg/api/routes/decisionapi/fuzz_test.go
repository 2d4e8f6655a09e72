package decisionapi

import (
	"encoding/json"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/decisions"
)

// FuzzDecisionRequest: any preview body is a request within bounds (a
// stored status to give, film ids positive, sorted, each once and at most
// decisions.MaxChanges, stored statuses to filter on, scores within 0..10
// and ranks from 1, each pair in order, a bounded search) or a client error.
func FuzzDecisionRequest(f *testing.F) {
	f.Add([]byte(`{"to":"selected","ids":[3,1,3]}`))
	f.Add([]byte(`{"to":"REJECTED","filter":{"status":"VALIDATED,submitted","category":2,"score_min":5,"score_max":9.5,"rank_from":1,"rank_to":10,"search":"Cléo"}}`))
	f.Add([]byte(`{"to":"finalist","filter":{"score_min":-1,"rank_to":0}}`))
	f.Add([]byte(`{"to":"x","ids":[0],"filter":{"colour":1}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var raw map[string]json.RawMessage
		if json.Unmarshal(body, &raw) != nil {
			return
		}
		req, err := readRequest(web.Normalize(raw))
		if err != nil {
			if web.StatusOf(err) >= 500 {
				t.Fatalf("%s: %v answers %d", body, err, web.StatusOf(err))
			}
			return
		}
		if !slices.Contains(festival.SelectionStatuses, req.To) {
			t.Fatalf("%s: status %q read", body, req.To)
		}
		ids := req.IDs
		if len(ids) > decisions.MaxChanges || !slices.IsSorted(ids) || len(slices.Compact(slices.Clone(ids))) != len(ids) ||
			slices.ContainsFunc(ids, func(id int64) bool { return id <= 0 }) {
			t.Fatalf("%s: ids %v read", body, ids)
		}
		fl := req.Filter
		for _, st := range fl.Statuses {
			if !slices.Contains(festival.SelectionStatuses, st) {
				t.Fatalf("%s: filter status %q read", body, st)
			}
		}
		score := func(v *float64) bool { return v == nil || (*v >= 0 && *v <= 10) }
		rank := func(v *int) bool { return v == nil || *v >= 1 }
		if fl.Category < 0 || !score(fl.ScoreMin) || !score(fl.ScoreMax) || !rank(fl.RankFrom) || !rank(fl.RankTo) ||
			(fl.ScoreMin != nil && fl.ScoreMax != nil && *fl.ScoreMin > *fl.ScoreMax) ||
			(fl.RankFrom != nil && fl.RankTo != nil && *fl.RankFrom > *fl.RankTo) || utf8.RuneCountInString(fl.Search) > MaxSearch {
			t.Fatalf("%s: filter %+v read", body, fl)
		}
	})
}
