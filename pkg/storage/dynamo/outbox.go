package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The outbox: messages (festival.Message) written in the transaction of the
// change they tell of, and delivered later by a runner (service/notify).
// PK MESSAGE#<id>, SK MESSAGE; GSI1 MESSAGES#<state> / <time>#<id> is the
// queue of each state: for pending messages the time is when the next
// attempt is due, so "what is due now" is one Query; for sent and failed
// ones, when they ended.

type messageItem struct {
	PK            string            `dynamodbav:"PK"`
	SK            string            `dynamodbav:"SK"`
	GSI1PK        string            `dynamodbav:"GSI1PK"`
	GSI1SK        string            `dynamodbav:"GSI1SK"`
	Type          string            `dynamodbav:"type"`
	ID            string            `dynamodbav:"id_message"`
	Kind          string            `dynamodbav:"kind"`
	To            []int64           `dynamodbav:"to"`
	Params        map[string]string `dynamodbav:"params,omitempty"`
	Subject       string            `dynamodbav:"subject,omitempty"`
	Text          string            `dynamodbav:"text,omitempty"`
	State         string            `dynamodbav:"state"`
	Delivered     []int64           `dynamodbav:"delivered,numberset,omitempty"`
	Noticed       []int64           `dynamodbav:"noticed,numberset,omitempty"`
	Attempts      int               `dynamodbav:"attempts"`
	NextAttemptAt string            `dynamodbav:"next_attempt_at"`
	LastError     string            `dynamodbav:"last_error,omitempty"`
	CreatedAt     string            `dynamodbav:"createdAt"`
	SentAt        string            `dynamodbav:"sent_at,omitempty"`
}

func (it messageItem) message() festival.Message {
	m := festival.Message{ID: it.ID, Kind: festival.MessageKind(it.Kind), To: it.To, Params: it.Params,
		Subject: it.Subject, Text: it.Text, State: festival.MessageState(it.State), Delivered: it.Delivered, Noticed: it.Noticed, Attempts: it.Attempts, LastError: it.LastError}
	if m.To == nil {
		m.To = []int64{}
	}
	if m.Delivered == nil {
		m.Delivered = []int64{}
	}
	m.NextAttemptAt, _ = festival.ParseTime(it.NextAttemptAt)
	m.CreatedAt, _ = festival.ParseTime(it.CreatedAt)
	m.SentAt, _ = festival.ParseTime(it.SentAt)
	return m
}

// messageOps are the Puts of messages, for the transaction of their change.
func (s *core) messageOps(msgs []festival.Message) ([]types.TransactWriteItem, error) {
	ops := make([]types.TransactWriteItem, 0, len(msgs))
	for _, m := range msgs {
		item, err := attributevalue.MarshalMap(messageItem{
			PK: messagePK(m.ID), SK: skMessage, GSI1PK: messageQueue(festival.MessagePending), GSI1SK: messageQueueSK(m.NextAttemptAt, m.ID),
			Type: typeMessage, ID: m.ID, Kind: string(m.Kind), To: m.To, Params: m.Params, State: string(festival.MessagePending),
			NextAttemptAt: m.NextAttemptAt.String(), CreatedAt: m.CreatedAt.String(),
		})
		if err != nil {
			return nil, err
		}
		ops = append(ops, types.TransactWriteItem{Put: &types.Put{
			TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
		}})
	}
	return ops, nil
}

// DueMessages returns up to limit pending messages whose next attempt is due
// at now, oldest first: one Query of the pending queue.
func (s *Outbox) DueMessages(ctx context.Context, now time.Time, limit int32) ([]festival.Message, error) {
	in := s.gsi1Query(messageQueue(festival.MessagePending))
	in.KeyConditionExpression = aws.String("GSI1PK = :pk AND GSI1SK <= :due")
	in.ExpressionAttributeValues[":due"] = str(festival.NewTime(now).String() + "#~")
	in.Limit = aws.Int32(limit)
	out, err := s.db.Query(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("due messages: %w", err)
	}
	msgs := make([]festival.Message, 0, len(out.Items))
	for _, item := range out.Items {
		var it messageItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		msgs = append(msgs, it.message())
	}
	return msgs, nil
}

