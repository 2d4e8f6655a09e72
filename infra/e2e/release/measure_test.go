package release

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// TestReleasingAndFeedbackTakeFewRequests measures, on 300 held decisions,
// the DynamoDB requests of listing the held messages, releasing a
// category, and a producer's feedback: the release moves the messages in
// conditional transactions of up to 96 (a few requests for 300), the listing is one
// query per page plus one read of its recipients, and the feedback reads
// the film's collection once and the category's ranking from the listed
// votes and films.
func TestReleasingAndFeedbackTakeFewRequests(t *testing.T) {
	t.Parallel()
	const n = 300
	api, db := apitest.StartCounting(t)
	admin, prod, jury := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	cat := category(api, admin, "Courts métrages")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": time.Now().Add(72 * time.Hour).Format(time.RFC3339),
		"feedback": map[string]any{"decision": true, "marks": true, "comments": true, "viewing": true}}).Expect(http.StatusOK)
	st := api.Server.Deps.Store
	ctx := context.Background()
	duration := int64(100)
	var first int64
	for i := range n {
		id := api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i), Duration: &duration})
		if i == 0 {
			first = id
		}
		_, err := st.ChangeMovie(ctx, id, nil, func(m *festival.Movie) (map[string]string, error) {
			m.Categories = []festival.MovieCategory{{ID: cat, Name: "Courts métrages"}}
			m.Juries = []festival.Jury{{ID: jury.ID, FirstName: "J", LastName: "J"}}
			m.SelectionStatus = festival.StatusSelected
			return nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if i < 20 {
			api.Do("POST", fmt.Sprintf("/votes/mine/%d", id), jury.Token, map[string]any{"score": i % 10, "comment": "Bien.", "comment_shared": true}).Expect(http.StatusCreated)
		}
	}

	measure := func(what string, ceiling int, do func()) {
		db.Take()
		start := time.Now()
		do()
		took := time.Since(start)
		byOp, count := db.Take()
		t.Logf("| %s | %d | %v | %s |", what, count, byOp, took.Round(time.Millisecond))
		if count > ceiling {
			t.Errorf("%s: %d DynamoDB requests %v, want at most %d", what, count, byOp, ceiling)
		}
	}
	measure("GET /notifications?state=held&limit=100", 4, func() {
		if l := api.Do("GET", "/notifications?state=held&limit=100", admin.Token, nil).Expect(http.StatusOK).List(); len(l) != 100 {
			t.Errorf("held page: %d messages", len(l))
		}
	})
	measure("GET /movies/:id/feedback (admin, 300 films, 20 votes)", 8, func() {
		api.Do("GET", fmt.Sprintf("/movies/%d/feedback", first), admin.Token, nil).Expect(http.StatusOK)
	})
	measure(fmt.Sprintf("POST /notifications/release (a category, %d held)", n), n/90+8, func() {
		if r := api.Do("POST", "/notifications/release", admin.Token, map[string]any{"id_categorie": cat}).Expect(http.StatusOK).JSON(); r["released"] != float64(n) {
			t.Errorf("released: %v", r)
		}
	})
}
