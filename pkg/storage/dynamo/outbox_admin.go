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

// What admins do with the outbox before a message goes: read the held
// ones, rewrite or discard one, release held decisions now; and what the
// runner does with a decision whose release moved later (HoldMessage).
// Every change of a message is conditional on it still being pending (and,
// where the runner or a release moves it, still where it was seen), so a
// message sent, discarded or edited meanwhile keeps what happened to it.

// dueKey is the pending queue's sort key bound of now: messages at or
// below it are due, those above it held.
func dueKey(now time.Time) string { return festival.NewTime(now).String() + "#~" }

// heldMessages is the query of the pending messages due after now, soonest first.
func (s *core) heldMessages(now time.Time) *dynamodb.QueryInput {
	in := s.gsi1Query(messageQueue(festival.MessagePending))
	in.KeyConditionExpression = aws.String("GSI1PK = :pk AND GSI1SK > :due")
	in.ExpressionAttributeValues[":due"] = str(dueKey(now))
	return in
}

// GetMessage reads one message (festival.ErrNotFound when there is none).
func (s *Outbox) GetMessage(ctx context.Context, id string) (festival.Message, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key(messagePK(id), skMessage)})
	if err != nil {
		return festival.Message{}, fmt.Errorf("get message %s: %w", id, err)
	}
	if len(out.Item) == 0 {
		return festival.Message{}, festival.ErrNotFound
	}
	var it messageItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return festival.Message{}, err
	}
	return it.message(), nil
}

// pendingChange is a conditional update of a pending message, in one
// transaction with its audit entry: festival.ErrConflict when the message
// is gone or no longer pending.
func (s *Outbox) pendingChange(ctx context.Context, id, update string, values map[string]types.AttributeValue, audit types.TransactWriteItem) error {
	values[":pending"] = str(string(festival.MessagePending))
	names := map[string]string{"#st": "state"}
	if strings.Contains(update, "#text") {
		names["#text"] = "text" // a reserved word
	}
	err := s.transact(ctx, []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: key(messagePK(id), skMessage),
		ConditionExpression: aws.String("#st = :pending"), UpdateExpression: aws.String(update),
		ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	}}, audit})
	if conditionFailedAt(err, 0) {
		return festival.ErrConflict
	}
	if err != nil {
		return fmt.Errorf("change message %s: %w", id, err)
	}
	return nil
}

// EditMessage stores an admin's rewrite of a pending message: delivery
// sends it in place of the template.
func (s *Outbox) EditMessage(ctx context.Context, actor festival.Actor, id string, e festival.MessageEdit) error {
	update, values, details := "SET ", map[string]types.AttributeValue{}, map[string]string{}
	if e.Subject != nil {
		update += "subject = :subject"
		values[":subject"], details["subject"] = str(*e.Subject), *e.Subject
	}
	if e.Text != nil {
		if e.Subject != nil {
			update += ", "
		}
		update += "#text = :text"
		values[":text"], details["text"] = str(*e.Text), "edited"
	}
	return s.pendingChange(ctx, id, update, values, s.auditOp(actor, "notification.edit", "notification:"+id, details))
}

// DiscardMessage withdraws a pending message: filed as discarded (never
// sent), with the texts it would have had in place of its params, as an
// ended message keeps them (a reset token is not kept).
func (s *Outbox) DiscardMessage(ctx context.Context, actor festival.Actor, id, subject, text string) error {
	at := festival.NewTime(s.now())
	values := map[string]types.AttributeValue{
		":discarded": str(string(festival.MessageDiscarded)), ":q": str(messageQueue(festival.MessageDiscarded)),
		":sk": str(messageQueueSK(at, id)), ":subject": str(subject), ":text": str(text), ":at": str(at.String()),
	}
	update := "SET #st = :discarded, GSI1PK = :q, GSI1SK = :sk, subject = :subject, #text = :text, next_attempt_at = :at REMOVE params"
	return s.pendingChange(ctx, id, update, values, s.auditOp(actor, "notification.discard", "notification:"+id, nil))
}

