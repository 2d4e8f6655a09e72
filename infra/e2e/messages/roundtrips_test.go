package messages

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// TestComposingToAGroupCostsNoRequestPerPerson: a preview reads the films
// (kept in memory), and the accounts of its samples in one request; the
// writing sends one transaction per 99 messages or so; the templates are
// read once per outbox run. The counts are held as ceilings and logged.
func TestComposingToAGroupCostsNoRequestPerPerson(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	admin := api.Register("ADMIN")
	const people = 250
	for i := range people { // producers that need no account: the composer draws them from the films
		api.StoreMovie(t, apitest.Account{ID: int64(100000 + i)}, festival.Movie{Title: fmt.Sprintf("Film %d", i), SelectionStatus: festival.StatusSelected})
	}
	body := func(preview bool) map[string]any {
		return map[string]any{"to": map[string]any{"role": "PRODUCER", "statuses": []string{"selected"}}, "preview": preview,
			"subject": "{{.Festival}}", "body": "Bonjour {{.FirstName}},\n{{.Titles}}"}
	}
	api.Do("GET", "/movies", "", nil).Expect(http.StatusOK) // the film list in memory, as in a festival's day
	api.Do("PUT", "/settings/templates/movie.received", admin.Token, map[string]any{"subject": "Reçu {{.Title}}", "body": "Merci."}).Expect(http.StatusOK)
	for _, c := range []struct {
		name     string
		method   string
		url      string
		body     any
		ceiling  int
		recorded int // messages the call writes
	}{
		{"list the templates", "GET", "/settings/templates", nil, 2, 0},
		{"save a template", "PUT", "/settings/templates/jury.reminder", map[string]any{"subject": "Rappel", "body": "{{.Count}}"}, 2, 0},
		{"preview to 250 producers", "POST", "/notifications/compose", body(true), 3, 0},
		{"write to 250 producers", "POST", "/notifications/compose", body(false), 2 + (people+1+97)/98, people},
	} {
		db.Take()
		start := time.Now()
		api.Do(c.method, c.url, admin.Token, c.body).Expect(http.StatusOK)
		took := time.Since(start)
		byOp, n := db.Take()
		t.Logf("| %s | `%s %s` | %d | %v | %s |", c.name, c.method, c.url, n, byOp, took.Round(time.Millisecond))
		if n > c.ceiling {
			t.Errorf("%s: %d DynamoDB requests %v, want at most %d", c.name, n, byOp, c.ceiling)
		}
	}
	// One outbox run: the due messages, the recipients and the templates, once.
	db.Take()
	if _, err := api.Server.Outbox.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	byOp, _ := db.Take()
	t.Logf("one outbox run of 50 messages: %v", byOp)
	if byOp["Query"] > 2 {
		t.Errorf("an outbox run queried %d times (the due messages and the templates, once each): %v", byOp["Query"], byOp)
	}
}
