package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// What the migration did to one item.
type outcome int

const (
	untouched   outcome = iota // not an edition's record (users, audit, outbox...), or one that keeps its keys
	rewritten                  // rewritten to the edition's key shapes
	alreadyDone                // migrated by an earlier page or run
)

// item migrates one item: records whose keys stay (films, votes, ...) are
// updated in place, conditional on no `edition` yet; records whose key
// names the edition (markers, plans, the ledger) move: the new item is put
// and the old one deleted in one transaction.
func (m *Migration) item(ctx context.Context, it map[string]types.AttributeValue) (outcome, error) {
	pk, typ := stringAttr(it, attrPK), stringAttr(it, attrType)
	set := m.inPlace(it, pk, typ)
	newPK := m.movedPK(pk, typ)
	if set == nil && newPK == "" {
		return untouched, nil
	}
	if _, done := it[attrEdition]; done {
		return alreadyDone, nil
	}
	if newPK != "" {
		return m.move(ctx, it, newPK)
	}
	return m.update(ctx, it, set)
}

// inPlace is what changes in an item that keeps its key: its GSI keys of
// the edition's shapes (nil: not such an item).
func (m *Migration) inPlace(it map[string]types.AttributeValue, pk, typ string) map[string]string {
	ed := m.opts.Edition
	gsi1, gsi2sk := stringAttr(it, attrGSI1PK), stringAttr(it, attrGSI2SK)
	set := map[string]string{}
	swap := func(attr, value, oldPrefix, newPrefix string) {
		if strings.HasPrefix(value, oldPrefix) {
			set[attr] = newPrefix + strings.TrimPrefix(value, oldPrefix)
		}
	}
	switch {
	case typ == typeMovie && strings.HasPrefix(pk, "MOVIE#"):
		swap(attrGSI1PK, gsi1, gsi1Movies, edMoviesGSI1PK(ed))
		swap(attrGSI2SK, gsi2sk, prefixProduces, edProducesPrefix(ed))
	case typ == typeMovieJury:
		swap(attrGSI2SK, gsi2sk, prefixJuryOf, edJuryOfPrefix(ed))
	case typ == typeVote:
		swap(attrGSI1PK, gsi1, gsi1Votes, edVotesGSI1PK(ed))
		swap(attrGSI2SK, gsi2sk, prefixVoteOf, edVoteOfPrefix(ed))
	case typ == typeAward:
		swap(attrGSI1PK, gsi1, gsi1Awards, edAwardsGSI1PK(ed))
	case typ == typeCategory:
		swap(attrGSI1PK, gsi1, gsi1Categories, edCategoriesGSI1PK(ed))
	case typ == typeWatch:
		swap(attrGSI1PK, gsi1, gsi1Watches, edWatchesGSI1PK(ed))
	case typ == typeLedger && strings.HasPrefix(pk, skLedgerQ+"#"):
		// a pending ledger entry stays on the one queue and names its edition
	default:
		return nil
	}
	return set
}

// movedPK is the partition an item whose key names its edition moves to
// ("": not such an item).
func (m *Migration) movedPK(pk, typ string) string {
	ed := m.opts.Edition
	switch {
	case typ == typeCategoryName && strings.HasPrefix(pk, "CATEGORYNAME#"):
		return edCategoryNamePK(ed, strings.TrimPrefix(pk, "CATEGORYNAME#"))
	case typ == typeLateCode && strings.HasPrefix(pk, "LATECODE#"):
		return lateCodeMarker(ed, strings.TrimPrefix(pk, "LATECODE#"))
	case typ == typeAssignPlan && pk == pkAssignPlans:
		return edAssignPlansPK(ed)
	case typ == typeLedger && pk == ledgerPK:
		return edLedgerPK(ed)
	}
	return ""
}

