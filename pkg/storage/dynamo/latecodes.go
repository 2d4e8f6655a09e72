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
	Edition   string `dynamodbav:"edition"`
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

// writableEdition is the current edition, which writes go to; a request
// that names another one is refused (errEditionArchived).
func (s *core) writableEdition(ctx context.Context) (festival.EditionID, error) {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return "", err
	}
	if asked, ok := festival.EditionOf(ctx); ok && asked != ed {
		return "", errEditionArchived()
	}
	return ed, nil
}

// CreateLateCode stores a new code in the current edition
// (festival.ErrCodeTaken when it exists there).
func (s *Settings) CreateLateCode(ctx context.Context, c festival.LateCode) error {
	code, err := festival.ParseLateCode("code", c.Code)
	if err != nil {
		return err
	}
	ed, err := s.writableEdition(ctx)
	if err != nil {
		return err
	}
	item, err := attributevalue.MarshalMap(lateCodeItem{
		PK: edLateCodePK(ed, code), SK: skLateCode, GSI1PK: edLateCodesGSI1PK(ed), GSI1SK: c.CreatedAt.String() + "#" + c.Code, Type: typeLateCode,
		Edition: string(ed), Code: c.Code, UsesLeft: c.UsesLeft, Uses: c.Uses, ExpiresAt: c.ExpiresAt.String(), CreatedAt: c.CreatedAt.String(),
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

// GetLateCode reads a code of the edition the request addresses
// (festival.ErrNotFound when there is none).
func (s *Settings) GetLateCode(ctx context.Context, code festival.LateCodeID) (festival.LateCode, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return festival.LateCode{}, err
	}
	it, err := getItem[lateCodeItem](ctx, s.core, key(edLateCodePK(ed, code), skLateCode))
	if err != nil {
		return festival.LateCode{}, wrapGet(err, "get late-entry code")
	}
	return it.lateCode(), nil
}

// ListLateCodes lists the codes of the edition the request addresses,
// newest first.
func (s *Settings) ListLateCodes(ctx context.Context, p Page) ([]festival.LateCode, string, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, "", err
	}
	in := s.gsi1Query(edLateCodesGSI1PK(ed))
	in.ScanIndexForward = aws.Bool(false)
	return queryRecords(ctx, s.core, in, p, lateCodeItem.lateCode)
}

// DeleteLateCode withdraws a code of the current edition
// (festival.ErrNotFound when there is none).
func (s *Settings) DeleteLateCode(ctx context.Context, code festival.LateCodeID) error {
	ed, err := s.writableEdition(ctx)
	if err != nil {
		return err
	}
	_, err = s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: &s.table, Key: key(edLateCodePK(ed, code), skLateCode), ConditionExpression: aws.String("attribute_exists(PK)"),
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

// useLateCodeOp takes one use of a code of edition ed (the film's), for the
// transaction that creates the film it admits: it fails when no use is
// left or the code expired.
func (s *core) useLateCodeOp(ed festival.EditionID, code festival.LateCodeID, now time.Time) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(edLateCodePK(ed, code), skLateCode),
		ConditionExpression: aws.String("uses_left > :zero AND expires_at_iso > :now"),
		UpdateExpression:    aws.String("ADD uses_left :minus"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":zero": num(0), ":minus": num(-1), ":now": str(festival.NewTime(now).String()),
		},
	}}
}
