package dynamo

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// cancelReasons returns the cancellation codes of a cancelled transaction, one
// per item in the order they were sent, or nil for any other error.
func cancelReasons(err error) []string {
	var tc *types.TransactionCanceledException
	if !errors.As(err, &tc) {
		return nil
	}
	codes := make([]string, len(tc.CancellationReasons))
	for i, r := range tc.CancellationReasons {
		codes[i] = aws.ToString(r.Code)
	}
	return codes
}

// conditionFailedAt reports whether item i of a cancelled transaction failed its condition.
func conditionFailedAt(err error, i int) bool {
	codes := cancelReasons(err)
	return i < len(codes) && codes[i] == "ConditionalCheckFailed"
}

// transact sends one transaction, with the version bumps of the public lists
// its writes change (withListBumps; callers leave room for them by sending at
// most transactRoom items). It builds a fresh input each call: the SDK
// stores an idempotency token in the input, and re-sending the same input would
// "succeed" without checking the conditions again.
func (s *core) transact(ctx context.Context, items []types.TransactWriteItem) error {
	if len(items) == 0 {
		return nil
	}
	w := listWritesOf(items)
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: s.withListBumps(items, w)})
	if err == nil {
		for _, k := range w.kinds {
			s.lists.written(k)
		}
	}
	return err
}

// transactEach sends writes that are independent of each other (each keeps
// one copy in step, each with its own condition), transactRoom per transaction. When
// a transaction is cancelled, its writes are sent one by one and those whose
// condition fails are skipped: the copy they target is gone (a film deleted,
// a jury member unassigned meanwhile), which is what the condition is for.
// It is idempotent, so a retry after another failure finishes the job.
func (s *core) transactEach(ctx context.Context, ops []types.TransactWriteItem) error {
	for len(ops) > 0 {
		n := min(len(ops), transactRoom)
		if err := s.transact(ctx, ops[:n]); err != nil {
			if cancelReasons(err) == nil {
				return err
			}
			for _, op := range ops[:n] {
				if err := s.transactOne(ctx, op); err != nil {
					return err
				}
			}
		}
		ops = ops[n:]
	}
	return nil
}

// transactOne sends one write of transactEach: a failed condition means its
// target is gone (skipped); a conflict with another transaction is retried.
func (s *core) transactOne(ctx context.Context, op types.TransactWriteItem) error {
	return Retry(ctx, func(int) error {
		err := s.transact(ctx, []types.TransactWriteItem{op})
		switch {
		case err == nil || conditionFailedAt(err, 0):
			return nil
		case transactionConflict(err):
			return Again(err)
		default:
			return err
		}
	})
}

// maxTransactItems is DynamoDB's limit of items in one transaction.
const maxTransactItems = 100

// transactChunks sends writes in transactions of at most transactRoom items, in order.
func (s *core) transactChunks(ctx context.Context, ops []types.TransactWriteItem) error {
	for len(ops) > 0 {
		n := min(len(ops), transactRoom)
		if err := s.transact(ctx, ops[:n]); err != nil {
			return err
		}
		ops = ops[n:]
	}
	return nil
}

// transactionConflict reports whether a transaction was cancelled only
// because another transaction touched the same items at the same time; such
// a transaction is safe to send again.
func transactionConflict(err error) bool {
	for _, c := range cancelReasons(err) {
		if c == "TransactionConflict" {
			return true
		}
	}
	return false
}

func (s *core) deleteOp(pk, sk string) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: key(pk, sk)}}
}
