package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// DynamoDB's limits on a key attribute's string value, in bytes: it refuses
// an empty one or a longer one with a ValidationException (a 500 if it got
// there).
const (
	MaxPartitionKeyBytes = 2048
	MaxSortKeyBytes      = 1024
)

// keyLimits are the table's and its indexes' key attributes, each with the
// most bytes DynamoDB takes.
var keyLimits = map[string]int{
	attrPK: MaxPartitionKeyBytes, attrGSI1PK: MaxPartitionKeyBytes, attrGSI2PK: MaxPartitionKeyBytes,
	attrSK: MaxSortKeyBytes, attrGSI1SK: MaxSortKeyBytes, attrGSI2SK: MaxSortKeyBytes,
}

// errKeyRefused is the store's answer to a key DynamoDB would refuse: a 400,
// never a 500. The key types (festival.EmailKey, LateCodeID, PlanID) keep
// request values from reaching it; this is the guard of last resort.
func errKeyRefused() error { return apperr.E(apperr.Invalid, texts.KeyRefused) }

// checkKeys refuses an item or key whose key attributes DynamoDB would refuse.
func checkKeys(item map[string]types.AttributeValue) error {
	for name, limit := range keyLimits {
		v, ok := item[name].(*types.AttributeValueMemberS)
		if ok && (v.Value == "" || len(v.Value) > limit) {
			return errKeyRefused()
		}
	}
	return nil
}

// keyGuard is the DB every store talks to: it checks each key and item it
// is sent (checkKeys) before DynamoDB sees it. Queries name their keys in
// expression values and are left to the key builders.
type keyGuard struct{ DB }

func (g keyGuard) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	if err := checkKeys(in.Key); err != nil {
		return nil, err
	}
	return g.DB.GetItem(ctx, in, opts...)
}

func (g keyGuard) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	if err := checkKeys(in.Item); err != nil {
		return nil, err
	}
	return g.DB.PutItem(ctx, in, opts...)
}

func (g keyGuard) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	if err := checkKeys(in.Key); err != nil {
		return nil, err
	}
	return g.DB.UpdateItem(ctx, in, opts...)
}

func (g keyGuard) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	if err := checkKeys(in.Key); err != nil {
		return nil, err
	}
	return g.DB.DeleteItem(ctx, in, opts...)
}

func (g keyGuard) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	for _, ka := range in.RequestItems {
		for _, k := range ka.Keys {
			if err := checkKeys(k); err != nil {
				return nil, err
			}
		}
	}
	return g.DB.BatchGetItem(ctx, in, opts...)
}

func (g keyGuard) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	for _, op := range in.TransactItems {
		var err error
		switch {
		case op.Put != nil:
			err = checkKeys(op.Put.Item)
		case op.Update != nil:
			err = checkKeys(op.Update.Key)
		case op.Delete != nil:
			err = checkKeys(op.Delete.Key)
		case op.ConditionCheck != nil:
			err = checkKeys(op.ConditionCheck.Key)
		}
		if err != nil {
			return nil, err
		}
	}
	return g.DB.TransactWriteItems(ctx, in, opts...)
}
