// Package dynamocount counts the DynamoDB requests an API makes, by
// operation, for the round-trip tests and the load test; it can also make
// transactions fail.
package dynamocount

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// DB sits between the API and DynamoDB: it counts the requests by
// operation (to prove "one request per call, none per film") and can make
// transactions fail (to prove that a failure part-way leaves nothing behind).
type DB struct {
	dynamo.DB
	// FailTransactions, when set, makes every TransactWriteItems fail.
	FailTransactions atomic.Bool

	mu     sync.Mutex
	counts map[string]int
}

// ErrInjected is the failure DB injects.
var ErrInjected = errors.New("dynamocount: injected DynamoDB failure")

func (c *DB) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[op]++
}

// Take returns the counts by operation since the last call, with their
// total, and starts counting afresh.
func (c *DB) Take() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, total := c.counts, 0
	for _, n := range out {
		total += n
	}
	c.counts = map[string]int{}
	return out, total
}

func (c *DB) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.add("GetItem")
	return c.DB.GetItem(ctx, in, o...)
}

func (c *DB) PutItem(ctx context.Context, in *dynamodb.PutItemInput, o ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.add("PutItem")
	return c.DB.PutItem(ctx, in, o...)
}

func (c *DB) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, o ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.add("UpdateItem")
	return c.DB.UpdateItem(ctx, in, o...)
}

func (c *DB) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, o ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	c.add("DeleteItem")
	return c.DB.DeleteItem(ctx, in, o...)
}

func (c *DB) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.add("Query")
	return c.DB.Query(ctx, in, o...)
}

func (c *DB) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.add("BatchGetItem")
	return c.DB.BatchGetItem(ctx, in, o...)
}

func (c *DB) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.add("TransactWriteItems")
	if c.FailTransactions.Load() {
		return nil, ErrInjected
	}
	return c.DB.TransactWriteItems(ctx, in, o...)
}
