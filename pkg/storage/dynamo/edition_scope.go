package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Which edition a request reads and writes (keys.go, "Editions"). The
// current edition is the `edition` attribute of SETTINGS/SETTINGS (absent
// item or attribute: festival.FirstEdition). Reads address the edition the
// request names (festival.EditionOf), else the current one; writes always
// go to the current one, taken from the settings item the write reads
// anyway when it reads it.
//
// Reads that do not read the settings item ask the current edition of the
// store's memory, refreshed at most once a second (editionFreshness): one
// GetItem a second per instance at most, and an instance learns that
// another one started the next edition within a second. The instance that
// starts it knows at once (noteCurrentEdition), and every read of the
// settings item refreshes the memory for free (noteSettingsRead).

// editionFreshness bounds how old the current edition kept in memory may be.
const editionFreshness = time.Second

// editionMemo is the current edition as last read, and when (by the
// machine's monotonic clock, not the store's clock, which tests may stop).
type editionMemo struct {
	mu    sync.Mutex
	id    festival.EditionID
	read  time.Time     // zero: never read
	fresh time.Duration // editionFreshness; tests change it
}

// currentEdition is the current edition: the memory's when it is fresh,
// else read from the settings item (one GetItem). The lock is held across
// the read, so that concurrent requests of one instance wait for one read
// instead of each sending its own.
func (c *core) currentEdition(ctx context.Context) (festival.EditionID, error) {
	c.edition.mu.Lock()
	defer c.edition.mu.Unlock()
	if !c.edition.read.IsZero() && time.Since(c.edition.read) < c.edition.fresh {
		return c.edition.id, nil
	}
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &c.table, Key: key(settingsPK, settingsSK), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("#e"), ExpressionAttributeNames: map[string]string{"#e": attrEdition},
	})
	if err != nil {
		return "", fmt.Errorf("read the current edition: %w", err)
	}
	c.edition.id, c.edition.read = editionAttr(out.Item), time.Now()
	return c.edition.id, nil
}

// editionStale reports whether the current edition kept in memory is too
// old to be used: a read that can take the settings item along at no cost
// of requests then does.
func (c *core) editionStale() bool {
	c.edition.mu.Lock()
	defer c.edition.mu.Unlock()
	return c.edition.read.IsZero() || time.Since(c.edition.read) >= c.edition.fresh
}

// editionOf is the edition a read addresses: the one the request names,
// else the current one.
func (c *core) editionOf(ctx context.Context) (festival.EditionID, error) {
	if id, ok := festival.EditionOf(ctx); ok {
		return id, nil
	}
	return c.currentEdition(ctx)
}

// editionReadSince is editionOf for a read that began at since and may
// have read the settings item itself (a listing): the memory that was
// fresh when the read began, or that the read refreshed, is the edition as
// of the read, however long the rest of it took (a list of a thousand
// films read again), so it is taken as is.
func (c *core) editionReadSince(ctx context.Context, since time.Time) (festival.EditionID, error) {
	if id, ok := festival.EditionOf(ctx); ok {
		return id, nil
	}
	c.edition.mu.Lock()
	id, read, fresh := c.edition.id, c.edition.read, c.edition.fresh
	c.edition.mu.Unlock()
	if !read.IsZero() && since.Sub(read) < fresh {
		return id, nil
	}
	return c.currentEdition(ctx)
}

// noteCurrentEdition tells the store that id is now the current edition:
// the instance that started it (or that just read the settings item) needs
// no further read to know it.
func (c *core) noteCurrentEdition(id festival.EditionID) {
	c.edition.mu.Lock()
	defer c.edition.mu.Unlock()
	c.edition.id, c.edition.read = id, time.Now()
}

// noteSettingsRead refreshes the memory from a read that asked for the
// settings item (found or not).
func (c *core) noteSettingsRead(r *settingsRead) { c.noteCurrentEdition(r.currentEdition()) }

// editionAttr is the `edition` attribute of an item, FirstEdition when the
// item or the attribute is absent (a table that never started another
// edition).
func editionAttr(item map[string]types.AttributeValue) festival.EditionID {
	if v, ok := item[attrEdition].(*types.AttributeValueMemberS); ok && v.Value != "" {
		return festival.EditionID(v.Value)
	}
	return festival.FirstEdition
}

// editionOrFirst is id, or FirstEdition when unset.
func editionOrFirst(id festival.EditionID) festival.EditionID {
	if id == "" {
		return festival.FirstEdition
	}
	return id
}

// errEditionArchived refuses a write to a record of an edition that is not
// the current one: archived editions are read-only.
func errEditionArchived() error { return apperr.E(apperr.Conflict, texts.EditionArchivedReadOnly) }

