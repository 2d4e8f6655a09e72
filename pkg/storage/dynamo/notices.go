package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// In-app notices (festival.Notice), in the recipient's own partition:
// PK USER#<uid>, SK NOTICE#<id> (the id starts with the delivery time, so
// the partition lists newest first with ScanIndexForward = false), and one
// counter item PK USER#<uid>, SK NOTICES {unread, total}, changed in the
// very transaction that writes, marks read or trims a notice: the unread
// count is one GetItem. The outbox's runner writes them (RecordDelivery).
const (
	prefixNotice = "NOTICE#"
	skNotices    = "NOTICES"
	typeNotice   = "NOTICE"
	typeNotices  = "NOTICES"
)

func noticeKey(uid int64, id string) map[string]types.AttributeValue {
	return key(userPK(uid), prefixNotice+id)
}

type noticeItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	Type      string `dynamodbav:"type"`
	ID        string `dynamodbav:"id_notice"`
	UserID    int64  `dynamodbav:"id_user"`
	MessageID string `dynamodbav:"id_message"`
	Kind      string `dynamodbav:"kind"`
	Subject   string `dynamodbav:"subject"`
	Text      string `dynamodbav:"text"`
	Link      string `dynamodbav:"link,omitempty"`
	CreatedAt string `dynamodbav:"createdAt"`
	Read      bool   `dynamodbav:"read"`
}

func (it noticeItem) notice() festival.Notice {
	n := festival.Notice{ID: it.ID, Kind: festival.MessageKind(it.Kind), Subject: it.Subject, Text: it.Text, Link: it.Link,
		Read: it.Read, UserID: it.UserID, MessageID: it.MessageID}
	n.CreatedAt, _ = festival.ParseTime(it.CreatedAt)
	return n
}

type noticeCountItem struct {
	Unread int64 `dynamodbav:"unread"`
	Total  int64 `dynamodbav:"total"`
}

// RecordDelivery records what a delivery did for one recipient of a
// message: sent says the e-mail went (the message's delivered set gains
// them, as MarkDelivered), n is their notice (nil: none). The notice, the
// message's noticed set and the counter are one transaction, conditional
// on the message not having noticed them yet and on their account still
// existing: a retried delivery never writes a second notice, and an erased
// account gets none.
func (s *Outbox) RecordDelivery(ctx context.Context, id string, uid int64, sent bool, n *festival.Notice) error {
	if n == nil {
		if sent {
			return s.MarkDelivered(ctx, id, uid)
		}
		return nil
	}
	return Retry(ctx, func(int) error {
		ops, err := s.noticeOps(id, uid, sent, *n)
		if err != nil {
			return err
		}
		err = s.transact(ctx, ops)
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0) || conditionFailedAt(err, 3):
			// Noticed already (an attempt that stopped before it filed the
			// message), or the account is gone: no notice to write.
			if sent {
				return s.MarkDelivered(ctx, id, uid)
			}
			return nil
		case transactionConflict(err):
			return Again(fmt.Errorf("notice of message %s to %d: %w", id, uid, err))
		default:
			return fmt.Errorf("notice of message %s to %d: %w", id, uid, err)
		}
	})
}

// noticeOps are RecordDelivery's writes: the message (noticed, and
// delivered when sent), the notice, the counter, the account's check.
func (s *Outbox) noticeOps(id string, uid int64, sent bool, n festival.Notice) ([]types.TransactWriteItem, error) {
	item, err := attributevalue.MarshalMap(noticeItem{
		PK: userPK(uid), SK: prefixNotice + n.ID, Type: typeNotice, ID: n.ID, UserID: uid, MessageID: n.MessageID,
		Kind: string(n.Kind), Subject: n.Subject, Text: n.Text, Link: n.Link, CreatedAt: n.CreatedAt.String(),
	})
	if err != nil {
		return nil, err
	}
	set := &types.AttributeValueMemberNS{Value: []string{strconv.FormatInt(uid, 10)}}
	update := "ADD noticed :set"
	if sent {
		update += ", delivered :set"
	}
	return []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &s.table, Key: key(messagePK(id), skMessage), UpdateExpression: aws.String(update),
			ConditionExpression:       aws.String("attribute_exists(PK) AND NOT contains(noticed, :uid)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":set": set, ":uid": num(uid)},
		}},
		{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Update: &types.Update{
			TableName: &s.table, Key: key(userPK(uid), skNotices),
			UpdateExpression:          aws.String("ADD unread :one, #total :one SET #type = :type, id_user = :uid"),
			ExpressionAttributeNames:  map[string]string{"#total": "total", "#type": attrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":type": str(typeNotices), ":uid": num(uid)},
		}},
		{ConditionCheck: &types.ConditionCheck{
			TableName: &s.table, Key: key(userPK(uid), skUser), ConditionExpression: aws.String("attribute_exists(PK)"),
		}},
	}, nil
}