// updateOp is the in-place rewrite of an item, conditional on it being
// still unmigrated.
func (m *Migration) updateOp(it map[string]types.AttributeValue, set map[string]string) *types.Update {
	names := map[string]string{"#ed": attrEdition}
	values := map[string]types.AttributeValue{":ed": str(string(m.opts.Edition))}
	expr := "SET #ed = :ed"
	i := 0
	for attr, v := range set {
		names[fmt.Sprintf("#a%d", i)], values[fmt.Sprintf(":v%d", i)] = attr, str(v)
		expr += fmt.Sprintf(", #a%d = :v%d", i, i)
		i++
	}
	return &types.Update{
		TableName: &m.table, Key: key(stringAttr(it, attrPK), stringAttr(it, attrSK)),
		UpdateExpression: aws.String(expr), ConditionExpression: aws.String("attribute_exists(PK) AND attribute_not_exists(#ed)"),
		ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	}
}

// update rewrites an item in place, if it is still unmigrated.
func (m *Migration) update(ctx context.Context, it map[string]types.AttributeValue, set map[string]string) (outcome, error) {
	op := m.updateOp(it, set)
	_, err := m.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: op.TableName, Key: op.Key, UpdateExpression: op.UpdateExpression, ConditionExpression: op.ConditionExpression,
		ExpressionAttributeNames: op.ExpressionAttributeNames, ExpressionAttributeValues: op.ExpressionAttributeValues,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return alreadyDone, nil
	}
	if err != nil {
		return untouched, fmt.Errorf("migrate %s/%s: %w", stringAttr(it, attrPK), stringAttr(it, attrSK), err)
	}
	return rewritten, nil
}

// inPlaceBatch is how many in-place rewrites go in one transaction: one
// request for many items (DynamoDB Local answers each request slowly; on
// AWS a transaction's item costs two writes, a small price once).
const inPlaceBatch = 25

// updates rewrites unmigrated items in place in one transaction; when it
// is cancelled (an item migrated meanwhile, or a conflict), each is sent
// alone and those already migrated are skipped.
func (m *Migration) updates(ctx context.Context, items []map[string]types.AttributeValue) (done []outcome, err error) {
	ops := make([]types.TransactWriteItem, len(items))
	for i, it := range items {
		ops[i] = types.TransactWriteItem{Update: m.updateOp(it, m.inPlace(it, stringAttr(it, attrPK), stringAttr(it, attrType)))}
	}
	_, err = m.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: ops})
	done = make([]outcome, len(items))
	if err == nil {
		for i := range done {
			done[i] = rewritten
		}
		return done, nil
	}
	if cancelReasons(err) == nil {
		return nil, fmt.Errorf("migrate a batch of %d items: %w", len(items), err)
	}
	for i, it := range items {
		if done[i], err = m.item(ctx, it); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// move puts the item under newPK (a late code also on its edition's list)
// and deletes the old one, in one transaction.
func (m *Migration) move(ctx context.Context, it map[string]types.AttributeValue, newPK string) (outcome, error) {
	pk, sk := stringAttr(it, attrPK), stringAttr(it, attrSK)
	moved := maps.Clone(it)
	moved[attrPK] = str(newPK)
	moved[attrEdition] = str(string(m.opts.Edition))
	if stringAttr(it, attrGSI1PK) == gsi1LateCodes {
		moved[attrGSI1PK] = str(edLateCodesGSI1PK(m.opts.Edition))
	}
	_, err := m.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: &m.table, Item: moved, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Delete: &types.Delete{TableName: &m.table, Key: key(pk, sk),
			ConditionExpression:      aws.String("attribute_exists(PK) AND attribute_not_exists(#ed)"),
			ExpressionAttributeNames: map[string]string{"#ed": attrEdition}}},
	}})
	if conditionFailedAt(err, 0) || conditionFailedAt(err, 1) {
		return alreadyDone, nil
	}
	if err != nil {
		return untouched, fmt.Errorf("move %s/%s to %s: %w", pk, sk, newPK, err)
	}
	return rewritten, nil
}
