package dynamo_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestRetryTriesALostRaceAtMostMaxAttemptsTimesThenSaysWhy(t *testing.T) {
	t.Parallel()
	lost := errors.New("lost every race")
	tries := 0
	err := dynamo.Retry(context.Background(), func(n int) error {
		if n != tries {
			t.Fatalf("try %d numbered %d", tries, n)
		}
		tries++
		return dynamo.Again(lost)
	})
	if !errors.Is(err, lost) || tries != dynamo.MaxAttempts {
		t.Fatalf("after %d tries: %v (want %d tries and the wrapped error)", tries, err, dynamo.MaxAttempts)
	}
}

func TestRetryStopsAtOnceOnAnErrorThatIsNotALostRace(t *testing.T) {
	t.Parallel()
	final := errors.New("refused")
	tries := 0
	err := dynamo.Retry(context.Background(), func(int) error { tries++; return final })
	if err != final || tries != 1 {
		t.Fatalf("%d tries, %v", tries, err)
	}
	tries = 0
	err = dynamo.Retry(context.Background(), func(n int) error {
		tries++
		if n < 2 {
			return dynamo.Again(final)
		}
		return nil
	})
	if err != nil || tries != 3 {
		t.Fatalf("a race won on the third try: %d tries, %v", tries, err)
	}
}

func TestRetryStopsWaitingWhenTheContextEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := dynamo.Retry(ctx, func(int) error { return dynamo.Again(errors.New("lost")) })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestBackoffGrowsWithJitterUpToItsCap(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 40; n++ {
		d := min(dynamo.BackoffCap, dynamo.BackoffBase<<min(n-1, 15))
		for range 50 {
			if got := dynamo.Backoff(n); got < d/2 || got > d {
				t.Fatalf("Backoff(%d) = %s, want within [%s, %s]", n, got, d/2, d)
			}
		}
	}
}

// conflictOnce is the table as DynamoDB answers when another transaction
// touches one of the items at the same moment: the next transaction armed
// is cancelled with a TransactionConflict, and nothing is written.
type conflictOnce struct {
	dynamo.DB
	armed atomic.Bool
}

func (c *conflictOnce) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if c.armed.CompareAndSwap(true, false) {
		reasons := make([]types.CancellationReason, len(in.TransactItems))
		for i := range reasons {
			reasons[i].Code = aws.String("None")
		}
		reasons[len(reasons)-1].Code = aws.String("TransactionConflict") // the film's copy, met by a vote
		return nil, &types.TransactionCanceledException{Message: aws.String("Transaction cancelled"), CancellationReasons: reasons}
	}
	return c.DB.TransactWriteItems(ctx, in, opts...)
}

// A producer renamed while a juror votes on their film: both transactions
// touch the film item (the rename updates the film's copy of the producer's
// name; the vote checks the film exists), so DynamoDB may cancel the rename
// with a TransactionConflict. It is read and applied again, not a 500.
func TestRenamingAProducerWhoseMovieIsBeingVotedOnRetriesTheConflict(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	faulty := &conflictOnce{DB: db}
	s := dynamo.New(faulty, table, nil)
	ctx := context.Background()
	prod := newUser(t, s, "demy@example.org", festival.RoleProducer)
	m := judgedMovie(t, s, prod)
	faulty.armed.Store(true)
	u, err := s.UpdateUser(ctx, prod.ID, func(u *festival.User) error { u.FirstName = "Jacques"; return nil })
	if err != nil || u.FirstName != "Jacques" || faulty.armed.Load() {
		t.Fatalf("rename = %+v, %v (conflict met: %v)", u, err, !faulty.armed.Load())
	}
	got, err := s.GetMovie(ctx, m.ID)
	if err != nil || got.Producer == nil || got.Producer.FirstName != "Jacques" {
		t.Fatalf("film's copy of the producer: %+v, %v", got.Producer, err)
	}
}

// Losing every try answers 409 with Retry-After (apperr.Contended), never
// 500, and still says what was lost (errors.Is the attempt's error).
func TestRetryExhaustedIsAConflictToTryAgainLater(t *testing.T) {
	t.Parallel()
	lost := errors.New("lost every race")
	for name, retry := range map[string]func(context.Context, func(int) error) error{"Retry": dynamo.Retry, "RetryMerge": dynamo.RetryMerge} {
		tries := 0
		err := retry(context.Background(), func(int) error { tries++; return dynamo.Again(lost) })
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Contended || e.RetryAfter != dynamo.ContendedRetryAfter || !errors.Is(err, lost) {
			t.Errorf("%s exhausted after %d tries: %v", name, tries, err)
		}
		rec := httptest.NewRecorder()
		web.Error(rec, httptest.NewRequest("POST", "/movies/1/viewing", nil), err)
		if rec.Code != http.StatusConflict || rec.Header().Get("Retry-After") != "1" || !strings.Contains(rec.Body.String(), `"code":"write_contended"`) {
			t.Errorf("%s exhausted answers %d, Retry-After %q: %s", name, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
}
