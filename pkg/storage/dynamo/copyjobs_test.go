package dynamo_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// copyFaults fails the transactions of film copy updates once a number of
// copies have been sent, and counts the copies sent.
type copyFaults struct {
	dynamo.DB
	failAfter atomic.Int64 // fail every copy update once this many have passed (0: never)
	sent      atomic.Int64
}

var errInjected = errors.New("injected: DynamoDB unavailable")

func (c *copyFaults) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	copies := 0
	for _, it := range in.TransactItems {
		if it.Update != nil && it.Update.UpdateExpression != nil && strings.HasPrefix(*it.Update.UpdateExpression, "SET Producer") {
			copies++
		}
	}
	if copies > 0 {
		n := c.sent.Add(int64(copies))
		if f := c.failAfter.Load(); f > 0 && n > f {
			return nil, errInjected
		}
	}
	return c.DB.TransactWriteItems(ctx, in, opts...)
}

// producerWithMovies stores a producer and n films of theirs.
func producerWithMovies(t *testing.T, s *dynamo.Store, n int) festival.User {
	t.Helper()
	prod := newUser(t, s, "varda@example.org", festival.RoleProducer)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			newMovie(t, s, prod)
		})
	}
	wg.Wait()
	return prod
}

// producerNames counts the producer names the films of a producer show.
func producerNames(t *testing.T, s *dynamo.Store, id int64) map[string]int {
	t.Helper()
	films, _, err := s.MoviesOfProducer(context.Background(), id, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]int{}
	for _, m := range films {
		names[m.Producer.FirstName]++
	}
	return names
}

// A rename whose copies fail part-way is saved, its job stays pending with
// its place, and the next run finishes from that place, not from the start.
func TestACopyJobStoppedPartWayResumesWhereItStopped(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	faulty := &copyFaults{DB: db}
	s := dynamo.New(faulty, table, nil)
	ctx := context.Background()
	prod := producerWithMovies(t, s, 450)

	faulty.failAfter.Store(250) // within the second page (a page is 192 films)
	u, err := s.UpdateUser(ctx, prod.ID, func(u *festival.User) error { u.FirstName = "Agnès"; return nil })
	if err != nil || u.FirstName != "Agnès" {
		t.Fatalf("the rename itself must be saved and answered: %+v, %v", u, err)
	}
	if jobs, _ := s.PendingCopyJobs(ctx); len(jobs) != 1 {
		t.Fatalf("pending jobs after a failure: %v, want the rename's", jobs)
	}
	if names := producerNames(t, s, prod.ID); names["Agnès"] < 192 || names["Agnès"] == 450 {
		t.Fatalf("after the failure: %v, want the first page or more copied, not all", names)
	}

	faulty.failAfter.Store(0)
	before := faulty.sent.Load()
	done, err := s.RunPendingCopies(ctx)
	if err != nil || done != 1 {
		t.Fatalf("the next run: %d finished, %v", done, err)
	}
	if resent := faulty.sent.Load() - before; resent > 450-192 {
		t.Errorf("the next run sent %d copy updates: it started again instead of resuming after page 1", resent)
	}
	if names := producerNames(t, s, prod.ID); names["Agnès"] != 450 {
		t.Fatalf("after the next run: %v, want every film renamed", names)
	}
	if jobs, _ := s.PendingCopyJobs(ctx); len(jobs) != 0 {
		t.Fatalf("a finished job is still pending: %v", jobs)
	}
}

// A job renewed while it runs (a second rename) ends with the newest values
// everywhere, whichever run finishes last.
func TestConcurrentRenamesEndWithTheLastNameEverywhere(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	s := dynamo.New(db, table, func() time.Time { return time.Now() })
	ctx := context.Background()
	prod := producerWithMovies(t, s, 300)
	var wg sync.WaitGroup
	for _, name := range []string{"Un", "Deux", "Trois", "Quatre"} {
		wg.Go(func() {
			if _, err := s.UpdateUser(ctx, prod.ID, func(u *festival.User) error { u.FirstName = name; return nil }); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := s.RunPendingCopies(ctx); err != nil {
		t.Fatal(err)
	}
	final, _ := s.GetUser(ctx, prod.ID)
	if names := producerNames(t, s, prod.ID); names[final.FirstName] != 300 {
		t.Fatalf("films show %v, the producer is %q", names, final.FirstName)
	}
}
