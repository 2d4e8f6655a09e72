package dynamo

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A person's messages. The outbox has no index by recipient (a message
// names several, in a list): the messages of one person are found by
// reading each state's queue (GSI1 MESSAGES#<state>) whole, page by page,
// filtered on contains(to, <id>). Its read cost grows with the outbox, not
// with the person's messages: about 1 read unit per 4 KB of messages of the
// state, so 0.5 units per message at most. An export or an erasure is rare;
// no route that runs often uses it.

// MessagesTo lists the messages addressed to a user that were or will be
// sent (pending, held, sent and failed; not those an admin discarded),
// each state's newest first.
func (s *Outbox) MessagesTo(ctx context.Context, uid int64) ([]festival.Message, error) {
	return s.messagesTo(ctx, uid, festival.MessagePending, festival.MessageSent, festival.MessageFailed)
}

func (s *Outbox) messagesTo(ctx context.Context, uid int64, states ...festival.MessageState) ([]festival.Message, error) {
	var out []festival.Message
	for _, st := range states {
		in := s.gsi1Query(messageQueue(st))
		in.ScanIndexForward = aws.Bool(false)
		in.FilterExpression = aws.String("contains(#to, :uid)")
		in.ExpressionAttributeNames = map[string]string{"#to": "to"}
		in.ExpressionAttributeValues[":uid"] = num(uid)
		items, err := s.queryAll(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("messages to %d: %w", uid, err)
		}
		for _, item := range items {
			var it messageItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, err
			}
			out = append(out, it.message())
		}
	}
	return out, nil
}

// deleteMessagesToOnly deletes the ended messages (sent, failed, discarded)
// whose only recipient is uid: what they kept of the text sent names the
// person. A pending one is left to the outbox, which finds nobody to tell
// and ends it without its params; a message to several people stays (it
// names its first recipient at most, see festival.MessageOutcome).
func (s *Outbox) deleteMessagesToOnly(ctx context.Context, uid int64) error {
	msgs, err := s.messagesTo(ctx, uid, festival.MessageSent, festival.MessageFailed, festival.MessageDiscarded)
	if err != nil {
		return err
	}
	var ops []types.TransactWriteItem
	for _, m := range msgs {
		if slices.Equal(m.To, []int64{uid}) {
			ops = append(ops, s.deleteOp(messagePK(m.ID), skMessage))
		}
	}
	return s.transactChunks(ctx, ops)
}

// RecordExport writes the message that gives a person the link to their
// export, with the audit entry user.export, in one transaction.
func (s *Outbox) RecordExport(ctx context.Context, actor festival.Actor, m festival.Message) error {
	ops, err := s.messageOps([]festival.Message{m})
	if err != nil {
		return err
	}
	ops = append(ops, s.auditOp(actor, "user.export", fmt.Sprintf("user:%d", actor.ID), map[string]string{"export": m.Params["export"]}))
	if err := s.transact(ctx, ops); err != nil {
		return fmt.Errorf("record export: %w", err)
	}
	return nil
}
