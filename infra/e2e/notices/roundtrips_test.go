package notices

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// TestNoticesCostAFewRequests: the unread count is one read beside the
// token's; a page one Query; marking read one BatchGetItem and one
// transaction, all of them a Query, a transaction and the count; and a delivery's notice joins the write that records it,
// so an outbox run costs what it did per message, plus one read of the
// counters of the people it told. The counts are held as ceilings and
// logged (the table in docs/data-model.md).
func TestNoticesCostAFewRequests(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	const films = 20
	for i := range films {
		id := api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i)})
		api.Do("PUT", fmt.Sprintf("/movies/%d/status", id), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)
	}
	db.Take()
	deliver(t, api)
	byOp, n := db.Take()
	t.Logf("| one outbox run of %d messages, each a notice | %d | %v |", 2*films, n, byOp)
	// The due messages, the recipients, the templates, the settings (decisions
	// are due), the counters; then per message its claim, its notice with
	// its delivery, its filing.
	if want := 5 + 3*2*films; n > want {
		t.Errorf("an outbox run of %d messages: %d requests %v, want at most %d", 2*films, n, byOp, want)
	}
	ns := notices(api, prod.Token, "?limit=5")
	for _, c := range []struct {
		name, method, url string
		body              any
		ceiling           int
	}{
		{"unread count", "GET", "/users/me/notices/unread", nil, 2},
		{"a page of notices", "GET", "/users/me/notices?limit=20", nil, 2},
		{"a page of unread notices", "GET", "/users/me/notices?unread=true&limit=20", nil, 2},
		{"mark two read", "POST", "/users/me/notices/read", map[string]any{"ids": []string{ns[0]["id"].(string), ns[1]["id"].(string)}}, 3},
		{"mark all read", "POST", "/users/me/notices/read", map[string]any{"all": true}, 4},
	} {
		db.Take()
		api.Do(c.method, c.url, prod.Token, c.body).Expect(http.StatusOK)
		byOp, n := db.Take()
		t.Logf("| %s | `%s %s` | %d | %v |", c.name, c.method, c.url, n, byOp)
		if n > c.ceiling {
			t.Errorf("%s: %d DynamoDB requests %v, want at most %d", c.name, n, byOp, c.ceiling)
		}
	}
}
