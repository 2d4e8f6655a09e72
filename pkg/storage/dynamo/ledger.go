package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The vote ledger (festival.LedgerEntry), one chain per edition. A vote's
// transaction (or a status change's) writes a pending entry, PK
// LEDGERQ#<id>, SK LEDGERQ, queued on GSI1 LEDGERQ / <id> (ids sort by
// time) with the edition it belongs to: no vote waits on, or conflicts
// over, the chain. An appender (the scheduled run, the local server's
// clock, and the publication of the results) then links the pending
// entries in order, each into its edition's chain: PK LEDGER#<ed>, SK
// E#<pad seq> for an entry, SK HEAD for the head, each link one transaction
// (the entry, the head moved conditionally on the old one, the pending item
// deleted), so two appenders cannot fork a chain.

type ledgerPending struct {
	PK     string            `dynamodbav:"PK"`
	SK     string            `dynamodbav:"SK"`
	GSI1PK string            `dynamodbav:"GSI1PK"`
	GSI1SK string            `dynamodbav:"GSI1SK"`
	Type   string            `dynamodbav:"type"`
	At     string            `dynamodbav:"at"`
	Kind   string            `dynamodbav:"kind"`
	Data   map[string]string `dynamodbav:"data"`
	// Edition is the chain the entry is linked into.
	Edition string `dynamodbav:"edition"`
}

type ledgerItem struct {
	PK   string            `dynamodbav:"PK"`
	SK   string            `dynamodbav:"SK"`
	Type string            `dynamodbav:"type"`
	Seq  int64             `dynamodbav:"seq"`
	At   string            `dynamodbav:"at"`
	Kind string            `dynamodbav:"kind"`
	Data map[string]string `dynamodbav:"data"`
	Prev string            `dynamodbav:"prev"`
	Hash string            `dynamodbav:"hash"`
}

func (it ledgerItem) entry() festival.LedgerEntry {
	at, _ := festival.ParseTime(it.At)
	return festival.LedgerEntry{Seq: it.Seq, At: at, Kind: it.Kind, Data: it.Data, Prev: it.Prev, Hash: it.Hash}
}

// ledgerOp is the pending entry of a change of edition ed, for its
// transaction.
func (s *core) ledgerOp(ed festival.EditionID, kind string, data map[string]string) (types.TransactWriteItem, error) {
	id := festival.NewTimeID(s.now())
	item, err := attributevalue.MarshalMap(ledgerPending{
		PK: "LEDGERQ#" + id, SK: skLedgerQ, GSI1PK: gsi1LedgerQ, GSI1SK: id, Type: typeLedger,
		At: festival.NewTime(s.now()).String(), Kind: kind, Data: data, Edition: string(editionOrFirst(ed)),
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: item}}, nil
}

// LedgerHead reads the head of the ledger of the edition the request
// addresses (consistent); zero for an empty ledger.
func (s *Trail) LedgerHead(ctx context.Context) (festival.LedgerHead, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return festival.LedgerHead{}, err
	}
	return s.ledgerHead(ctx, ed)
}

// ledgerHead reads the head of edition ed's ledger.
func (s *Trail) ledgerHead(ctx context.Context, ed festival.EditionID) (festival.LedgerHead, error) {
	it, err := getItem[ledgerItem](ctx, s.core, key(edLedgerPK(ed), skLedgerHead))
	if errors.Is(err, festival.ErrNotFound) {
		return festival.LedgerHead{}, nil
	}
	if err != nil {
		return festival.LedgerHead{}, fmt.Errorf("ledger head: %w", err)
	}
	return festival.LedgerHead{Seq: it.Seq, Hash: it.Hash}, nil
}

// LedgerEntries lists the linked entries of the edition the request
// addresses in order, one page or all.
func (s *Trail) LedgerEntries(ctx context.Context, p Page) ([]festival.LedgerEntry, string, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, "", err
	}
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :e)"), ConsistentRead: aws.Bool(true),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(edLedgerPK(ed)), ":e": str("E#")},
	}
	return queryRecords(ctx, s.core, in, p, ledgerItem.entry)
}

// statusLedgerOp is the ledger's pending entry of a status change of a film
// of edition ed.
func (s *core) statusLedgerOp(ed festival.EditionID, movieID int64, from, to festival.SelectionStatus) (types.TransactWriteItem, error) {
	e := festival.StatusLedgerEntry(movieID, from, to)
	return s.ledgerOp(ed, e.Kind, e.Data)
}