// moveDueOp is the update that moves a pending message, still where it was
// seen in the queue, to be due at at; its condition fails when the message
// moved (a runner claimed it) or ended (sent, failed, discarded) meanwhile.
func (s *core) moveDueOp(m festival.Message, at time.Time) *types.Update {
	next := festival.NewTime(at)
	return &types.Update{
		TableName: &s.table, Key: key(messagePK(m.ID), skMessage),
		ConditionExpression:      aws.String("#st = :pending AND GSI1SK = :seen"),
		UpdateExpression:         aws.String("SET next_attempt_at = :next, GSI1SK = :sk"),
		ExpressionAttributeNames: map[string]string{"#st": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pending": str(string(festival.MessagePending)), ":seen": str(messageQueueSK(m.NextAttemptAt, m.ID)),
			":next": str(next.String()), ":sk": str(messageQueueSK(next, m.ID)),
		},
	}
}

// moveDue moves one message (moveDueOp): false when it moved or ended meanwhile.
func (s *core) moveDue(ctx context.Context, m festival.Message, at time.Time) (bool, error) {
	op := s.moveDueOp(m, at)
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: op.TableName, Key: op.Key, ConditionExpression: op.ConditionExpression, UpdateExpression: op.UpdateExpression,
		ExpressionAttributeNames: op.ExpressionAttributeNames, ExpressionAttributeValues: op.ExpressionAttributeValues,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("move message %s: %w", m.ID, err)
	}
	return true, nil
}

// maxMoveTries bounds the tries of one transaction of moves cancelled only
// by concurrent transactions (TransactionConflict).
const maxMoveTries = 5

// moveAllDue sends moves (moveDueOp) in transactions of transactRoom. A
// transaction cancelled because some moves' conditions failed (those
// messages moved or ended meanwhile, and keep that) is sent again without
// them. It returns how many moves were written.
func (s *core) moveAllDue(ctx context.Context, ops []types.TransactWriteItem) (int, error) {
	moved := 0
	for len(ops) > 0 {
		chunk := ops[:min(len(ops), transactRoom)]
		ops = ops[len(chunk):]
		for try := 0; len(chunk) > 0; try++ {
			err := s.transact(ctx, chunk)
			if err == nil {
				moved += len(chunk)
				break
			}
			reasons := cancelReasons(err)
			if reasons == nil || try >= maxMoveTries {
				return moved, fmt.Errorf("release messages: %w", err)
			}
			var again []types.TransactWriteItem
			for i, op := range chunk {
				if i >= len(reasons) || reasons[i] != "ConditionalCheckFailed" {
					again = append(again, op)
				}
			}
			if len(again) == len(chunk) { // only conflicts: wait a little
				if err := sleep(ctx, time.Duration(try+1)*20*time.Millisecond); err != nil {
					return moved, err
				}
			}
			chunk = again
		}
	}
	return moved, nil
}

// HoldMessage puts a due message back in the queue until until (a decision
// whose release date moved later): false when another runner took it.
func (s *Outbox) HoldMessage(ctx context.Context, m festival.Message, until time.Time) (bool, error) {
	return s.moveDue(ctx, m, until)
}

// HeldDecisions lists the held decision messages (due after now), soonest
// first: one Query of the pending queue per page.
func (s *Outbox) HeldDecisions(ctx context.Context) ([]festival.Message, error) {
	in := s.heldMessages(s.now())
	in.FilterExpression = aws.String("kind = :kind")
	in.ExpressionAttributeValues[":kind"] = str(string(festival.MessageMovieStatus))
	held, _, err := queryRecords(ctx, s.core, in, Page{}, messageItem.message)
	if err != nil {
		return nil, fmt.Errorf("held decisions: %w", err)
	}
	return held, nil
}

// MoveMessages makes held messages due sooner (festival.DecisionMoves), in
// conditional transactions of up to transactRoom (moveAllDue): a message
// claimed, sent or discarded since it was read is left as it is. It
// records what target released them in the audit trail and returns how
// many it moved.
func (s *Outbox) MoveMessages(ctx context.Context, actor festival.Actor, moves []festival.MessageMove, target string) (int, error) {
	ops := make([]types.TransactWriteItem, len(moves))
	for i, mv := range moves {
		ops[i] = types.TransactWriteItem{Update: s.moveDueOp(mv.Message, mv.Due)}
	}
	moved, err := s.moveAllDue(ctx, ops)
	if err != nil {
		return moved, err
	}
	err = s.transact(ctx, []types.TransactWriteItem{s.auditOp(actor, "notifications.release", target, map[string]string{"released": strconv.Itoa(moved)})})
	return moved, err
}
