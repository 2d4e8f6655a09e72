package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/festival"
	"github.com/festivalapi/festival/pkg/store"
)

func TestRetryTriesALostRaceAtMostMaxAttemptsTimesThenSaysWhy(t *testing.T) {
	lost := errors.New("lost every race")
	tries := 0
	err := store.Retry(context.Background(), func(n int) error {
		if n != tries {
			t.Fatalf("try %d numbered %d", tries, n)
		}
		tries++
		return store.Again(lost)
	})
	if !errors.Is(err, lost) || tries != store.MaxAttempts {
		t.Fatalf("after %d tries: %v (want %d tries and the wrapped error)", tries, err, store.MaxAttempts)
	}
}

func TestRetryStopsAtOnceOnAnErrorThatIsNotALostRace(t *testing.T) {
	final := errors.New("refused")
	tries := 0
	err := store.Retry(context.Background(), func(int) error { tries++; return final })
	if err != final || tries != 1 {
		t.Fatalf("%d tries, %v", tries, err)
	}
	tries = 0
	err = store.Retry(context.Background(), func(n int) error {
		tries++
		if n < 2 {
			return store.Again(final)
		}
		return nil
	})
	if err != nil || tries != 3 {
		t.Fatalf("a race won on the third try: %d tries, %v", tries, err)
	}
}

func TestRetryStopsWaitingWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := store.Retry(ctx, func(int) error { return store.Again(errors.New("lost")) })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestBackoffGrowsWithJitterUpToItsCap(t *testing.T) {
	for n := 1; n <= 40; n++ {
		d := min(store.BackoffCap, store.BackoffBase<<min(n-1, 15))
		for range 50 {
			if got := store.Backoff(n); got < d/2 || got > d {
				t.Fatalf("Backoff(%d) = %s, want within [%s, %s]", n, got, d/2, d)
			}
		}
	}
}

// A producer renamed while jurors vote on their film: both transactions
// touch the film item (the rename updates the film's copy of the producer's
// name; a vote checks the film exists), so DynamoDB cancels one of them with
// a TransactionConflict. The rename is read and applied again, never a 500.
func TestRenamingAProducerWhileTheirFilmIsVotedOnRetriesTheConflict(t *testing.T) {
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "demy@example.org", festival.RoleProducer)
	m := judgedFilm(t, s, prod)
	jurors := make([]festival.User, 6)
	for i := range jurors {
		jurors[i] = newUser(t, s, fmt.Sprintf("jury%d@example.org", i), festival.RoleJury)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, j := range jurors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.SaveVote(ctx, actor(j), m.ID, store.VoteChange{Score: score(float64(i % 11))}); err != nil {
					t.Errorf("vote: %v", err)
					return
				}
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	for i := range 15 {
		name := fmt.Sprintf("Jacques %d", i)
		if _, err := s.UpdateUser(ctx, prod.ID, func(u *festival.User) error { u.FirstName = name; return nil }); err != nil {
			t.Errorf("rename %d: %v", i, err)
		}
	}
	close(stop)
	wg.Wait()
	got, err := s.GetMovie(ctx, m.ID)
	if err != nil || got.Producer == nil || got.Producer.FirstName != "Jacques 14" {
		t.Fatalf("film's copy of the producer: %+v, %v", got.Producer, err)
	}
}
