package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// juryEntryRemove removes a jury member from a film's embedded Juries.
func (s *core) juryEntryRemove(movieID, userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("REMOVE Juries.#id ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#id": idKey(userID)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
	}}
}

// UnlinkCategory removes a category from every film: the link items and the
// embedded entries, 50 films per transaction. Call it before deleting the
// category item; it is idempotent.
func (s *Films) UnlinkCategory(ctx context.Context, categoryID int64) error {
	ids, err := s.moviesOfCategory(ctx, categoryID)
	if err != nil {
		return err
	}
	unlink := func(mid int64) []types.TransactWriteItem {
		return []types.TransactWriteItem{
			s.deleteOp(moviePK(mid), categoryLinkSK(categoryID)),
			{Update: &types.Update{
				TableName: &s.table, Key: key(moviePK(mid), skMovie),
				UpdateExpression:          aws.String("REMOVE Categories.#id ADD version :one"),
				ConditionExpression:       aws.String("attribute_exists(PK)"),
				ExpressionAttributeNames:  map[string]string{"#id": idKey(categoryID)},
				ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
			}},
		}
	}
	const perTransaction = transactRoom / 2
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), perTransaction)]
		ids = ids[len(chunk):]
		var ops []types.TransactWriteItem
		for _, mid := range chunk {
			ops = append(ops, unlink(mid)...)
		}
		err := s.transact(ctx, ops)
		if err == nil {
			continue
		}
		if cancelReasons(err) == nil {
			return fmt.Errorf("unlink category %d: %w", categoryID, err)
		}
		// A film deleted meanwhile (its item gone, and its links with it)
		// cancels the whole chunk; one film per transaction then lets the
		// others through (see transactEach).
		for _, mid := range chunk {
			if err := s.unlinkOne(ctx, categoryID, mid, unlink(mid)); err != nil {
				return err
			}
		}
	}
	return nil
}

// unlinkOne sends one film's unlink transaction (ops: the link's Delete,
// then the film's Update). For a film that is gone only the link is deleted,
// in case one outlived it; a transaction conflict is retried.
func (s *Films) unlinkOne(ctx context.Context, categoryID, movieID int64, ops []types.TransactWriteItem) error {
	return Retry(ctx, func(int) error {
		err := s.transact(ctx, ops)
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 1):
			ops = ops[:1]
			return Again(fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err))
		case transactionConflict(err):
			return Again(fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err))
		default:
			return fmt.Errorf("unlink category %d from film %d: %w", categoryID, movieID, err)
		}
	})
}

func (s *Films) moviesOfCategory(ctx context.Context, categoryID int64) ([]int64, error) {
	return s.movieIDsOnGSI2(ctx, categoryRefPK(categoryID), prefixMovieRef)
}
