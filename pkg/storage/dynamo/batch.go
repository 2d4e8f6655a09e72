package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// maxBatchGet is DynamoDB's limit of keys in one BatchGetItem.
const maxBatchGet = 100

// batchGet reads the items of keys (distinct) with consistent reads, one
// BatchGetItem per 100 keys, asking again for the keys DynamoDB leaves
// unprocessed (throttling) under the store's retry policy, and calls each on
// every item found, in no particular order. projection may be "" (whole
// items).
func (s *Store) batchGet(ctx context.Context, keys []map[string]types.AttributeValue, projection string, names map[string]string,
	each func(map[string]types.AttributeValue) error) error {
	for start := 0; start < len(keys); start += maxBatchGet {
		ka := types.KeysAndAttributes{ConsistentRead: aws.Bool(true), Keys: keys[start:min(len(keys), start+maxBatchGet)]}
		if projection != "" {
			ka.ProjectionExpression = aws.String(projection)
			ka.ExpressionAttributeNames = names
		}
		req := map[string]types.KeysAndAttributes{s.table: ka}
		err := Retry(ctx, func(int) error {
			out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
			if err != nil {
				return fmt.Errorf("batch get: %w", err)
			}
			for _, item := range out.Responses[s.table] {
				if err := each(item); err != nil {
					return err
				}
			}
			if req = out.UnprocessedKeys; len(req) > 0 {
				return Again(errors.New("batch get: keys left unprocessed after retries"))
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// batchGetByID reads the items of ids (keyOf gives each one's key) through
// batchGet and decodes them. It returns the records in the order of ids, and
// the ids that have no item.
func batchGetByID[R any](ctx context.Context, s *Store, ids []int64, keyOf func(int64) map[string]types.AttributeValue,
	projection string, names map[string]string, decode func(map[string]types.AttributeValue) (R, int64, error)) ([]R, []int64, error) {
	byID := make(map[int64]R, len(ids))
	seen := map[int64]bool{}
	var keys []map[string]types.AttributeValue
	for _, id := range ids {
		if !seen[id] { // BatchGetItem refuses duplicate keys
			seen[id] = true
			keys = append(keys, keyOf(id))
		}
	}
	err := s.batchGet(ctx, keys, projection, names, func(item map[string]types.AttributeValue) error {
		r, id, err := decode(item)
		if err == nil {
			byID[id] = r
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	found := make([]R, 0, len(ids))
	var missing []int64
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			found = append(found, r)
		} else {
			missing = append(missing, id)
		}
	}
	return found, missing, nil
}
