package dynamo

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// juryEntryUpdate rewrites one jury member's entry in a film's Juries, only
// if the entry is still there (an update must not re-add a removed member).
func (s *Store) juryEntryUpdate(movieID int64, j festival.Jury) (types.TransactWriteItem, error) {
	v, err := attributevalue.Marshal(j)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("SET Juries.#id = :j ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(Juries.#id)"),
		ExpressionAttributeNames:  map[string]string{"#id": idKey(j.ID)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":j": v, ":one": num(1)},
	}}, nil
}

// juryEntryRemove removes a jury member from a film's embedded Juries.
func (s *Store) juryEntryRemove(movieID, userID int64) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(moviePK(movieID), skMovie),
		UpdateExpression:          aws.String("REMOVE Juries.#id ADD version :one"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#id": idKey(userID)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
	}}
}

// movieUserSnapshotOps returns the writes that copy a user's new name, e-mail
// and role into the films that embed them: Producer of the films they own,
// their entry in Juries of the films assigned to them. One Query of GSI2
// USER#<id> finds both kinds.
func (s *Store) movieUserSnapshotOps(ctx context.Context, before, after festival.User) ([]types.TransactWriteItem, error) {
	producerChanged := before.FirstName != after.FirstName || before.LastName != after.LastName
	juryChanged := producerChanged || before.Email != after.Email || before.Role != after.Role
	if !juryChanged {
		return nil, nil
	}
	in := s.gsi2Query(userRefPK(after.ID), "")
	in.ProjectionExpression = aws.String("GSI2SK, id_movie")
	refs, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("films of user %d: %w", after.ID, err)
	}
	producer, err := attributevalue.Marshal(festival.Producer{ID: after.ID, FirstName: after.FirstName, LastName: after.LastName})
	if err != nil {
		return nil, err
	}
	jury := festival.Jury{ID: after.ID, FirstName: after.FirstName, LastName: after.LastName, Email: after.Email, Role: after.Role}
	var ops []types.TransactWriteItem
	for _, item := range refs {
		var ref struct {
			SK      string `dynamodbav:"GSI2SK"`
			MovieID int64  `dynamodbav:"id_movie"`
		}
		if err := attributevalue.UnmarshalMap(item, &ref); err != nil {
			return nil, err
		}
		switch {
		case strings.HasPrefix(ref.SK, prefixProduces) && producerChanged:
			ops = append(ops, types.TransactWriteItem{Update: &types.Update{
				TableName: &s.table, Key: key(moviePK(ref.MovieID), skMovie),
				UpdateExpression:          aws.String("SET Producer = :p ADD version :one"),
				ConditionExpression:       aws.String("attribute_exists(PK)"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":p": producer, ":one": num(1)},
			}})
		case strings.HasPrefix(ref.SK, prefixJuryOf):
			op, err := s.juryEntryUpdate(ref.MovieID, jury)
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
	}
	return ops, nil
}

// RenameCategoryInMovies copies a category's new name into every film that
// embeds it (found through GSI2 CATEGORY#<id>), 100 films per transaction.
// Call it after the category item is renamed; it is idempotent, so a retry
// after a failure finishes the job.
func (s *Store) RenameCategoryInMovies(ctx context.Context, categoryID int64, name string) error {
	ids, err := s.moviesOfCategory(ctx, categoryID)
	if err != nil {
		return err
	}
	v, err := attributevalue.Marshal(festival.MovieCategory{ID: categoryID, Name: name})
	if err != nil {
		return err
	}
	var ops []types.TransactWriteItem
	for _, mid := range ids {
		ops = append(ops, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: key(moviePK(mid), skMovie),
			UpdateExpression:          aws.String("SET Categories.#id = :c ADD version :one"),
			ConditionExpression:       aws.String("attribute_exists(Categories.#id)"),
			ExpressionAttributeNames:  map[string]string{"#id": idKey(categoryID)},
			ExpressionAttributeValues: map[string]types.AttributeValue{":c": v, ":one": num(1)},
		}})
	}
	// One film per op, so a film unlinked meanwhile only fails its own condition.
	if err := s.transactEach(ctx, ops); err != nil {
		return fmt.Errorf("rename category %d in films: %w", categoryID, err)
	}
	return nil
}

// UnlinkCategory removes a category from every film: the link items and the
// embedded entries, 50 films per transaction. Call it before deleting the
// category item; it is idempotent.
func (s *Store) UnlinkCategory(ctx context.Context, categoryID int64) error {
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
	const perTransaction = maxTransactItems / 2
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
func (s *Store) unlinkOne(ctx context.Context, categoryID, movieID int64, ops []types.TransactWriteItem) error {
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

func (s *Store) moviesOfCategory(ctx context.Context, categoryID int64) ([]int64, error) {
	return s.movieIDsOnGSI2(ctx, categoryRefPK(categoryID), prefixMovieRef)
}

// snapshotConditionFailed reports whether a copy update (from index base on)
// failed its condition: the film's assignment changed since the query, so
// the update is worth reading again.
func snapshotConditionFailed(err error, base int) bool {
	for i, c := range cancelReasons(err) {
		if i >= base && c == "ConditionalCheckFailed" {
			return true
		}
	}
	return false
}
