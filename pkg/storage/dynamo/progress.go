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

// Jury progress and reminders.
//
// Watch: PK MOVIE#<mid>, SK WATCH#<pad uid>, written the first time a jury
// member opens an assigned film's media (GET /movies/:id/media); GSI1
// WATCHES#<ed> / WATCH#<pad mid>#<pad uid> lists an edition's, GSI2 USER#<uid> /
// WATCH#MOVIE#<pad mid> hangs them off the user (deleted with the user, and
// with the film's item collection).
//
// Jury mail preferences and reminders: PK JURYMAIL#<uid>, SK JURYMAIL, with
// reminders_off (BOOL) and reminded_at (the last reminder), on GSI2 USER#<uid>
// / JURYMAIL so that it goes with the user.

type watchItem struct {
	PK        string `dynamodbav:"PK"`
	SK        string `dynamodbav:"SK"`
	GSI1PK    string `dynamodbav:"GSI1PK"`
	GSI1SK    string `dynamodbav:"GSI1SK"`
	GSI2PK    string `dynamodbav:"GSI2PK"`
	GSI2SK    string `dynamodbav:"GSI2SK"`
	Type      string `dynamodbav:"type"`
	Edition   string `dynamodbav:"edition"` // its film's
	MovieID   int64  `dynamodbav:"id_movie"`
	UserID    int64  `dynamodbav:"id_user"`
	WatchedAt string `dynamodbav:"watchedAt"`
	// Spans are the stretches played (RecordViewing), merged, in whole
	// seconds; SpansVer counts their writes, the one condition of a viewing
	// write (viewing.go). Ver counts every write of the item (optimistic
	// locking of editWatch's).
	Spans    []spanItem `dynamodbav:"spans,omitempty"`
	SpansVer int64      `dynamodbav:"spans_ver,omitempty"`
	Ver      int64      `dynamodbav:"ver"`
	// Keys logs the film's keys the member's player fetched: per minute of
	// film (the map's key, decimal), the fetch times in Unix milliseconds,
	// bounded by festival.LogKeyFetch; KeysIssued counts every key served.
	// Written by RecordKeyFetch with the same optimistic locking (Ver).
	Keys       map[string][]int64 `dynamodbav:"keys,omitempty"`
	KeysIssued int64              `dynamodbav:"keys_issued,omitempty"`
}

// newWatch is a new watch of a film of edition ed (the current one: the
// film's, which the writes check where they check the film).
func (s *Votes) newWatch(ed festival.EditionID, movieID, userID int64) watchItem {
	return watchItem{
		PK: moviePK(movieID), SK: watchSK(userID), GSI1PK: edWatchesGSI1PK(ed), GSI1SK: "WATCH#" + pad(movieID) + "#" + pad(userID),
		GSI2PK: userRefPK(userID), GSI2SK: "WATCH#MOVIE#" + pad(movieID), Type: typeWatch, Edition: string(ed), MovieID: movieID, UserID: userID,
		WatchedAt: festival.NewTime(s.now()).String(),
	}
}

// editWatch changes a jury member's watch item of a film (created as
// needed): a read, then a write conditional on nobody having written in
// between (retried), and on the film not being deleted and being of the
// current edition (errEditionArchived otherwise).
func (s *Votes) editWatch(ctx context.Context, movieID, userID int64, edit func(*watchItem)) (watchItem, error) {
	var out watchItem
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return out, err
	}
	err = Retry(ctx, func(int) error {
		it, err := getItem[watchItem](ctx, s.core, key(moviePK(movieID), watchSK(userID)))
		put := &types.Put{TableName: &s.table, ConditionExpression: aws.String("attribute_not_exists(PK)")}
		switch {
		case errors.Is(err, festival.ErrNotFound):
			it = s.newWatch(ed, movieID, userID)
		case err != nil:
			return err
		default:
			put.ConditionExpression = aws.String("ver = :v")
			put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": num(it.Ver)}
		}
		edit(&it)
		it.Ver++
		if put.Item, err = attributevalue.MarshalMap(it); err != nil {
			return err
		}
		// Not on a film being deleted or gone: its collection goes.
		err = s.transact(ctx, []types.TransactWriteItem{{Put: put}, inEditionOnly(s.movieExistsCheck(movieID), ed)})
		switch {
		case conditionFailedAt(err, 0) || transactionConflict(err):
			return Again(err)
		case conditionFailedAt(err, 1):
			if err := s.archivedFilm(ctx, movieID, ed); err != nil {
				return err
			}
			return festival.ErrNotFound
		}
		out = it
		return err
	})
	return out, err
}

