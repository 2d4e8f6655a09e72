package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Password resets: PK RESET#<sha-256 of the token, hex>, SK RESET, with the
// user's id and expires_at (epoch seconds, the table's TTL attribute). Only
// the token's hash is stored: the token itself travels in the message, whose
// params are removed once it is sent.

type resetItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	UserID    int64  `dynamodbav:"id_user"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// CreatePasswordReset stores a reset for the user, valid until expires, and
// the message that carries its token, in one transaction.
func (s *Users) CreatePasswordReset(ctx context.Context, userID int64, tokenHash string, expires time.Time, msg festival.Message) error {
	item, err := attributevalue.MarshalMap(resetItem{PK: resetPK(tokenHash), SK: skReset, Type: typeReset, UserID: userID, ExpiresAt: expires.Unix()})
	if err != nil {
		return err
	}
	msgs, err := s.messageOps([]festival.Message{msg})
	if err != nil {
		return err
	}
	ops := append([]types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}}, msgs...)
	if err := s.transact(ctx, ops); err != nil {
		return fmt.Errorf("create password reset: %w", err)
	}
	return nil
}

// ConsumePasswordReset sets a new password hash for the user of a valid
// reset and deletes the reset, in one transaction conditional on the reset
// still being there and unexpired: a token works once. It returns the user's
// id; festival.ErrResetInvalid for a token unknown, used or expired.
func (s *Users) ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time, passwordHash string) (int64, error) {
	r, err := getItem[resetItem](ctx, s.core, key(resetPK(tokenHash), skReset))
	if errors.Is(err, festival.ErrNotFound) || (err == nil && r.ExpiresAt <= now.Unix()) {
		return 0, festival.ErrResetInvalid
	}
	if err != nil {
		return 0, fmt.Errorf("read password reset: %w", err)
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: &s.table, Key: key(resetPK(tokenHash), skReset),
			ConditionExpression:       aws.String("attribute_exists(PK) AND expires_at > :now"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": num(now.Unix())},
		}},
		{Update: &types.Update{
			TableName: &s.table, Key: key(userPK(r.UserID), skUser),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			UpdateExpression:          aws.String("SET password = :h, updatedAt = :t ADD version :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":h": str(passwordHash), ":t": str(festival.NewTime(now).String()), ":one": num(1)},
		}},
	})
	switch {
	case conditionFailedAt(err, 0) || conditionFailedAt(err, 1):
		return 0, festival.ErrResetInvalid // used meanwhile, or the account is gone
	case err != nil:
		return 0, fmt.Errorf("reset password of user %d: %w", r.UserID, err)
	}
	return r.UserID, nil
}