// checkCurrent refuses a write to a record of edition ed when current is
// another one.
func checkCurrent(ed, current festival.EditionID) error {
	if editionOrFirst(ed) != current {
		return errEditionArchived()
	}
	return nil
}

// inEditionOnly adds to a film's update or condition check that the film is
// of edition ed: a write that hangs off a film of an archived edition (a
// vote, an award) is refused by the condition the transaction already has
// on the film, with no item more.
func inEditionOnly(op types.TransactWriteItem, ed festival.EditionID) types.TransactWriteItem {
	return andCondition(op, " AND #ed = :ed", map[string]string{"#ed": attrEdition},
		map[string]types.AttributeValue{":ed": str(string(ed))})
}

// andCondition adds cond, with its names and values, to the condition of
// an Update or a ConditionCheck built for this transaction (other
// operations are returned as they are).
func andCondition(op types.TransactWriteItem, cond string, names map[string]string, values map[string]types.AttributeValue) types.TransactWriteItem {
	var expr **string
	var opNames *map[string]string
	var opValues *map[string]types.AttributeValue
	switch {
	case op.Update != nil:
		expr, opNames, opValues = &op.Update.ConditionExpression, &op.Update.ExpressionAttributeNames, &op.Update.ExpressionAttributeValues
	case op.ConditionCheck != nil:
		expr, opNames, opValues = &op.ConditionCheck.ConditionExpression, &op.ConditionCheck.ExpressionAttributeNames, &op.ConditionCheck.ExpressionAttributeValues
	default:
		return op
	}
	*expr = aws.String(aws.ToString(*expr) + cond)
	if *opNames == nil {
		*opNames = map[string]string{}
	}
	maps.Copy(*opNames, names)
	if *opValues == nil {
		*opValues = map[string]types.AttributeValue{}
	}
	maps.Copy(*opValues, values)
	return op
}

// movieEdition reads the edition of a film (festival.ErrNotFound when it is
// gone): after a write that hangs off it failed its condition, to tell an
// archived film from a changed one.
func (c *core) movieEdition(ctx context.Context, id int64) (festival.EditionID, error) {
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &c.table, Key: key(moviePK(id), skMovie), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("#e"), ExpressionAttributeNames: map[string]string{"#e": attrEdition},
	})
	if err != nil {
		return "", fmt.Errorf("read the edition of film %d: %w", id, err)
	}
	if out.Item == nil {
		return "", festival.ErrNotFound
	}
	return editionAttr(out.Item), nil
}

// archivedFilm is errEditionArchived when film id is not of edition
// current (nil when it is, or is gone: the caller decides again).
func (c *core) archivedFilm(ctx context.Context, id int64, current festival.EditionID) error {
	ed, err := c.movieEdition(ctx, id)
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	return checkCurrent(ed, current)
}

// settingsPartition is the partition of the settings, form and templates
// of the edition the request addresses: SETTINGS for the current one,
// SETTINGS#<ed> (their copy made when the next edition started) for an
// archived one.
func (c *core) settingsPartition(ctx context.Context) (string, error) {
	asked, ok := festival.EditionOf(ctx)
	if !ok {
		return settingsPK, nil
	}
	current, err := c.currentEdition(ctx)
	if err != nil || asked == current {
		return settingsPK, err
	}
	return archivedSettingsPK(asked), nil
}

// refuseArchived refuses a write when the request names an edition that is
// not the current one (no request when it names none).
func (c *core) refuseArchived(ctx context.Context) error {
	if _, ok := festival.EditionOf(ctx); !ok {
		return nil
	}
	_, err := c.writableEdition(ctx)
	return err
}

// callerAndEdition is Caller when the current edition kept in memory is
// stale: the user and the settings item in one BatchGetItem, so that the
// token check of an authenticated request refreshes it at no cost of
// requests (a route that reads no settings then asks no GetItem of its
// own for its edition).
func (s *Users) callerAndEdition(ctx context.Context, id int64) (festival.User, bool, error) {
	var sr settingsRead
	var u *festival.User
	keys := []map[string]types.AttributeValue{key(userPK(id), skUser), settingsKeys()[0]}
	err := s.batchGet(ctx, keys, "", nil, func(item map[string]types.AttributeValue) error {
		if ok, err := sr.take(item); ok {
			return err
		}
		var it userItem
		if err := attributevalue.UnmarshalMap(item, &it); err != nil {
			return err
		}
		user := it.user()
		u = &user
		return nil
	})
	if err != nil {
		return festival.User{}, false, fmt.Errorf("get user %d: %w", id, err)
	}
	s.noteSettingsRead(&sr)
	if u == nil {
		return festival.User{}, false, nil
	}
	return *u, true, nil
}
