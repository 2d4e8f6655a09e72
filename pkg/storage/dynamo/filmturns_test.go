package dynamo

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestChangesOfOneFilmTakeTurnsAndOtherFilmsDoNotWait: at most one holder
// of a film's turn at a time, another film's turn is free meanwhile, and the
// turns are forgotten once given back.
func TestChangesOfOneFilmTakeTurnsAndOtherFilmsDoNotWait(t *testing.T) {
	t.Parallel()
	var q filmTurns
	ctx := context.Background()
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			give := q.take(ctx, 7)
			defer give()
			n := inside.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(time.Millisecond)
			inside.Add(-1)
		})
	}
	held := q.take(ctx, 7)
	start := time.Now()
	q.take(ctx, 8)() // another film: no wait
	if waited := time.Since(start); waited > 100*time.Millisecond {
		t.Errorf("another film's turn waited %v", waited)
	}
	held()
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d changes of one film held its turn at once", most.Load())
	}
	if len(q.films) != 0 {
		t.Errorf("%d turns kept after every change gave its own back", len(q.films))
	}
}

// TestAChangeWaitsForAFilmsTurnNoLongerThanItsContext: a turn never given
// back holds a change only until its context ends (or maxTurnWait).
func TestAChangeWaitsForAFilmsTurnNoLongerThanItsContext(t *testing.T) {
	t.Parallel()
	var q filmTurns
	q.take(context.Background(), 7) // never given back
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	q.take(ctx, 7)()
	if waited := time.Since(start); waited > maxTurnWait/2 {
		t.Errorf("the change waited %v past its context's end", waited)
	}
}
