// Package viewing drives a juror's viewing record over HTTP: concurrent
// reports, the cap on its stretches and the numbers a report may hold.
package viewing

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// screening is a local API with a film assigned to a juror.
func screening(t *testing.T) (*apitest.API, apitest.Account, string) {
	t.Helper()
	api := apitest.Start(t)
	admin, producer, juror := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	id := api.StoreMovie(t, producer, festival.Movie{Title: "Cléo de 5 à 7"})
	admins := festival.Actor{ID: admin.ID, Role: festival.RoleAdmin}
	if _, err := api.Server.Deps.Store.AssignJuries(context.Background(), admins, id, []int64{juror.ID}); err != nil {
		t.Fatal(err)
	}
	return api, juror, fmt.Sprintf("/movies/%d/viewing", id)
}

// Sixteen reports of one juror at once, each a stretch of its own: none
// answers 5xx, each is taken, and the record holds their union.
func TestSixteenParallelReportsOfOneJurorAreAllKept(t *testing.T) {
	t.Parallel()
	api, juror, viewing := screening(t)
	const n = 16
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			statuses[i] = api.Do("POST", viewing, juror.Token, map[string]any{"from": i * 10, "to": i*10 + 5}).Status
		})
	}
	wg.Wait()
	for i, st := range statuses {
		if st != http.StatusOK {
			t.Errorf("report %d answered %d", i, st)
		}
	}
	spans := api.Do("GET", viewing, juror.Token, nil).Expect(http.StatusOK).JSON()["spans"].([]any)
	if len(spans) != n {
		t.Fatalf("%d stretches kept, want %d: %v", len(spans), n, spans)
	}
	for i, s := range spans {
		if sp := s.(map[string]any); sp["from"] != float64(i*10) || sp["to"] != float64(i*10+5) {
			t.Fatalf("stretch %d is %v, want [%d, %d]", i, sp, i*10, i*10+5)
		}
	}
}

// A report's numbers: finite, 0 ≤ from < to ≤ 86400, coarsened to whole
// seconds; anything else is a 400 and changes nothing.
func TestAReportIsCheckedThenCoarsenedToWholeSeconds(t *testing.T) {
	t.Parallel()
	api, juror, viewing := screening(t)
	for _, body := range []string{
		`{"from":0,"to":1e308}`, `{"from":1e-131,"to":1e-131}`, `{"from":-0.5,"to":3}`,
		`{"from":5,"to":5}`, `{"from":0,"to":86400.5}`, `{"from":"0","to":3}`, `{"from":0}`, `{"from":0,"to":null}`,
	} {
		if r := api.Do("POST", viewing, juror.Token, body); r.Status != http.StatusBadRequest {
			t.Errorf("%s answered %d: %s", body, r.Status, r.Body)
		}
	}
	if spans := api.Do("GET", viewing, juror.Token, nil).Expect(http.StatusOK).JSON()["spans"].([]any); len(spans) != 0 {
		t.Fatalf("refused reports left %v", spans)
	}
	// Numbers DynamoDB cannot store (1e-131, 5e-324) become whole seconds.
	for _, body := range []string{`{"from":-0,"to":1e-3}`, `{"from":0,"to":1e-131}`, `{"from":0,"to":5e-324}`} {
		v := api.Do("POST", viewing, juror.Token, body).Expect(http.StatusOK).JSON()
		if fmt.Sprint(v["spans"]) != "[map[from:0 to:1]]" || v["watched_seconds"] != 1.0 {
			t.Fatalf("%s: %v", body, v)
		}
	}
	v := api.Do("POST", viewing, juror.Token, `{"from":1.9,"to":86399.2}`).Expect(http.StatusOK).JSON()
	if fmt.Sprint(v["spans"]) != "[map[from:0 to:86400]]" {
		t.Fatalf("the whole day, coarsened and merged: %v", v)
	}
}

// A record holds at most festival.MaxSpans separate stretches: one more
// is a 409 that changes nothing, while a report that extends or overlaps
// a stretch is still taken.
func TestTheRecordRefusesOneSeparateStretchPastItsCap(t *testing.T) {
	t.Parallel()
	api, juror, viewing := screening(t)
	var id int64
	if _, err := fmt.Sscanf(viewing, "/movies/%d/viewing", &id); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i := range festival.MaxSpans { // seeded through the store: 500 requests would only be slower
		s, err := festival.ParseSpan(float64(i*10), float64(i*10+5))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := api.Server.Deps.Store.Votes.RecordViewing(ctx, id, juror.ID, s); err != nil {
			t.Fatalf("stretch %d: %v", i, err)
		}
	}
	past := map[string]any{"from": festival.MaxSpans * 10, "to": festival.MaxSpans*10 + 5}
	api.Do("POST", viewing, juror.Token, past).ExpectError(http.StatusConflict,
		"Le relevé de visionnage de ce film compte déjà 500 passages distincts : envoyez un passage qui prolonge ou recouvre un passage déjà vu")
	v := api.Do("POST", viewing, juror.Token, map[string]any{"from": 5, "to": 10}).Expect(http.StatusOK).JSON() // joins the first two
	if n := len(v["spans"].([]any)); n != festival.MaxSpans-1 {
		t.Fatalf("%d stretches after joining two, want %d", n, festival.MaxSpans-1)
	}
	if n := len(api.Do("POST", viewing, juror.Token, past).Expect(http.StatusOK).JSON()["spans"].([]any)); n != festival.MaxSpans {
		t.Fatalf("%d stretches once there was room, want %d", n, festival.MaxSpans)
	}
}
