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

// Single-use tokens: password resets (PK RESET#<sha-256 of the token, hex>,
// SK RESET) and the confirmations of an account's address (setup.go: PK
// CONFIRM#..., SK CONFIRM), each with the user's id and expires_at (epoch
// seconds, the table's TTL attribute). Only the token's hash is stored: the
// token itself travels in the message, whose params are removed once it is
// sent.

type tokenItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	UserID    int64  `dynamodbav:"id_user"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// oneTime is where a single-use token is kept, and what it is called in
// errors.
type oneTime struct{ pk, sk, typ, what string }

func resetToken(tokenHash string) oneTime {
	return oneTime{resetPK(tokenHash), skReset, typeReset, "password reset"}
}

func confirmToken(tokenHash string) oneTime {
	return oneTime{confirmPK(tokenHash), skConfirm, typeConfirm, "confirmation"}
}

// tokenOps write the token k for the account uid, valid until expires, and
// the message that carries it.
func (s *core) tokenOps(k oneTime, uid int64, expires time.Time, msg festival.Message) ([]types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(tokenItem{PK: k.pk, SK: k.sk, Type: k.typ, UserID: uid, ExpiresAt: expires.Unix()})
	if err != nil {
		return nil, err
	}
	msgs, err := s.messageOps([]festival.Message{msg})
	if err != nil {
		return nil, err
	}
	return append([]types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}}, msgs...), nil
}

// useToken deletes the token k and updates its account with update (which
// may use :t, the time now, and :one) and values, in one transaction
// conditional on the token still being there and unexpired: a token works
// once. It returns the account's id; invalid for a token unknown, used or
// expired, or whose account is gone.
func (s *core) useToken(ctx context.Context, k oneTime, now time.Time, invalid error, update string, values map[string]types.AttributeValue) (int64, error) {
	r, err := getItem[tokenItem](ctx, s, key(k.pk, k.sk))
	if errors.Is(err, festival.ErrNotFound) || (err == nil && r.ExpiresAt <= now.Unix()) {
		return 0, invalid
	}
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", k.what, err)
	}
	values[":t"], values[":one"] = str(festival.NewTime(now).String()), num(1)
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{
			TableName: &s.table, Key: key(k.pk, k.sk),
			ConditionExpression:       aws.String("attribute_exists(PK) AND expires_at > :now"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":now": num(now.Unix())},
		}},
		{Update: &types.Update{
			TableName: &s.table, Key: key(userPK(r.UserID), skUser),
			ConditionExpression:       aws.String("attribute_exists(PK)"),
			UpdateExpression:          aws.String(update),
			ExpressionAttributeValues: values,
		}},
	})
	switch {
	case conditionFailedAt(err, 0) || conditionFailedAt(err, 1):
		return 0, invalid // used meanwhile, or the account is gone
	case err != nil:
		return 0, fmt.Errorf("use the %s of user %d: %w", k.what, r.UserID, err)
	}
	return r.UserID, nil
}

// CreatePasswordReset stores a reset for the user, valid until expires, and
// the message that carries its token, in one transaction.
func (s *Users) CreatePasswordReset(ctx context.Context, userID int64, tokenHash string, expires time.Time, msg festival.Message) error {
	ops, err := s.tokenOps(resetToken(tokenHash), userID, expires, msg)
	if err != nil {
		return err
	}
	if err := s.transact(ctx, ops); err != nil {
		return fmt.Errorf("create password reset: %w", err)
	}
	return nil
}

// ConsumePasswordReset sets a new password hash for the user of a valid
// reset and deletes the reset (useToken). It returns the user's id;
// festival.ErrResetInvalid for a token unknown, used or expired.
func (s *Users) ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time, passwordHash string) (int64, error) {
	return s.useToken(ctx, resetToken(tokenHash), now, festival.ErrResetInvalid,
		"SET password = :h, updatedAt = :t ADD version :one", map[string]types.AttributeValue{":h": str(passwordHash)})
}