// ClaimMessage takes a due message for one attempt: it counts the attempt
// and moves the message's next attempt to until, so that no other runner
// takes it meanwhile and, should this runner stop before it says how the
// attempt went, the message is due again then (at-least-once delivery). It
// reports false when another runner took the message first.
func (s *Outbox) ClaimMessage(ctx context.Context, m festival.Message, until time.Time) (festival.Message, bool, error) {
	next := festival.NewTime(until)
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(messagePK(m.ID), skMessage),
		ConditionExpression:      aws.String("#st = :pending AND GSI1SK = :seen"),
		UpdateExpression:         aws.String("SET next_attempt_at = :next, GSI1SK = :sk ADD attempts :one"),
		ExpressionAttributeNames: map[string]string{"#st": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pending": str(string(festival.MessagePending)), ":seen": str(messageQueueSK(m.NextAttemptAt, m.ID)),
			":next": str(next.String()), ":sk": str(messageQueueSK(next, m.ID)), ":one": num(1),
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return m, false, nil
	}
	if err != nil {
		return m, false, fmt.Errorf("claim message %s: %w", m.ID, err)
	}
	var it messageItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return m, false, err
	}
	return it.message(), true, nil
}

// MarkDelivered records that one recipient was sent the message, so that a
// later attempt (after a failure with another recipient) does not send it
// to them again.
func (s *Outbox) MarkDelivered(ctx context.Context, id string, userID int64) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(messagePK(id), skMessage),
		UpdateExpression:          aws.String("ADD delivered :u"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":u": &types.AttributeValueMemberNS{Value: []string{strconv.FormatInt(userID, 10)}}},
	})
	if err != nil {
		return fmt.Errorf("mark message %s delivered to %d: %w", id, userID, err)
	}
	return nil
}

// FinishAttempt files a claimed message by the outcome of its attempt. A
// message that ends (sent or failed) loses its params (a reset message's
// token is not kept once sent) and keeps the texts sent in their place.
func (s *Outbox) FinishAttempt(ctx context.Context, id string, o festival.MessageOutcome) error {
	at := festival.NewTime(o.At)
	values := map[string]types.AttributeValue{
		":state": str(string(o.State)), ":pk": str(messageQueue(o.State)), ":sk": str(messageQueueSK(at, id)), ":err": str(o.Error),
		":at": str(at.String()),
	}
	names := map[string]string{"#st": "state"}
	update := "SET #st = :state, GSI1PK = :pk, GSI1SK = :sk, last_error = :err, "
	ended := ""
	if o.State != festival.MessagePending && (o.Subject != "" || o.Text != "") {
		values[":subject"], values[":text"], names["#text"] = str(o.Subject), str(o.Text), "text"
		ended = ", subject = :subject, #text = :text"
	}
	switch o.State {
	case festival.MessagePending:
		update += "next_attempt_at = :at"
	case festival.MessageSent:
		update += "sent_at = :at" + ended + " REMOVE params"
	default:
		update += "next_attempt_at = :at" + ended + " REMOVE params"
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(messagePK(id), skMessage),
		UpdateExpression: aws.String(update), ExpressionAttributeNames: names,
		ExpressionAttributeValues: values,
	})
	if err != nil {
		return fmt.Errorf("file message %s: %w", id, err)
	}
	return nil
}

// ListMessages lists the messages of one state, newest first, one page or
// all; held ones (the pending due after now) soonest first.
func (s *Outbox) ListMessages(ctx context.Context, st festival.MessageState, p Page) ([]festival.Message, string, error) {
	if st == festival.MessageHeld {
		return queryRecords(ctx, s.core, s.heldMessages(s.now()), p, messageItem.message)
	}
	in := s.gsi1Query(messageQueue(st))
	in.ScanIndexForward = aws.Bool(false)
	return queryRecords(ctx, s.core, in, p, messageItem.message)
}
