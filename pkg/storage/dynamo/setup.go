package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The first run and the confirmation of an account's address.
//
// The first admin's marker (PK/SK ADMINEXISTS) says the festival has had an
// admin: every transaction that creates an ADMIN account or makes one writes
// it (putUserOps, updateUser), and the setup's transaction is conditional on
// its absence, so two racing setups make one admin. A table written before
// the marker existed has admins without it: SetupNeeded then looks for one
// among the users once and writes the marker when it finds one.

type adminMarkerItem struct {
	PK   string `dynamodbav:"PK"`
	SK   string `dynamodbav:"SK"`
	Type string `dynamodbav:"type"`
}

// adminMarkerOp writes the first admin's marker; onlyNew makes the write
// conditional on its absence (the setup's own).
func (s *core) adminMarkerOp(onlyNew bool) types.TransactWriteItem {
	item, _ := attributevalue.MarshalMap(adminMarkerItem{PK: adminMarkerPK, SK: adminMarkerPK, Type: typeAdmin})
	put := &types.Put{TableName: &s.table, Item: item}
	if onlyNew {
		put.ConditionExpression = aws.String("attribute_not_exists(PK)")
	}
	return types.TransactWriteItem{Put: put}
}

// SetupNeeded reports whether the festival has never had an admin: one read
// of the marker; without it, the users are searched for an admin (a table
// from before the marker), and the marker written when one is found.
func (s *Users) SetupNeeded(ctx context.Context) (bool, error) {
	_, err := getItem[adminMarkerItem](ctx, s.core, key(adminMarkerPK, adminMarkerPK))
	if err == nil {
		return false, nil
	}
	if !errors.Is(err, festival.ErrNotFound) {
		return false, fmt.Errorf("read the admin marker: %w", err)
	}
	admins, err := s.Admins(ctx)
	if err != nil || len(admins) == 0 {
		return err == nil, err
	}
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: s.adminMarkerOp(false).Put.Item}); err != nil {
		return false, fmt.Errorf("write the admin marker: %w", err)
	}
	return false, nil
}

// Setup creates the festival's first admin u and sets the roles open to
// self-registration and the e-mail confirmation, in one transaction
// conditional on the festival never having had an admin
// (festival.ErrSetupDone otherwise; festival.ErrEmailTaken when the e-mail
// has an account). The settings' change is audited as the new admin's.
func (s *Users) Setup(ctx context.Context, u festival.User, roles []festival.Role, confirm bool) error {
	users, err := s.newUserOps(u)
	if err != nil {
		return err
	}
	names := make([]string, len(roles))
	list := make([]types.AttributeValue, len(roles))
	for i, r := range roles {
		names[i], list[i] = string(r), str(string(r))
	}
	now := festival.NewTime(s.now()).String()
	settings := types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(settingsPK, settingsSK),
		UpdateExpression: aws.String("SET #type = if_not_exists(#type, :type), self_registration_roles = :roles, " +
			"email_confirmation = :confirm, updatedAt = :now ADD version :one"),
		ExpressionAttributeNames: map[string]string{"#type": "type"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":type": str(typeSettings), ":roles": &types.AttributeValueMemberL{Value: list},
			":confirm": &types.AttributeValueMemberBOOL{Value: confirm}, ":now": str(now), ":one": num(1),
		},
	}}
	actor := festival.Actor{ID: u.ID, Role: festival.RoleAdmin}
	ops := append([]types.TransactWriteItem{s.adminMarkerOp(true)}, users...)
	ops = append(ops, settings, s.auditOp(actor, "settings.setup", "settings", map[string]string{
		"self_registration_roles": strings.Join(names, ","), "email_confirmation": strconv.FormatBool(confirm),
	}))
	err = s.transact(ctx, ops)
	switch {
	case conditionFailedAt(err, 0):
		return festival.ErrSetupDone
	case conditionFailedAt(err, 1):
		return festival.ErrEmailTaken
	case err != nil:
		return fmt.Errorf("setup: %w", err)
	}
	return nil
}

// confirmationOps write a confirmation for the account uid and its message
// (a single-use token: resets.go).
func (s *core) confirmationOps(uid int64, c festival.EmailConfirmation) ([]types.TransactWriteItem, error) {
	return s.tokenOps(confirmToken(c.TokenHash), uid, c.Expires, c.Message)
}

// CreateConfirmation stores a new confirmation for an account that is still
// unconfirmed, with its message, in one transaction
// (festival.ErrConfirmInvalid when the account is gone or confirmed).
func (s *Users) CreateConfirmation(ctx context.Context, uid int64, c festival.EmailConfirmation) error {
	ops, err := s.confirmationOps(uid, c)
	if err != nil {
		return err
	}
	ops = append(ops, types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &s.table, Key: key(userPK(uid), skUser),
		ConditionExpression:       aws.String("email_confirmed = :false"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":false": &types.AttributeValueMemberBOOL{Value: false}},
	}})
	err = s.transact(ctx, ops)
	switch {
	case conditionFailedAt(err, len(ops)-1):
		return festival.ErrConfirmInvalid
	case err != nil:
		return fmt.Errorf("create confirmation: %w", err)
	}
	return nil
}

// ConfirmEmail confirms the address of the account of a valid confirmation
// and deletes it (useToken: a token works once). It returns the account's
// id; festival.ErrConfirmInvalid for a token unknown, used or expired.
func (s *Users) ConfirmEmail(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	return s.useToken(ctx, confirmToken(tokenHash), now, festival.ErrConfirmInvalid,
		"REMOVE email_confirmed SET updatedAt = :t ADD version :one", map[string]types.AttributeValue{})
}
