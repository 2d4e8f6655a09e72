package dynamo

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The retry policy of every write that can lose a race with a concurrent
// one, in one place. A write loses a race in two ways: DynamoDB cancels its
// transaction because another one touched the same item at the same moment
// (TransactionConflict), or its optimistic condition fails because the item
// changed since it was read (a version, a marker). Either way nothing was
// written, so the write is read and decided again after a short wait.
//
//   - Attempts: at most MaxAttempts tries of one write, the first included.
//
//   - Backoff: exponential with jitter: before try n+1 (n from 1) the wait is
//     a random duration in [d/2, d], d = min(BackoffCap, BackoffBase·2^(n-1)),
//     so racing writers do not retry in lockstep. The worst case of waiting is
//     about 1.2 s over the 7 waits.
//
//   - Merges: a write that merges what it adds into the record as it is now
//     (RetryMerge: a juror's viewing reports) loses a race only to another
//     write's success, so n writers racing all land within n rounds; it
//     takes up to MaxMergeAttempts tries, with the same waits, so that a
//     burst of reports of one record (16 at once) is not refused.
//
//   - Which errors: only those an attempt marks with Again. Everything else
//     (a refused value, a failed uniqueness condition, a network error) is
//     final at once.
//
//   - Exhaustion: after the last try Retry returns an apperr.Contended error
//     (409 with Retry-After: ContendedRetryAfter) that wraps the error the
//     attempt wrapped in Again, so a write that names its loss in its own
//     terms (errors.Is festival.ErrConflict, say) still can, and one that
//     does not never answers 500.
const (
	MaxAttempts      = 8
	MaxMergeAttempts = 32
	BackoffBase      = 10 * time.Millisecond
	BackoffCap       = 320 * time.Millisecond
	// ContendedRetryAfter is the wait an exhausted write's answer asks for.
	ContendedRetryAfter = time.Second
)

// errAgain marks an attempt that lost a race and is worth another try.
var errAgain = errors.New("store: lost a race with a concurrent write")

type againError struct{ err error }

func (e againError) Error() string { return errAgain.Error() + ": " + e.err.Error() }
func (e againError) Unwrap() error { return e.err }
func (e againError) Is(target error) bool {
	return target == errAgain
}

// Again marks err as a lost race: Retry tries the write again, and returns
// err if that was the last try.
func Again(err error) error { return againError{err} }

// Retry runs attempt (n counts tries from 0) until it returns anything but
// an Again error, or MaxAttempts tries have been made, waiting between tries
// as the policy says. A cancelled context ends the waiting.
func Retry(ctx context.Context, attempt func(n int) error) error {
	return retry(ctx, MaxAttempts, attempt)
}

// RetryMerge is Retry for a merge (see the policy): up to MaxMergeAttempts
// tries.
func RetryMerge(ctx context.Context, attempt func(n int) error) error {
	return retry(ctx, MaxMergeAttempts, attempt)
}

func retry(ctx context.Context, tries int, attempt func(n int) error) error {
	for n := 0; ; n++ {
		err := attempt(n)
		var again againError
		if !errors.As(err, &again) {
			return err
		}
		if n+1 >= tries {
			return contended(again.err)
		}
		if err := sleep(ctx, Backoff(n+1)); err != nil {
			return err
		}
	}
}

// contended is the policy's exhaustion: a 409 that asks the caller to try
// again in ContendedRetryAfter, wrapping the last try's loss.
func contended(lost error) error {
	return &apperr.Error{Code: apperr.Contended, Key: texts.WriteContended, RetryAfter: ContendedRetryAfter, Err: lost}
}

// Backoff is the wait before try n+1 (n ≥ 1): see the policy above.
func Backoff(n int) time.Duration {
	d := BackoffCap
	if n < 16 {
		d = min(BackoffCap, BackoffBase<<(n-1))
	}
	return d/2 + rand.N(d/2+1)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
