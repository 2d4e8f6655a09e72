package dynamo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// TestTheStoreRefusesAKeyDynamoDBWouldRefuseAsA400: the guard of last
// resort answers an empty or over-long key attribute before DynamoDB sees
// it, and its limits are DynamoDB Local's (at the limit it stores, past it
// DynamoDB itself refuses).
func TestTheStoreRefusesAKeyDynamoDBWouldRefuseAsA400(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	raw, table := dynamotest.Table(t)
	guarded := dynamo.New(raw, table, nil).Client()
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	item := func(pk, sk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": s(pk), "SK": s(sk)}
	}
	pkAt, skAt := strings.Repeat("P", dynamo.MaxPartitionKeyBytes), strings.Repeat("S", dynamo.MaxSortKeyBytes)
	// 4-byte characters count as 4 bytes.
	pkOver, skOver := strings.Repeat("𝄞", dynamo.MaxPartitionKeyBytes/4)+"P", strings.Repeat("𝄞", dynamo.MaxSortKeyBytes/4)+"S"
	if _, err := guarded.PutItem(ctx, &dynamodb.PutItemInput{TableName: &table, Item: item(pkAt, skAt)}); err != nil {
		t.Fatalf("a key at the limits: %v", err)
	}
	for _, tc := range []struct {
		name string
		key  map[string]types.AttributeValue
	}{
		{"a partition key over 2,048 bytes", item(pkOver, "S")},
		{"a sort key over 1,024 bytes", item("P", skOver)},
		{"an empty partition key", item("", "S")},
		{"an empty sort key", item("P", "")},
	} {
		if _, err := raw.PutItem(ctx, &dynamodb.PutItemInput{TableName: &table, Item: tc.key}); err == nil {
			t.Errorf("%s: DynamoDB Local stored it: the guard's limit is not DynamoDB's", tc.name)
		}
		calls := map[string]error{}
		_, calls["PutItem"] = guarded.PutItem(ctx, &dynamodb.PutItemInput{TableName: &table, Item: tc.key})
		_, calls["GetItem"] = guarded.GetItem(ctx, &dynamodb.GetItemInput{TableName: &table, Key: tc.key})
		_, calls["UpdateItem"] = guarded.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: &table, Key: tc.key})
		_, calls["DeleteItem"] = guarded.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &table, Key: tc.key})
		_, calls["TransactWriteItems"] = guarded.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{TableName: &table, Item: item("P", "S")}}, {Delete: &types.Delete{TableName: &table, Key: tc.key}},
		}})
		_, calls["BatchGetItem"] = guarded.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{table: {Keys: []map[string]types.AttributeValue{tc.key}}}})
		for call, err := range calls {
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("%s: %s answered %v, want the store's 400", tc.name, call, err)
			}
		}
	}
	if out, err := raw.GetItem(ctx, &dynamodb.GetItemInput{TableName: &table, Key: item("P", "S")}); err != nil || out.Item != nil {
		t.Errorf("a transaction with a refused key wrote its other items: %v, %v", out, err)
	}
}
