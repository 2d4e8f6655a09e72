// Package dynamo keeps every record of the festival in one DynamoDB table
// (single-table design). The store shows one face per aggregate (faces.go:
// Films, Votes, Users, Catalog, Settings, Plans, Outbox, Trail, CopyJobs),
// each holding the methods of its kind of record, over one core shared by
// all: the client, keys.go (every key shape), the item codec, transactions
// and their retry, the list versions, and the operations other writes join
// (audit, ledger, outbox, list bumps). Each file serves one kind of record:
// its face's methods and the operations on its items that other faces'
// transactions take part in. Uniqueness rules (e-mail, names, one vote per
// jury member per film) are enforced by DynamoDB itself through conditional
// writes and transactions, never by reading first.
package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// DB is the part of the DynamoDB API the store uses. *dynamodb.Client
// satisfies it; tests wrap it to inject failures.
type DB interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

// core is the single table every face of the store shares: the client, the
// table's name, the clock, the ids drawn ahead and the lists kept in memory.
type core struct {
	db    DB
	table string
	now   func() time.Time
	// auditSeq orders the audit entries this store writes within one millisecond.
	auditSeq atomic.Int64

	// blocks hold the ids this store has drawn ahead for the sequences of
	// blockSequences.
	blocksMu sync.Mutex
	blocks   map[string][]int64

	// lists are the public lists this store keeps in memory (listcache.go),
	// unless keepLists is false (tests of the index path); listFreshness
	// is how long a list is served before its version is read again.
	lists         listCaches
	keepLists     bool
	listFreshness time.Duration

	// edition is the current edition as last read (edition_scope.go).
	edition editionMemo

	// turns let the changes of one film through this store take turns
	// (filmturns.go).
	turns filmTurns
}

// blockSequences are the sequences whose ids a store draws blockSize at a
// time, so that most creations cost no request for their id: votes and
// awards, created one by one during the judging. Their ids stay unique, but
// two instances of a function interleave their blocks (ids then follow the
// creation order only per instance) and an instance that retires leaves the
// rest of its block unused. Users, films, categories and events keep one
// request per id and ids in creation order.
var blockSequences = map[string]bool{counterVotes: true, counterAwards: true}

const blockSize = 20

// nextID draws the next integer id of a sequence from an atomic counter.
func (s *core) nextID(ctx context.Context, name string) (int64, error) {
	if blockSequences[name] {
		return s.nextBlockedID(ctx, name)
	}
	ids, err := s.nextIDs(ctx, name, 1)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// nextBlockedID takes the next id of the store's block for the sequence,
// drawing a new block of blockSize when it is used up.
func (s *core) nextBlockedID(ctx context.Context, name string) (int64, error) {
	s.blocksMu.Lock()
	defer s.blocksMu.Unlock()
	if len(s.blocks[name]) == 0 {
		ids, err := s.nextIDs(ctx, name, blockSize)
		if err != nil {
			return 0, err
		}
		if s.blocks == nil {
			s.blocks = map[string][]int64{}
		}
		s.blocks[name] = ids
	}
	id := s.blocks[name][0]
	s.blocks[name] = s.blocks[name][1:]
	return id, nil
}

// nextIDs draws n (> 0) consecutive ids of a sequence with one atomic ADD:
// the counter's new value is the last of them.
func (s *core) nextIDs(ctx context.Context, name string, n int) ([]int64, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 &s.table,
		Key:                       key(counterPK(name), skCounter),
		UpdateExpression:          aws.String("ADD #v :n SET #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#v": "value", "#t": attrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": num(int64(n)), ":type": str(typeCounter)},
		ReturnValues:              types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return nil, fmt.Errorf("next %s id: %w", name, err)
	}
	v, ok := out.Attributes["value"].(*types.AttributeValueMemberN)
	if !ok {
		return nil, fmt.Errorf("next %s id: counter has no value", name)
	}
	last, err := strconv.ParseInt(v.Value, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("next %s id: %w", name, err)
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = last - int64(n-1-i)
	}
	return ids, nil
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{attrPK: str(pk), attrSK: str(sk)}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}
