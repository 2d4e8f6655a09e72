package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// MarkMovieDeleting sets the film's tombstone (deleting = true, version
// bumped) and returns its title; festival.ErrNotFound when there is no film item. From
// then on the film reads as gone (GetMovie, listings, facts) and every write
// that would add to its item collection is refused: UpdateMovie's Put (so
// SetMovieJuries, SetMovieCategories, awards), SaveVote (movieExistsCheck,
// movieStatusOp). A film already marked is marked again, so a deletion that
// failed part-way can be retried to the end.
func (s *Films) MarkMovieDeleting(ctx context.Context, id int64) (string, error) {
	return s.markDeleting(ctx, id, "")
}

// MarkCurrentMovieDeleting is MarkMovieDeleting for an admin's deletion:
// a film of an archived edition is read-only (the 409 of
// errEditionArchived). A film already marked is marked again whatever its
// edition, so a deletion that failed part-way can still be finished.
func (s *Films) MarkCurrentMovieDeleting(ctx context.Context, id int64) (string, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return "", err
	}
	return s.markDeleting(ctx, id, ed)
}

// markDeleting sets the tombstone; with current set, only on a film of
// that edition (or one already marked).
func (s *Films) markDeleting(ctx context.Context, id int64, current festival.EditionID) (string, error) {
	cond, names, values := "attribute_exists(PK)", map[string]string(nil), map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}, ":one": num(1)}
	if current != "" {
		cond = "attribute_exists(PK) AND (#ed = :ed OR attribute_exists(deleting))"
		names, values[":ed"] = map[string]string{"#ed": attrEdition}, str(string(current))
	}
	var title string
	err := Retry(ctx, func(int) error {
		out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &s.table, Key: key(moviePK(id), skMovie),
			ConditionExpression:       aws.String(cond),
			UpdateExpression:          aws.String("SET deleting = :t ADD version :one"),
			ExpressionAttributeNames:  names,
			ExpressionAttributeValues: values,
			ReturnValues:              types.ReturnValueAllNew,
			// On a refusal, the item tells an archived film from none.
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		})
		var ccf *types.ConditionalCheckFailedException
		var tce *types.TransactionConflictException
		switch {
		case errors.As(err, &ccf):
			if len(ccf.Item) > 0 {
				return errEditionArchived()
			}
			return festival.ErrNotFound
		case errors.As(err, &tce):
			// A transaction on the film is in flight; it either commits
			// before the tombstone (its writes are then found and removed)
			// or fails on it.
			return Again(fmt.Errorf("mark film %d deleting: %w", id, err))
		case err != nil:
			return fmt.Errorf("mark film %d deleting: %w", id, err)
		}
		if t, _ := out.Attributes["title"].(*types.AttributeValueMemberS); t != nil {
			title = t.Value
		}
		return nil
	})
	if err != nil {
		return title, err
	}
	// The film now reads as gone: so must the lists kept in memory.
	return title, s.bumpList(ctx, listMovies, id)
}

// DeleteMovie removes a film's whole item collection: its assignments,
// category links, votes, awards and the film item. It first sets the film's
// tombstone (MarkMovieDeleting), so that
// nothing can be added to the collection while it is listed and removed; then
// it removes the collection, the film last (with the audit entry when actor
// is set), so that a failure part-way leaves the film item, still marked, and
// a retry finishes the job.
func (s *Films) DeleteMovie(ctx context.Context, actor *festival.Actor, id int64) error {
	title, err := s.MarkMovieDeleting(ctx, id)
	if err != nil {
		return err
	}
	return s.DeleteMarkedMovie(ctx, actor, id, title)
}

// DeleteMarkedMovie is DeleteMovie for a caller that has set the tombstone
// itself (to remove the files in between) and read the title it returned.
func (s *Films) DeleteMarkedMovie(ctx context.Context, actor *festival.Actor, id int64, title string) error {
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName:                 &s.table,
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(moviePK(id))},
		ProjectionExpression:      aws.String("PK, SK, #ed"),
		ExpressionAttributeNames:  map[string]string{"#ed": attrEdition},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return fmt.Errorf("list items of film %d: %w", id, err)
	}
	var ops []types.TransactWriteItem
	ed := festival.FirstEdition // the film's (its ledger records the deletion)
	for _, item := range items {
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		if sk != nil && sk.Value == skMovie {
			ed = editionAttr(item)
		}
		if sk == nil || sk.Value == skMovie {
			continue
		}
		ops = append(ops, s.deleteOp(moviePK(id), sk.Value))
	}
	if err := s.transactChunks(ctx, ops); err != nil {
		return fmt.Errorf("delete items of film %d: %w", id, err)
	}
	last := []types.TransactWriteItem{{Delete: &types.Delete{
		TableName: &s.table, Key: key(moviePK(id), skMovie), ConditionExpression: aws.String("attribute_exists(PK)"),
	}}}
	if actor != nil {
		last = append(last, s.auditOp(*actor, "movie.delete", movieTarget(id), map[string]string{"title": title}))
	}
	// The ledger records that the film went, and its votes with it.
	pending, err := s.ledgerOp(ed, "movie.delete", map[string]string{"id_movie": strconv.FormatInt(id, 10)})
	if err != nil {
		return err
	}
	err = s.transact(ctx, append(last, pending))
	if conditionFailedAt(err, 0) {
		return festival.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete film %d: %w", id, err)
	}
	return nil
}
