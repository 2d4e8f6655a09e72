package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

type lateCodeItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
	Type      string `dynamodbav:"type"`
	Code      string `dynamodbav:"code"`
	UsesLeft  int    `dynamodbav:"uses_left"`
	Uses      int    `dynamodbav:"uses"`
	ExpiresAt string `dynamodbav:"expires_at_iso"`
	CreatedAt string `dynamodbav:"createdAt"`
}

func (it lateCodeItem) lateCode() festival.LateCode {
	c := festival.LateCode{Code: it.Code, Uses: it.Uses, UsesLeft: it.UsesLeft}
	c.ExpiresAt, _ = festival.ParseTime(it.ExpiresAt)
	c.CreatedAt, _ = festival.ParseTime(it.CreatedAt)
	return c
}

// CreateLateCode stores a new code (festival.ErrCodeTaken when it exists).
func (s *Settings) CreateLateCode(ctx context.Context, c festival.LateCode) error {
	item, err := attributevalue.MarshalMap(lateCodeItem{
		PK: lateCodePK(c.Code), SK: skLateCode, GSI1PK: gsi1LateCodes, GSI1SK: c.CreatedAt.String() + "#" + c.Code, Type: typeLateCode,
		Code: c.Code, UsesLeft: c.UsesLeft, Uses: c.Uses, ExpiresAt: c.ExpiresAt.String(), CreatedAt: c.CreatedAt.String(),
	})
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return festival.ErrCodeTaken
	}
	if err != nil {
		return fmt.Errorf("create late-entry code: %w", err)
	}
	return nil
}

// GetLateCode reads a code (festival.ErrNotFound when there is none).
func (s *Settings) GetLateCode(ctx context.Context, code string) (festival.LateCode, error) {
	it, err := getItem[lateCodeItem](ctx, s.core, key(lateCodePK(code), skLateCode))
	if err != nil {
		return festival.LateCode{}, wrapGet(err, "get late-entry code")
	}
	return it.lateCode(), nil
}

// ListLateCodes lists the codes, newest first.
func (s *Settings) ListLateCodes(ctx context.Context, p Page) ([]festival.LateCode, string, error) {
	in := s.gsi1Query(gsi1LateCodes)
	in.ScanIndexForward = aws.Bool(false)
	return queryRecords(ctx, s.core, in, p, lateCodeItem.lateCode)
}

// DeleteLateCode withdraws a code (festival.ErrNotFound when there is none).
func (s *Settings) DeleteLateCode(ctx context.Context, code string) error {
	_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: key(lateCodePK(code), skLateCode), ConditionExpression: aws.String("attribute_exists(PK)"),
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return festival.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("delete late-entry code: %w", err)
	}
	return nil
}

// useLateCodeOp takes one use of a code, for the transaction that creates
// the film it admits: it fails when no use is left or the code expired.
func (s *core) useLateCodeOp(code string, now time.Time) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(lateCodePK(code), skLateCode),
		ConditionExpression: aws.String("uses_left > :zero AND expires_at_iso > :now"),
		UpdateExpression:    aws.String("ADD uses_left :minus"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":zero": num(0), ":minus": num(-1), ":now": str(festival.NewTime(now).String()),
		},
	}}
}
