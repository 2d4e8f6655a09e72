// Package copies_test proves that denormalised copies converge: a user's
// name in every film they produce, however many, and after a failure
// part-way, without anyone stepping in.
package copies_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// bound is how long copies may take to reach every film.
const bound = 30 * time.Second

// storeMovies stores n films of owner straight through the store, 16 at a time.
func storeMovies(t *testing.T, api *apitest.API, owner apitest.Account, n int) {
	t.Helper()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			api.StoreMovie(t, owner, festival.Movie{Title: "Film"})
		})
	}
	wg.Wait()
}

// converged waits until every film of the producer shows name, and returns
// how long it took; it fails t past the bound.
func converged(t *testing.T, api *apitest.API, token, name string, films int) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		list := api.Do("GET", "/movies/mine", token, nil).Expect(http.StatusOK).List()
		renamed := 0
		for _, m := range list {
			if p, _ := m["Producer"].(map[string]any); p["first_name"] == name {
				renamed++
			}
		}
		if len(list) == films && renamed == films {
			return time.Since(start)
		}
		if time.Since(start) > bound {
			t.Fatalf("after %v, %d of %d films show %q", bound, renamed, len(list), name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestAProducerOfAThousandFilmsRenamedIsRenamedInEveryFilm(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	storeMovies(t, api, prod, 1000)
	start := time.Now()
	api.Do("PUT", "/users/me", prod.Token, map[string]any{"first_name": "Agnès"}).Expect(http.StatusOK)
	answered := time.Since(start)
	waited := converged(t, api, prod.Token, "Agnès", 1000)
	t.Logf("1,000 films: rename answered in %v, every film renamed %v after the answer", answered.Round(time.Millisecond), waited.Round(time.Millisecond))
}

// failingCopies fails the transactions of film copies once 400 copies have
// been sent, until disarmed: DynamoDB failing in the middle of a propagation.
type failingCopies struct {
	dynamo.DB
	armed atomic.Bool
	sent  atomic.Int64
	hit   atomic.Int64
}

func (f *failingCopies) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	copies := 0
	for _, it := range in.TransactItems {
		if it.Update != nil && it.Update.UpdateExpression != nil && strings.HasPrefix(*it.Update.UpdateExpression, "SET Producer") {
			copies++
		}
	}
	if copies > 0 && f.armed.Load() && f.sent.Add(int64(copies)) > 400 {
		f.hit.Add(1)
		return nil, errors.New("injected: service unavailable")
	}
	return f.DB.TransactWriteItems(ctx, in, opts...)
}

func TestAPropagationThatFailsPartWayIsFinishedWithoutAHuman(t *testing.T) {
	t.Parallel()
	faulty := &failingCopies{}
	api := apitest.Start(t, func(o *localserver.Options) {
		o.WrapDB = func(db dynamo.DB) dynamo.DB { faulty.DB = db; return faulty }
		o.JobsEvery = 200 * time.Millisecond
	})
	prod := api.Register("PRODUCER")
	storeMovies(t, api, prod, 1000)
	faulty.armed.Store(true)
	// The rename is saved and answered although its copies stop part-way.
	api.Do("PUT", "/users/me", prod.Token, map[string]any{"first_name": "Jacques"}).Expect(http.StatusOK)
	if me := api.Do("GET", "/users/me", prod.Token, nil).Expect(http.StatusOK).JSON(); me["first_name"] != "Jacques" {
		t.Fatalf("the rename was not saved: %v", me)
	}
	if faulty.hit.Load() == 0 {
		t.Fatal("the fault was never met: the test proves nothing")
	}
	list := api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List()
	stale := 0
	for _, m := range list {
		if p, _ := m["Producer"].(map[string]any); p["first_name"] != "Jacques" {
			stale++
		}
	}
	if stale == 0 {
		t.Fatal("every film was renamed despite the fault: the test proves nothing")
	}
	// DynamoDB comes back; the local server's schedule finishes the job.
	faulty.armed.Store(false)
	waited := converged(t, api, prod.Token, "Jacques", 1000)
	t.Logf("%d of 1,000 films stale after the fault, all renamed %v later by the scheduled run", stale, waited.Round(time.Millisecond))
}
