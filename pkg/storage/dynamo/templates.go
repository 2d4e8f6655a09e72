package dynamo

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
)

// The festival's own message templates, beside its settings item in the
// SETTINGS partition: one item per kind it rewrote (mailtemplate.Template).
// A kind without an item reads the default.

type templateItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	Kind      string `dynamodbav:"kind"`
	Subject   string `dynamodbav:"subject"`
	Body      string `dynamodbav:"body"`
	UpdatedAt string `dynamodbav:"updatedAt"`
}

// MessageTemplates reads every template the festival wrote for the
// edition the request addresses (an archived one's were copied to
// SETTINGS#<ed>): one Query.
func (s *Settings) MessageTemplates(ctx context.Context) ([]mailtemplate.Template, error) {
	pk, err := s.settingsPartition(ctx)
	if err != nil {
		return nil, err
	}
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName: &s.table, ConsistentRead: aws.Bool(true),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk), ":prefix": str(prefixTemplate)},
	})
	if err != nil {
		return nil, fmt.Errorf("message templates: %w", err)
	}
	out := make([]mailtemplate.Template, 0, len(items))
	for _, item := range items {
		var it templateItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		t := mailtemplate.Template{Kind: festival.MessageKind(it.Kind), Subject: it.Subject, Body: it.Body}
		t.UpdatedAt, _ = festival.ParseTime(it.UpdatedAt)
		out = append(out, t)
	}
	return out, nil
}

// SaveMessageTemplate writes the festival's template of one kind (checked
// by the caller) with its audit entry, in one transaction.
func (s *Settings) SaveMessageTemplate(ctx context.Context, actor festival.Actor, t mailtemplate.Template) error {
	if err := s.refuseArchived(ctx); err != nil {
		return err // an archived edition's templates stay
	}
	item, err := attributevalue.MarshalMap(templateItem{
		PK: settingsPK, SK: templateSK(t.Kind), Type: typeTemplate, Kind: string(t.Kind),
		Subject: t.Subject, Body: t.Body, UpdatedAt: t.UpdatedAt.String(),
	})
	if err != nil {
		return err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: item}},
		s.auditOp(actor, "template.update", "template:"+string(t.Kind), map[string]string{"subject": t.Subject, "body": t.Body}),
	})
	if err != nil {
		return fmt.Errorf("save template %s: %w", t.Kind, err)
	}
	return nil
}

// DeleteMessageTemplate removes the festival's template of one kind, so
// that the default applies again, with its audit entry.
func (s *Settings) DeleteMessageTemplate(ctx context.Context, actor festival.Actor, kind festival.MessageKind) error {
	if err := s.refuseArchived(ctx); err != nil {
		return err // an archived edition's templates stay
	}
	err := s.transact(ctx, []types.TransactWriteItem{
		s.deleteOp(settingsPK, templateSK(kind)),
		s.auditOp(actor, "template.reset", "template:"+string(kind), nil),
	})
	if err != nil {
		return fmt.Errorf("reset template %s: %w", kind, err)
	}
	return nil
}

// WriteMessages writes messages an admin composed, with one audit entry,
// in transactions of transactRoom items (the audit entry in the first): a
// group of up to transactRoom-1 people is written all or nothing.
func (s *Outbox) WriteMessages(ctx context.Context, actor festival.Actor, msgs []festival.Message, details map[string]string) error {
	ops, err := s.messageOps(msgs)
	if err != nil {
		return err
	}
	details["messages"] = strconv.Itoa(len(msgs))
	ops = append([]types.TransactWriteItem{s.auditOp(actor, "notifications.compose", "notifications", details)}, ops...)
	if err := s.transactChunks(ctx, ops); err != nil {
		return fmt.Errorf("write composed messages: %w", err)
	}
	return nil
}
