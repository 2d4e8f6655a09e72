package dynamo

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// maxBatchGet is DynamoDB's limit of keys in one BatchGetItem.
const maxBatchGet = 100

// batchGetParallel is how many BatchGetItems of one read run at once: a
// list of 1,000 films is ten of them, read in the time of two.
const batchGetParallel = 8

// batchGet reads the items of keys (distinct) with consistent reads, one
// BatchGetItem per 100 keys (up to batchGetParallel at once), asking again
// for the keys DynamoDB leaves unprocessed (throttling) under the store's
// retry policy, and calls each on every item found, in no particular order
// and never twice at the same time. projection may be "" (whole items).
func (s *core) batchGet(ctx context.Context, keys []map[string]types.AttributeValue, projection string, names map[string]string,
	each func(map[string]types.AttributeValue) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex // serialises each and first
		first    error
		wg       sync.WaitGroup
		inFlight = make(chan struct{}, batchGetParallel)
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
			cancel()
		}
	}
	for start := 0; start < len(keys); start += maxBatchGet {
		ka := types.KeysAndAttributes{ConsistentRead: aws.Bool(true), Keys: keys[start:min(len(keys), start+maxBatchGet)]}
		if projection != "" {
			ka.ProjectionExpression = aws.String(projection)
			ka.ExpressionAttributeNames = names
		}
		inFlight <- struct{}{}
		wg.Go(func() {
			defer func() { <-inFlight }()
			if err := s.batchGetOne(ctx, ka, &mu, each); err != nil {
				fail(err)
			}
		})
	}
	wg.Wait()
	return first
}

// batchGetOne reads one BatchGetItem's keys to the end (see batchGet).
func (s *core) batchGetOne(ctx context.Context, ka types.KeysAndAttributes, mu *sync.Mutex,
	each func(map[string]types.AttributeValue) error) error {
	req := map[string]types.KeysAndAttributes{s.table: ka}
	return Retry(ctx, func(int) error {
		out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return fmt.Errorf("batch get: %w", err)
		}
		mu.Lock()
		for _, item := range out.Responses[s.table] {
			if err := each(item); err != nil {
				mu.Unlock()
				return err
			}
		}
		mu.Unlock()
		if req = out.UnprocessedKeys; len(req) > 0 {
			return Again(errors.New("batch get: keys left unprocessed after retries"))
		}
		return nil
	})
}

// batchGetByID reads the items of ids (keyOf gives each one's key) through
// batchGet and decodes them. It returns the records in the order of ids, and
// the ids that have no item.
func batchGetByID[R any](ctx context.Context, s *core, ids []int64, keyOf func(int64) map[string]types.AttributeValue,
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