// TrimNotices keeps each of the people uids (those a run gave notices to)
// to their festival.NoticeCap newest notices, once they are
// festival.NoticeTrimSlack over it: one BatchGetItem of their counters,
// and for each over the mark a Query of their oldest notices and their
// deletion with the counter in transactions. A notice read meanwhile
// cancels its transaction; the next run trims it.
func (s *Outbox) TrimNotices(ctx context.Context, uids []int64) error {
	uids = slices.Compact(slices.Sorted(slices.Values(uids))) // each person once: one read of their counter, one trim
	counts, _, err := batchGetByID(ctx, s.core, uids, func(uid int64) map[string]types.AttributeValue { return key(userPK(uid), skNotices) },
		"id_user, #total", map[string]string{"#total": "total"},
		func(item map[string]types.AttributeValue) (noticeTotal, int64, error) {
			var c noticeTotal
			err := attributevalue.UnmarshalMap(item, &c)
			return c, c.UserID, err
		})
	if err != nil {
		return fmt.Errorf("notice counters: %w", err)
	}
	for _, c := range counts {
		if c.Total <= festival.NoticeCap+festival.NoticeTrimSlack {
			continue
		}
		if err := s.trimNotices(ctx, c.UserID, c.Total-festival.NoticeCap); err != nil {
			return err
		}
	}
	return nil
}

// noticeTotal is how many notices a person has, as TrimNotices reads it
// from their counter.
type noticeTotal struct {
	UserID int64 `dynamodbav:"id_user"`
	Total  int64 `dynamodbav:"total"`
}

// trimNotices deletes the excess oldest notices of uid.
func (s *Outbox) trimNotices(ctx context.Context, uid, excess int64) error {
	in := noticeQuery(s.core, uid)
	in.ScanIndexForward = aws.Bool(true)
	in.Limit = aws.Int32(int32(excess))
	in.ProjectionExpression = aws.String("PK, SK, #read")
	in.ExpressionAttributeNames = map[string]string{"#read": "read"}
	out, err := s.db.Query(ctx, in)
	if err != nil {
		return fmt.Errorf("oldest notices of %d: %w", uid, err)
	}
	var oldest []noticeItem
	for _, item := range out.Items {
		var it noticeItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return err
		}
		oldest = append(oldest, it)
	}
	for len(oldest) > 0 {
		n := min(len(oldest), transactRoom-1)
		ops, unread := make([]types.TransactWriteItem, 0, n+1), int64(0)
		for _, it := range oldest[:n] {
			if !it.Read {
				unread++
			}
			ops = append(ops, types.TransactWriteItem{Delete: &types.Delete{
				TableName: &s.table, Key: key(it.PK, it.SK), ConditionExpression: aws.String("#read = :read"),
				ExpressionAttributeNames:  map[string]string{"#read": "read"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":read": &types.AttributeValueMemberBOOL{Value: it.Read}},
			}})
		}
		ops = append(ops, counterOp(s.core, uid, -unread, -int64(n)))
		if err := s.transact(ctx, ops); err != nil && cancelReasons(err) == nil {
			return fmt.Errorf("trim notices of %d: %w", uid, err)
		}
		oldest = oldest[n:]
	}
	return nil
}

// counterOp adds to a person's unread and total notice counts.
func counterOp(s *core, uid, unread, total int64) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: key(userPK(uid), skNotices),
		UpdateExpression:          aws.String("ADD unread :unread, #total :total"),
		ExpressionAttributeNames:  map[string]string{"#total": "total"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":unread": num(unread), ":total": num(total)},
	}}
}

// noticeQuery selects a person's notices (not their counter).
func noticeQuery(s *core, uid int64) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :pre)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(userPK(uid)), ":pre": str(prefixNotice),
		},
	}
}