// RecordWatch notes, once, that a jury member opened a film's media, in
// the current edition (a film of an archived one is read-only: its watches
// are as they were, and the note is one PutItem, which checks no film).
func (s *Votes) RecordWatch(ctx context.Context, movieID, userID int64) error {
	ed, err := s.currentEdition(ctx)
	if err != nil {
		return err
	}
	item, err := attributevalue.MarshalMap(s.newWatch(ed, movieID, userID))
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil // watched before
	}
	if err != nil {
		return fmt.Errorf("record watch of film %d by %d: %w", movieID, userID, err)
	}
	return nil
}

// Watches lists every watch of the edition the request addresses: one
// Query per page of GSI1 WATCHES#<ed>.
func (s *Votes) Watches(ctx context.Context) ([]festival.Watch, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, err
	}
	return s.watches(ctx, s.gsi1Query(edWatchesGSI1PK(ed)))
}

// WatchesOf lists one jury member's watches of the edition the request
// addresses: one Query per page of their GSI2 partition (USER#<uid> /
// WATCH#MOVIE#), filtered on the edition.
func (s *Votes) WatchesOf(ctx context.Context, userID int64) ([]festival.Watch, error) {
	ed, err := s.editionOf(ctx)
	if err != nil {
		return nil, err
	}
	in := s.gsi2Query(userRefPK(userID), "WATCH#MOVIE#")
	in.FilterExpression = aws.String("#ed = :ed")
	in.ExpressionAttributeNames = map[string]string{"#ed": attrEdition}
	in.ExpressionAttributeValues[":ed"] = str(string(ed))
	return s.watches(ctx, in)
}

func (s *Votes) watches(ctx context.Context, in *dynamodb.QueryInput) ([]festival.Watch, error) {
	items, err := s.queryAll(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("watches: %w", err)
	}
	out := make([]festival.Watch, 0, len(items))
	for _, item := range items {
		var it watchItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return nil, err
		}
		out = append(out, it.watch())
	}
	return out, nil
}

type juryMailItem struct {
	PK           string `dynamodbav:"PK"`
	SK           string `dynamodbav:"SK"`
	UserID       int64  `dynamodbav:"id_user"`
	RemindersOff bool   `dynamodbav:"reminders_off"`
	RemindedAt   string `dynamodbav:"reminded_at"`
}

// juryMailUpdate writes a jury member's reminder item (created as needed,
// on the user's GSI2 partition).
func (s *core) juryMailUpdate(uid int64, set string, values map[string]types.AttributeValue) *types.Update {
	values[":uid"] = num(uid)
	values[":gpk"] = str(userRefPK(uid))
	values[":gsk"] = str(skJuryMail)
	values[":type"] = str(typeJuryMail)
	return &types.Update{
		TableName: &s.table, Key: key(juryMailPK(uid), skJuryMail),
		UpdateExpression:          aws.String("SET id_user = :uid, GSI2PK = :gpk, GSI2SK = :gsk, #t = :type, " + set),
		ExpressionAttributeNames:  map[string]string{"#t": attrType},
		ExpressionAttributeValues: values,
	}
}

// Remind writes a reminder message for a jury member unless they were
// reminded after notBefore or turned reminders off: the reminder's time and
// the message go in one transaction conditional on that, so however many
// runners overlap, a member gets at most one reminder per period. It reports
// whether the reminder was written.
func (s *Votes) Remind(ctx context.Context, uid int64, notBefore time.Time, msg festival.Message) (bool, error) {
	u := s.juryMailUpdate(uid, "reminded_at = :now", map[string]types.AttributeValue{
		":now": str(msg.CreatedAt.String()), ":cutoff": str(festival.NewTime(notBefore).String()), ":true": &types.AttributeValueMemberBOOL{Value: true},
	})
	u.ConditionExpression = aws.String("(attribute_not_exists(reminded_at) OR reminded_at <= :cutoff) AND (attribute_not_exists(reminders_off) OR reminders_off <> :true)")
	msgs, err := s.messageOps([]festival.Message{msg})
	if err != nil {
		return false, err
	}
	err = s.transact(ctx, append([]types.TransactWriteItem{{Update: u}}, msgs...))
	switch {
	case conditionFailedAt(err, 0):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("remind %s: %w", strconv.FormatInt(uid, 10), err)
	}
	return true, nil
}

// MovieJudging reads a film's votes and what each juror played of it in
// one Query of the film's item collection (paged when large): the ground
// of its feedback (GET /movies/:id/feedback).
func (s *Votes) MovieJudging(ctx context.Context, movieID int64) ([]festival.Vote, []festival.Watch, error) {
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(moviePK(movieID))},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("judging of film %d: %w", movieID, err)
	}
	votes, watches := []festival.Vote{}, []festival.Watch{}
	for _, item := range items {
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		switch {
		case sk == nil:
		case strings.HasPrefix(sk.Value, prefixVote):
			var it voteItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, nil, err
			}
			votes = append(votes, it.vote())
		case strings.HasPrefix(sk.Value, "WATCH#"):
			var it watchItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, nil, err
			}
			watches = append(watches, it.watch())
		}
	}
	return votes, watches, nil
}
