// Package release tests, over HTTP on the local stack, the release of the
// festival's decisions (held messages, rewritten, discarded, released by
// category or all) and the feedback a producer reads once released.
package release

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// clock is the local stack's time, set by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// start starts the stack on a fixed clock; the outbox runs only
// when the test says (DeliverNow).
func start(t *testing.T) (*apitest.API, *clock) {
	c := &clock{t: time.Now().UTC().Truncate(time.Millisecond)}
	api := apitest.Start(t, func(o *localserver.Options) { o.Now = c.now; o.JobsEvery = time.Hour })
	return api, c
}

// deliver runs the outbox once.
func deliver(t *testing.T, api *apitest.API) {
	t.Helper()
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// category creates a category and returns its id.
func category(api *apitest.API, admin apitest.Account, name string) int64 {
	r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated).JSON()
	return int64(r["newCategory"].(map[string]any)["id_categorie"].(float64))
}

// film stores a film of prod (100 seconds long) in the category cat.
func film(t *testing.T, api *apitest.API, admin, prod apitest.Account, title string, cat int64) int64 {
	duration := int64(100)
	id := api.StoreMovie(t, prod, festival.Movie{Title: title, Duration: &duration})
	api.Do("PUT", fmt.Sprintf("/movies/%d/categories", id), admin.Token, map[string]any{"categories": []int64{cat}}).Expect(http.StatusOK)
	return id
}
