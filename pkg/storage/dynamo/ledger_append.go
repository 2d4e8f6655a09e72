package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// ledgerBatch is how many pending entries one transaction links: each takes
// two items (its entry, the delete of its pending item), the head one more.
// Linking them one transaction each cost DynamoDB Local about 4 ms of CPU
// per entry (docs/performance.md, "What a write's items cost"): every vote
// and status change paid it again, later.
const ledgerBatch = (transactRoom - 1) / 2

// AppendLedger links the pending entries to their edition's chain, oldest
// first, and returns how many it linked. Consecutive entries of one edition
// are linked ledgerBatch at a time, in one transaction that moves the head
// once, conditionally on the head it read, so two appenders still cannot
// fork a chain. A batch cancelled (another appender moved the head or
// linked one of its entries) is linked again one entry at a time: an entry
// another appender linked meanwhile is skipped; the head is read again.
func (s *Trail) AppendLedger(ctx context.Context) (int, error) {
	items, err := s.queryAll(ctx, s.gsi1Query(gsi1LedgerQ))
	if err != nil {
		return 0, fmt.Errorf("pending ledger entries: %w", err)
	}
	pending := make([]ledgerPending, len(items))
	for i, item := range items {
		if err := attributevalue.UnmarshalMap(item, &pending[i]); err != nil {
			return 0, err
		}
	}
	heads := map[festival.EditionID]festival.LedgerHead{} // read once each
	headOf := func(ed festival.EditionID) (festival.LedgerHead, error) {
		if h, ok := heads[ed]; ok {
			return h, nil
		}
		h, err := s.ledgerHead(ctx, ed)
		heads[ed] = h
		return h, err
	}
	linked := 0
	for len(pending) > 0 {
		ed := editionOrFirst(festival.EditionID(pending[0].Edition))
		n := 1
		for n < len(pending) && n < ledgerBatch && editionOrFirst(festival.EditionID(pending[n].Edition)) == ed {
			n++
		}
		batch := pending[:n]
		pending = pending[n:]
		head, err := headOf(ed)
		if err != nil {
			return linked, err
		}
		moved, ok, err := s.linkPending(ctx, ed, head, batch)
		switch {
		case err != nil:
			return linked, err
		case ok:
			heads[ed] = moved
			linked += len(batch)
			continue
		}
		// Cancelled: one entry at a time, from the head as it is now.
		for _, p := range batch {
			if heads[ed], err = s.ledgerHead(ctx, ed); err != nil {
				return linked, err
			}
			moved, ok, err := s.linkPending(ctx, ed, heads[ed], []ledgerPending{p})
			if err != nil {
				return linked, err
			}
			if ok {
				heads[ed] = moved
				linked++
			}
		}
	}
	return linked, nil
}

// linkPending links entries of edition ed after head in one transaction and
// returns the new head; ok is false when the transaction was cancelled
// (nothing written).
func (s *Trail) linkPending(ctx context.Context, ed festival.EditionID, head festival.LedgerHead, batch []ledgerPending) (festival.LedgerHead, bool, error) {
	lpk := edLedgerPK(ed)
	ops := make([]types.TransactWriteItem, 0, 2*len(batch)+1)
	old := head
	for _, p := range batch {
		at, _ := festival.ParseTime(p.At)
		e := festival.LedgerEntry{Seq: head.Seq + 1, At: at, Kind: p.Kind, Data: p.Data, Prev: head.Hash}
		if e.Data == nil {
			e.Data = map[string]string{}
		}
		e.Hash = e.ComputeHash()
		entry, err := attributevalue.MarshalMap(ledgerItem{PK: lpk, SK: ledgerSK(e.Seq), Type: typeLedger, Seq: e.Seq,
			At: p.At, Kind: e.Kind, Data: e.Data, Prev: e.Prev, Hash: e.Hash})
		if err != nil {
			return old, false, err
		}
		ops = append(ops,
			types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: entry, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
			types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: key(p.PK, p.SK), ConditionExpression: aws.String("attribute_exists(PK)")}})
		head = festival.LedgerHead{Seq: e.Seq, Hash: e.Hash}
	}
	move := &types.Update{
		TableName: &s.table, Key: key(lpk, skLedgerHead),
		UpdateExpression:          aws.String("SET seq = :seq, #h = :hash, #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#h": "hash", "#t": attrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":seq": num(head.Seq), ":hash": str(head.Hash), ":type": str(typeLedger)},
	}
	if old.Seq == 0 {
		move.ConditionExpression = aws.String("attribute_not_exists(PK)")
	} else {
		move.ConditionExpression = aws.String("seq = :old")
		move.ExpressionAttributeValues[":old"] = num(old.Seq)
	}
	err := s.transact(ctx, append(ops, types.TransactWriteItem{Update: move}))
	switch {
	case err == nil:
		return head, true, nil
	case cancelReasons(err) != nil:
		return old, false, nil
	default:
		return old, false, fmt.Errorf("link ledger entries %d to %d: %w", old.Seq+1, head.Seq, err)
	}
}
