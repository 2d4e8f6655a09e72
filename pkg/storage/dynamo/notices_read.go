package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A person's notices as they read them (GET /users/me/notices and
// /users/me/notices/unread, POST /users/me/notices/read): every query names
// the caller's own partition, and a cursor must name it too (startKey).

// UnreadNotices is how many of uid's notices are unread: one GetItem of
// their counter (0 before their first notice).
func (s *Users) UnreadNotices(ctx context.Context, uid int64) (int64, error) {
	c, err := getItem[noticeCountItem](ctx, s.core, key(userPK(uid), skNotices))
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("unread notices of %d: %w", uid, err)
	}
	return max(c.Unread, 0), nil
}

// noticeQueryFloor is the fewest notices one Query of a filtered listing
// reads, so that a page of unread ones among many read ones takes a few
// requests, not one per notice.
const noticeQueryFloor = 50

// Notices lists uid's notices newest first, only the unread ones when
// unread: one page of p.Limit (with the next page's cursor) or, with no
// limit, all of them (at most festival.NoticeCap and its slack).
func (s *Users) Notices(ctx context.Context, uid int64, unread bool, p Page) ([]festival.Notice, string, error) {
	in := noticeQuery(s.core, uid)
	in.ScanIndexForward = aws.Bool(false)
	if !unread {
		return queryRecords(ctx, s.core, in, p, noticeItem.notice)
	}
	in.FilterExpression = aws.String("#read = :false")
	in.ExpressionAttributeNames = map[string]string{"#read": "read"}
	in.ExpressionAttributeValues[":false"] = &types.AttributeValueMemberBOOL{Value: false}
	start, err := startKey(p.Cursor, in)
	if err != nil {
		return nil, "", err
	}
	in.ExclusiveStartKey = start
	out := []festival.Notice{}
	for first := true; ; first = false {
		if p.Limit > 0 {
			in.Limit = aws.Int32(max(p.Limit+1-int32(len(out)), noticeQueryFloor))
		}
		page, err := s.db.Query(ctx, in)
		if first && cursorRefused(err, start) {
			return nil, "", ErrBadCursor
		}
		if err != nil {
			return nil, "", fmt.Errorf("notices of %d: %w", uid, err)
		}
		for _, item := range page.Items {
			if p.Limit > 0 && len(out) == int(p.Limit) {
				// One more than the page: the page ends at the last one kept.
				return out, encodeCursor(noticeKey(uid, out[len(out)-1].ID)), nil
			}
			var it noticeItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, "", err
			}
			out = append(out, it.notice())
		}
		if len(page.LastEvaluatedKey) == 0 {
			return out, "", nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
}

// MarkNoticesRead marks uid's notices ids read and returns how many remain
// unread. One consistent BatchGetItem reads the notices and the counter,
// then one transaction marks the unread ones (each conditional on being
// unread still) and takes them off the counter; a race with another mark
// or a delivery reads again. Ids that name none of uid's notices (trimmed,
// or never theirs) change nothing.
func (s *Users) MarkNoticesRead(ctx context.Context, uid int64, ids []string) (int64, error) {
	var unread int64
	err := Retry(ctx, func(int) error {
		keys := []map[string]types.AttributeValue{key(userPK(uid), skNotices)}
		for _, id := range ids {
			keys = append(keys, noticeKey(uid, id))
		}
		var toMark []string
		unread = 0
		err := s.batchGet(ctx, keys, "SK, id_notice, #read, unread", map[string]string{"#read": "read"}, func(item map[string]types.AttributeValue) error {
			var it struct {
				SK     string `dynamodbav:"SK"`
				ID     string `dynamodbav:"id_notice"`
				Read   bool   `dynamodbav:"read"`
				Unread int64  `dynamodbav:"unread"`
			}
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return err
			}
			switch {
			case it.SK == skNotices:
				unread = it.Unread
			case !it.Read:
				toMark = append(toMark, it.ID)
			}
			return nil
		})
		if err != nil || len(toMark) == 0 {
			return err
		}
		err = s.transact(ctx, s.markReadOps(uid, toMark))
		if cancelReasons(err) != nil {
			return Again(fmt.Errorf("mark notices of %d read: %w", uid, err))
		}
		unread -= int64(len(toMark))
		return err
	})
	return max(unread, 0), err
}

// markReadOps mark notices read, each only while unread, and take them
// off the unread count.
func (s *Users) markReadOps(uid int64, ids []string) []types.TransactWriteItem {
	ops := make([]types.TransactWriteItem, 0, len(ids)+1)
	for _, id := range ids {
		ops = append(ops, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: noticeKey(uid, id),
			UpdateExpression:          aws.String("SET #read = :true"),
			ConditionExpression:       aws.String("#read = :false"),
			ExpressionAttributeNames:  map[string]string{"#read": "read"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}, ":false": &types.AttributeValueMemberBOOL{Value: false}},
		}})
	}
	return append(ops, counterOp(s.core, uid, -int64(len(ids)), 0))
}

// MarkAllNoticesRead marks every unread notice of uid read (a Query of the
// unread ones, then a transaction per transactRoom of them) and returns
// how many remain unread: those delivered meanwhile. The Query read them
// unread, so each transaction marks them at once (each conditional on
// being unread still); one that a notice marked or trimmed meanwhile
// cancels goes through MarkNoticesRead, which reads them again.
func (s *Users) MarkAllNoticesRead(ctx context.Context, uid int64) (int64, error) {
	unread, _, err := s.Notices(ctx, uid, true, Page{})
	if err != nil {
		return 0, err
	}
	for len(unread) > 0 {
		n := min(len(unread), transactRoom-1)
		ids := make([]string, n)
		for i, u := range unread[:n] {
			ids[i] = u.ID
		}
		err := s.transact(ctx, s.markReadOps(uid, ids))
		if cancelReasons(err) != nil {
			_, err = s.MarkNoticesRead(ctx, uid, ids)
		}
		if err != nil {
			return 0, fmt.Errorf("mark notices of %d read: %w", uid, err)
		}
		unread = unread[n:]
	}
	return s.UnreadNotices(ctx, uid)
}

// deleteNotices deletes every notice of uid and their counter: part of
// the account's erasure, before the user item goes.
func (s *core) deleteNotices(ctx context.Context, uid int64) error {
	in := noticeQuery(s, uid)
	in.ExpressionAttributeValues[":pre"] = str("NOTICE") // NOTICE#… and the counter NOTICES
	in.ProjectionExpression = aws.String("PK, SK")
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return fmt.Errorf("notices of %d: %w", uid, err)
	}
	ops := make([]types.TransactWriteItem, 0, len(items))
	for _, item := range items {
		var k keyItem
		if err := attributevalue.UnmarshalMap(item, &k); err != nil {
			return err
		}
		ops = append(ops, s.deleteOp(k.PK, k.SK))
	}
	return s.transactChunks(ctx, ops)
}
