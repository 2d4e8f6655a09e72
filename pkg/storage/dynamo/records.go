package dynamo

import (
	"github.com/festivalapi/festival/pkg/domain/festival"

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

// getItem reads one item (strongly consistent) into T; festival.ErrNotFound when absent.
func getItem[T any](ctx context.Context, s *core, k map[string]types.AttributeValue) (T, error) {
	var it T
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: k, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return it, err
	}
	if out.Item == nil {
		return it, festival.ErrNotFound
	}
	return it, attributevalue.UnmarshalMap(out.Item, &it)
}

// wrapGet adds context to a read failure, leaving festival.ErrNotFound as it is.
func wrapGet(err error, format string, args ...any) error {
	if errors.Is(err, festival.ErrNotFound) {
		return err
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
