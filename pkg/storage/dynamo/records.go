package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// The read shapes every record type shares: one item by key, one item by its
// own id on GSI1, all items of a type on GSI1, and any query's items, each
// decoded into the stored item type T and converted to the API's record R.

// getItem reads one item (strongly consistent) into T; ErrNotFound when absent.
func getItem[T any](ctx context.Context, s *Store, k map[string]types.AttributeValue) (T, error) {
	var it T
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: k, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return it, err
	}
	if out.Item == nil {
		return it, ErrNotFound
	}
	return it, attributevalue.UnmarshalMap(out.Item, &it)
}

// gsi1Query selects every item of one type (GSI1PK = typePK), in id order.
func (s *Store) gsi1Query(typePK string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName: &s.table, IndexName: aws.String(IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(typePK)},
	}
}

// gsi2Query selects what hangs off a user or a category (GSI2PK = pk), the
// items whose GSI2SK starts with prefix when prefix is not "".
func (s *Store) gsi2Query(pk, prefix string) *dynamodb.QueryInput {
	in := &dynamodb.QueryInput{
		TableName: &s.table, IndexName: aws.String(IndexGSI2),
		KeyConditionExpression:    aws.String("GSI2PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)},
	}
	if prefix != "" {
		in.KeyConditionExpression = aws.String("GSI2PK = :pk AND begins_with(GSI2SK, :pre)")
		in.ExpressionAttributeValues[":pre"] = str(prefix)
	}
	return in
}

// findByGSI1 finds the one item of a type whose GSI1SK is sk (a record found
// by its own id); ErrNotFound when there is none.
func findByGSI1[T any](ctx context.Context, s *Store, typePK, sk string) (T, error) {
	var it T
	in := s.gsi1Query(typePK)
	in.KeyConditionExpression = aws.String("GSI1PK = :pk AND GSI1SK = :sk")
	in.ExpressionAttributeValues[":sk"] = str(sk)
	out, err := s.db.Query(ctx, in)
	if err != nil {
		return it, err
	}
	if len(out.Items) == 0 {
		return it, ErrNotFound
	}
	return it, attributevalue.UnmarshalMap(out.Items[0], &it)
}

// queryRecords runs a query for one page or all pages (see queryPages) and
// converts each item. The result is never nil: listings answer [] when empty.
func queryRecords[T, R any](ctx context.Context, s *Store, in *dynamodb.QueryInput, p Page, conv func(T) R) ([]R, string, error) {
	out := []R{}
	next, err := s.queryPages(ctx, in, p, func(item map[string]types.AttributeValue) error {
		var it T
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return err
		}
		out = append(out, conv(it))
		return nil
	})
	return out, next, err
}

// wrapGet adds context to a read failure, leaving ErrNotFound as it is.
func wrapGet(err error, format string, args ...any) error {
	if errors.Is(err, ErrNotFound) {
		return err
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
