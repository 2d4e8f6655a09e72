package decisionapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

func fields(t *testing.T, body string) web.Fields {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		t.Fatal(err)
	}
	return web.Normalize(raw)
}

func TestAPreviewBodyIsReadIntoATypedRequestOrRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		body string
		ok   bool
	}{
		{`{"to":"selected","ids":[3,1,3]}`, true},
		{`{"to":"REJECTED","filter":{"status":"VALIDATED,submitted","category":2,"score_min":5,"score_max":9.5,"rank_from":1,"rank_to":10,"search":" Cléo "}}`, true},
		{`{"ids":[1]}`, false},
		{`{"to":"gagnant","ids":[1]}`, false},
		{`{"to":"selected","ids":[0]}`, false},
		{`{"to":"selected","ids":"1,2"}`, false},
		{`{"to":"selected","extra":1}`, false},
		{`{"to":"selected","filter":{"colour":"red"}}`, false},
		{`{"to":"selected","filter":{"status":"gagnant"}}`, false},
		{`{"to":"selected","filter":{"score_min":11}}`, false},
		{`{"to":"selected","filter":{"score_min":6,"score_max":5}}`, false},
		{`{"to":"selected","filter":{"rank_from":0}}`, false},
		{`{"to":"selected","filter":{"rank_from":3,"rank_to":2}}`, false},
		{`{"to":"selected","filter":{"category":-1}}`, false},
		{`{"to":"selected","filter":{"search":"` + strings.Repeat("a", MaxSearch+1) + `"}}`, false},
		{`{"to":"selected","filter":[1]}`, false},
	} {
		if _, err := readRequest(fields(t, tc.body)); (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok %v", tc.body, err, tc.ok)
		}
	}
	req, err := readRequest(fields(t, `{"to":"REJECTED","ids":[3,1,3],"filter":{"status":"VALIDATED,selected","search":" Cléo "}}`))
	if err != nil {
		t.Fatal(err)
	}
	if req.To != festival.StatusRefused || !slices.Equal(req.IDs, []int64{1, 3}) || req.Filter.Search != "Cléo" ||
		!slices.Equal(req.Filter.Statuses, []festival.SelectionStatus{festival.StatusAssigned, festival.StatusToDiscuss, festival.StatusSelected}) {
		t.Errorf("request = %+v", req)
	}
}

func TestTooManyIDsAreRefused(t *testing.T) {
	t.Parallel()
	ids := make([]string, 5001)
	for i := range ids {
		ids[i] = "1"
	}
	if _, err := readRequest(fields(t, `{"to":"selected","ids":[`+strings.Join(ids, ",")+`]}`)); err == nil {
		t.Fatal("5,001 ids accepted")
	}
}

func TestAnApplyBodyNamesOnePlanOfTheRightShape(t *testing.T) {
	t.Parallel()
	for body, ok := range map[string]bool{
		`{"id_plan":"20261126T114718123Z-0a1b2c3d4e5f"}`: true,
		`{"id_plan":""}`:       false,
		`{"id_plan":"PLAN#1"}`: false,
		`{"id_plan":"` + strings.Repeat("a", 65) + `"}`: false,
		`{"id_plan":12}`:  false,
		`{"plan_id":"x"}`: false,
		`{"id_plan":"20261126T114718123Z-0a1b2c3d4e5f","other":true}`: false,
	} {
		if _, err := readPlanID(fields(t, body)); (err == nil) != ok {
			t.Errorf("%s: err = %v, want ok %v", body, err, ok)
		}
	}
}
