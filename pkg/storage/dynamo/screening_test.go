package dynamo_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Key fetches racing each other (a player asks for the keys of several
// minutes at once) are all logged: each write is conditional on the watch
// item's version and retried, so none overwrites another. Spans the player
// reports meanwhile stay too, and the film's deletion stops the log.
func TestConcurrentKeyFetchesAreAllLoggedBesideTheViewing(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	m := newMovie(t, s, newUser(t, s, "p@example.org", festival.RoleProducer))
	at := time.Date(2026, 5, 14, 20, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	errs := make(chan error, 9)
	for minute := range 8 {
		wg.Go(func() {
			_, err := s.RecordKeyFetch(ctx, m.ID, 7, minute, at.Add(time.Duration(minute)*time.Second))
			errs <- err
		})
	}
	wg.Go(func() {
		_, err := s.RecordViewing(ctx, m.ID, 7, mustSpan(t, 0, 30))
		errs <- err
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	w, err := s.WatchOf(ctx, m.ID, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Keys) != 8 || w.KeysIssued != 8 || len(w.Spans) != 1 {
		t.Fatalf("watch: %d keys logged, %d issued, spans %v; want 8, 8 and the one span", len(w.Keys), w.KeysIssued, w.Spans)
	}
	for i, f := range w.Keys {
		if f.Minute != i || !f.At.Equal(at.Add(time.Duration(i)*time.Second)) {
			t.Fatalf("log out of order or changed: %+v", w.Keys)
		}
	}
	// The vote's ground and the results read the log with the viewing.
	g, err := s.VoteGround(ctx, m.ID, 7)
	if err != nil || len(g.Keys) != 8 || g.KeysIssued != 8 {
		t.Fatalf("vote ground: %d keys, %d issued, %v", len(g.Keys), g.KeysIssued, err)
	}
	all, err := s.Watches(ctx)
	if err != nil || len(all) != 1 || len(all[0].Keys) != 8 {
		t.Fatalf("watches: %+v, %v", all, err)
	}

	if _, err := s.MarkMovieDeleting(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordKeyFetch(ctx, m.ID, 7, 0, at); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("a key fetch of a film being deleted: %v, want not found", err)
	}
}

func mustSpan(t *testing.T, from, to float64) festival.Span {
	t.Helper()
	s, err := festival.ParseSpan(from, to)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
