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

// batchGetByID reads the items of ids (keyOf gives each one's key) with one
// BatchGetItem per 100 keys, retrying unprocessed keys with a backoff, and
// decodes them. It returns the records in the order of ids, and the ids that
// have no item. projection may be "" (whole items).
func batchGetByID[R any](ctx context.Context, s *Store, ids []int64, keyOf func(int64) map[string]types.AttributeValue,
	projection string, names map[string]string, decode func(map[string]types.AttributeValue) (R, int64, error)) ([]R, []int64, error) {
	byID := make(map[int64]R, len(ids))
	for start := 0; start < len(ids); start += maxBatchGet {
		chunk := ids[start:min(len(ids), start+maxBatchGet)]
		ka := types.KeysAndAttributes{ConsistentRead: aws.Bool(true)}
		seen := map[int64]bool{}
		for _, id := range chunk {
			if !seen[id] { // BatchGetItem refuses duplicate keys
				seen[id] = true
				ka.Keys = append(ka.Keys, keyOf(id))
			}
		}
		if projection != "" {
			ka.ProjectionExpression = aws.String(projection)
			ka.ExpressionAttributeNames = names
		}
		// Keys DynamoDB leaves unprocessed (throttling) are asked again under
		// the store's retry policy.
		req := map[string]types.KeysAndAttributes{s.table: ka}
		err := Retry(ctx, func(int) error {
			out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
			if err != nil {
				return fmt.Errorf("batch get: %w", err)
			}
			for _, item := range out.Responses[s.table] {
				r, id, err := decode(item)
				if err != nil {
					return err
				}
				byID[id] = r
			}
			if req = out.UnprocessedKeys; len(req) > 0 {
				return Again(errors.New("batch get: keys left unprocessed after retries"))
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
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
