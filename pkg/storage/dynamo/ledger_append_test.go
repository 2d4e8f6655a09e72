package dynamo_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// TestTwoAppendersLinkManyPendingEntriesIntoOneUnbrokenChainOnce: more
// pending entries than one transaction links, two appenders at once: every
// entry is linked exactly once, in order, and the chain verifies.
func TestTwoAppendersLinkManyPendingEntriesIntoOneUnbrokenChainOnce(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	m := newMovie(t, s, newUser(t, s, "p@example.org", festival.RoleProducer))
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	const changes = 130 // more than two batches
	statuses := []festival.SelectionStatus{festival.StatusSelected, festival.StatusRefused}
	for i := range changes {
		if _, err := s.SetMovieStatus(ctx, admin, m.ID, statuses[i%2]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	linked := make([]int, 2)
	for i := range linked {
		wg.Go(func() {
			n, err := s.AppendLedger(ctx)
			if err != nil {
				t.Error(err)
			}
			linked[i] = n
		})
	}
	wg.Wait()
	if linked[0]+linked[1] != changes {
		t.Errorf("the appenders linked %d and %d entries, want %d in all", linked[0], linked[1], changes)
	}
	if n, err := s.AppendLedger(ctx); err != nil || n != 0 {
		t.Errorf("a third run linked %d, %v; want nothing left", n, err)
	}
	entries, _, err := s.LedgerEntries(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != changes {
		t.Fatalf("%d entries in the chain, want %d", len(entries), changes)
	}
	if _, broken := festival.VerifyLedger(entries); broken != nil {
		t.Fatalf("the chain breaks at %d: %v", broken.Seq, broken.Reason)
	}
	for i, e := range entries {
		if want := string(statuses[i%2]); e.Data["to"] != want {
			t.Fatalf("entry %d moves to %q, want %q: linked out of order", e.Seq, e.Data["to"], want)
		}
	}
}

// failingTransactions fails the transactions after the first ok ones, as
// an appender that crashes part-way meets its end.
type failingTransactions struct {
	dynamo.DB
	ok, sent atomic.Int64
}

func (f *failingTransactions) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if f.sent.Add(1) > f.ok.Load() {
		return nil, errors.New("injected: the appender stops here")
	}
	return f.DB.TransactWriteItems(ctx, in, opts...)
}

// TestAnAppenderStoppedPartWayLosesAndDoublesNoEntry: an appender whose
// transactions fail after its first batch leaves the rest pending; the next
// run links them, each once, and the chain verifies.
func TestAnAppenderStoppedPartWayLosesAndDoublesNoEntry(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	m := newMovie(t, s, newUser(t, s, "p@example.org", festival.RoleProducer))
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	const changes = 100 // three batches
	statuses := []festival.SelectionStatus{festival.StatusSelected, festival.StatusRefused}
	for i := range changes {
		if _, err := s.SetMovieStatus(ctx, admin, m.ID, statuses[i%2]); err != nil {
			t.Fatal(err)
		}
	}
	stopping := &failingTransactions{DB: s.Client()}
	stopping.ok.Store(1)
	crashed := dynamo.New(stopping, s.Table(), nil)
	n, err := crashed.AppendLedger(ctx)
	if err == nil || n == 0 || n >= changes {
		t.Fatalf("the stopped appender linked %d entries (err %v): want some, then its failure", n, err)
	}
	rest, err := s.AppendLedger(ctx)
	if err != nil || n+rest != changes {
		t.Fatalf("the next run linked %d (%v) after %d: want the %d left", rest, err, n, changes-n)
	}
	entries, _, err := s.LedgerEntries(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != changes {
		t.Fatalf("%d entries in the chain after the stop and the next run, want %d (none lost or doubled)", len(entries), changes)
	}
	if _, broken := festival.VerifyLedger(entries); broken != nil {
		t.Fatalf("the chain breaks at %d: %v", broken.Seq, broken.Reason)
	}
}
