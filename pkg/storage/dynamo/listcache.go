package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The public lists (films, categories, events, and the awards, which are
// read from the films that embed them) are kept in each store's memory and
// served from there while they are fresh. Freshness costs one consistent
// GetItem of the list's version item, which every transaction that writes a
// film, category or event item bumps (withListBumps, called by transact):
// once a write has returned, its bump is visible to every consistent read, so
// no instance can serve a list older than that write.
//
// When the version moved, the list is read again from the base table with
// consistent reads, never from an index (index reads are only eventually
// consistent, docs/decisions.md): ids of films, categories and events come
// from counters that hand them out one at a time, so the list is every id
// from 1 to the counter's value, read by BatchGetItem (100 per request), the
// ids that no longer exist (or are being deleted) left out. The version is
// read before the counter and the items, so a list is never tagged with a
// version newer than what it holds.
//
// Lists whose counter passes maxCachedIDs are not kept: their listing pages
// through the index as before (one Query per page).

// listKind names a list kept in memory, and its version item.
type listKind string

const (
	listMovies     listKind = "movies"
	listCategories listKind = "categories"
	listEvents     listKind = "events"
)

// maxListBumps is the most version bumps withListBumps adds to one
// transaction (one per kind of list).
const maxListBumps = 3

// transactRoom is how many of its own writes a caller may put in one
// transaction, leaving room for the version bumps.
const transactRoom = maxTransactItems - maxListBumps

// defaultMaxCachedIDs bounds a list kept in memory: 2,000 films at about
// 3 KB each in memory, read again in 20 BatchGetItems after a write.
const defaultMaxCachedIDs = 2000

// listOfKey says which list an item written under key k shows in, if any:
// film, category and event items.
func listOfKey(k map[string]types.AttributeValue) (listKind, bool) {
	pk, _ := k[attrPK].(*types.AttributeValueMemberS)
	sk, _ := k[attrSK].(*types.AttributeValueMemberS)
	if pk == nil || sk == nil {
		return "", false
	}
	switch {
	case sk.Value == skMovie && strings.HasPrefix(pk.Value, "MOVIE#"):
		return listMovies, true
	case sk.Value == skCategory && strings.HasPrefix(pk.Value, "CATEGORY#"):
		return listCategories, true
	case sk.Value == skEvent && strings.HasPrefix(pk.Value, "EVENT#"):
		return listEvents, true
	}
	return "", false
}

// writtenKey is the key an operation of a transaction writes (nil for a
// ConditionCheck, which writes nothing).
func writtenKey(op types.TransactWriteItem) map[string]types.AttributeValue {
	switch {
	case op.Put != nil:
		return op.Put.Item
	case op.Update != nil:
		return op.Update.Key
	case op.Delete != nil:
		return op.Delete.Key
	}
	return nil
}

// withListBumps returns the operations of a transaction followed by one bump
// of each list version whose items they write. The bumps go last, so the
// cancellation reasons of the caller's operations keep their indexes.
func (s *core) withListBumps(ops []types.TransactWriteItem) []types.TransactWriteItem {
	var kinds []listKind
	for _, op := range ops {
		if k, ok := listOfKey(writtenKey(op)); ok && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return ops
	}
	out := make([]types.TransactWriteItem, 0, len(ops)+len(kinds))
	out = append(out, ops...)
	for _, k := range kinds {
		out = append(out, types.TransactWriteItem{Update: s.listBump(k)})
	}
	return out
}

func (s *core) listBump(k listKind) *types.Update {
	return &types.Update{
		TableName: &s.table, Key: key(listVersionPK(k), skListVersion),
		UpdateExpression:          aws.String("ADD version :one SET #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#t": attrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":type": str(typeListVersion)},
	}
}

// bumpList bumps a list's version outside a transaction, after a write that
// is not one (a tombstone set by UpdateItem).
func (s *core) bumpList(ctx context.Context, k listKind) error {
	u := s.listBump(k)
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if err != nil {
		return fmt.Errorf("bump %s list version: %w", k, err)
	}
	return nil
}

// readNumber reads one number attribute of an item with a consistent
// GetItem; 0 when the item or the attribute is absent.
func (s *core) readNumber(ctx context.Context, k map[string]types.AttributeValue, attr string) (int64, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: k, ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("#a"), ExpressionAttributeNames: map[string]string{"#a": attr},
	})
	if err != nil {
		return 0, err
	}
	n, ok := out.Item[attr].(*types.AttributeValueMemberN)
	if !ok {
		return 0, nil
	}
	return strconv.ParseInt(n.Value, 10, 64)
}

// listVersion reads a list's version (0 before its first write), and the
// festival settings into st when st is set, in one request. Without st,
// the settings item comes too when the current edition kept in memory is
// stale, so that the listing's edition costs no request of its own.
func (s *core) listVersion(ctx context.Context, kind listKind, st *festival.Settings) (int64, error) {
	versionKey := key(listVersionPK(kind), skListVersion)
	if st == nil && !s.editionStale() {
		return s.readNumber(ctx, versionKey, "version")
	}
	var v int64
	keys, sr := settingsKeysFor(ctx)
	if st == nil {
		keys = keys[:1] // the settings item alone: it names the current edition
	}
	err := s.batchGet(ctx, append(keys, versionKey), "", nil,
		func(item map[string]types.AttributeValue) error {
			if ok, err := sr.take(item); ok {
				return err
			}
			n, _ := item["version"].(*types.AttributeValueMemberN)
			if n == nil {
				return nil
			}
			var err error
			v, err = strconv.ParseInt(n.Value, 10, 64)
			return err
		})
	if err == nil {
		s.noteSettingsRead(&sr)
	}
	if st != nil {
		*st = sr.settings()
	}
	return v, err
}
