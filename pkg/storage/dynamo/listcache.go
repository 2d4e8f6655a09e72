package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The public lists (films, categories, events, and the awards, which are
// read from the films that embed them) are kept in each store's memory and
// served from there (listings.go). Each list has a version item, which every
// transaction that writes one of its items bumps (withListBumps, called by
// transact): the bump adds one to `version` and appends the ids the
// transaction wrote to `log`, in one update of one item, so the log's
// entries are in version order and the entry of version v is
// log[v - (version - len(log)) - 1]. A store that holds version v of a list
// and reads version V reads again only the ids of the entries after v (one
// BatchGetItem per 100 of them, consistent), not the whole list; when the
// log no longer reaches back to v (it keeps the last listLogKeep entries) or
// the list was never read, it reads every id from 1 to the list's counter.
//
// How fresh a list is: a store reads a version item at most once per
// listFreshness (one GetItem, or a BatchGetItem with the settings), so a hot
// list costs at most one request a second per instance; a write made by the
// store itself is seen at once (its transaction marks the list to be checked
// before the next use); a write made by another instance (another function,
// another copy of this one) is listed within listFreshness of returning.
// docs/decisions.md ("How fresh the public lists are").

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

// The change log of a list's version item: a reader that finds more than
// listLogTrimAt entries drops the oldest, keeping listLogKeep, so that the
// version item stays under 4 KB (one read unit) for single-record writes.
const (
	listLogTrimAt = 64
	listLogKeep   = 32
)

// listOfKey says which list an item written under key k shows in, if any
// (film, category and event items), and the record's id.
func listOfKey(k map[string]types.AttributeValue) (listKind, int64, bool) {
	pk, _ := k[attrPK].(*types.AttributeValueMemberS)
	sk, _ := k[attrSK].(*types.AttributeValueMemberS)
	if pk == nil || sk == nil {
		return "", 0, false
	}
	var kind listKind
	switch {
	case sk.Value == skMovie && strings.HasPrefix(pk.Value, "MOVIE#"):
		kind = listMovies
	case sk.Value == skCategory && strings.HasPrefix(pk.Value, "CATEGORY#"):
		kind = listCategories
	case sk.Value == skEvent && strings.HasPrefix(pk.Value, "EVENT#"):
		kind = listEvents
	default:
		return "", 0, false
	}
	_, digits, _ := strings.Cut(pk.Value, "#")
	id, err := strconv.ParseInt(digits, 10, 64)
	return kind, id, err == nil
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

// listWrites are the ids a transaction writes in each public list, in the
// order the lists are first met.
type listWrites struct {
	kinds []listKind
	ids   map[listKind][]int64
}

func listWritesOf(ops []types.TransactWriteItem) listWrites {
	w := listWrites{ids: map[listKind][]int64{}}
	for _, op := range ops {
		k, id, ok := listOfKey(writtenKey(op))
		if !ok {
			continue
		}
		if _, seen := w.ids[k]; !seen {
			w.kinds = append(w.kinds, k)
		}
		if !slices.Contains(w.ids[k], id) {
			w.ids[k] = append(w.ids[k], id)
		}
	}
	return w
}

// withListBumps returns the operations of a transaction followed by one bump
// of each list version whose items they write. The bumps go last, so the
// cancellation reasons of the caller's operations keep their indexes.
func (s *core) withListBumps(ops []types.TransactWriteItem, w listWrites) []types.TransactWriteItem {
	if len(w.kinds) == 0 {
		return ops
	}
	out := make([]types.TransactWriteItem, 0, len(ops)+len(w.kinds))
	out = append(out, ops...)
	for _, k := range w.kinds {
		out = append(out, types.TransactWriteItem{Update: s.listBump(k, w.ids[k])})
	}
	return out
}

// listBump is the update of a list's version item for a write of ids: one
// more version, and the ids at the end of the log.
func (s *core) listBump(k listKind, ids []int64) *types.Update {
	return &types.Update{
		TableName: &s.table, Key: key(listVersionPK(k), skListVersion),
		UpdateExpression:         aws.String("ADD version :one SET #t = :type, #log = list_append(if_not_exists(#log, :none), :entry)"),
		ExpressionAttributeNames: map[string]string{"#t": attrType, "#log": "log"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": num(1), ":type": str(typeListVersion), ":none": &types.AttributeValueMemberL{Value: []types.AttributeValue{}},
			":entry": &types.AttributeValueMemberL{Value: []types.AttributeValue{logEntry(ids)}},
		},
	}
}

// logEntry is one entry of a list's log: the set of ids a bump wrote, or
// an empty list when it names none (a number set cannot be empty).
func logEntry(ids []int64) types.AttributeValue {
	if len(ids) == 0 {
		return &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	}
	ns := make([]string, len(ids))
	for i, id := range ids {
		ns[i] = strconv.FormatInt(id, 10)
	}
	return &types.AttributeValueMemberNS{Value: ns}
}

// bumpList bumps a list's version for a write of id outside a transaction
// (a tombstone set by UpdateItem), and marks the list to be checked.
func (s *core) bumpList(ctx context.Context, k listKind, id int64) error {
	u := s.listBump(k, []int64{id})
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if err != nil {
		return fmt.Errorf("bump %s list version: %w", k, err)
	}
	s.lists.written(k)
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

// listHead is a list's version item as read: its version (0 before the
// first write) and its change log, the ids of each of the last len(log)
// versions.
type listHead struct {
	version int64
	log     [][]int64
}

// changedSince returns the ids written after version v, or false when the
// log does not reach back to v.
func (h listHead) changedSince(v int64) ([]int64, bool) {
	base := h.version - int64(len(h.log))
	if v < base || v > h.version {
		return nil, false
	}
	var ids []int64
	for _, entry := range h.log[v-base:] {
		for _, id := range entry {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	return ids, true
}

func readListHead(item map[string]types.AttributeValue) (listHead, error) {
	var h listHead
	if n, _ := item["version"].(*types.AttributeValueMemberN); n != nil {
		v, err := strconv.ParseInt(n.Value, 10, 64)
		if err != nil {
			return h, fmt.Errorf("list version %q: %w", n.Value, err)
		}
		h.version = v
	}
	l, _ := item["log"].(*types.AttributeValueMemberL)
	if l == nil {
		return h, nil
	}
	for _, e := range l.Value {
		if none, _ := e.(*types.AttributeValueMemberL); none != nil && len(none.Value) == 0 {
			h.log = append(h.log, nil)
			continue
		}
		ns, _ := e.(*types.AttributeValueMemberNS)
		if ns == nil {
			return h, fmt.Errorf("list log entry of type %T", e)
		}
		entry := make([]int64, len(ns.Value))
		for i, v := range ns.Value {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return h, fmt.Errorf("list log id %q: %w", v, err)
			}
			entry[i] = id
		}
		h.log = append(h.log, entry)
	}
	return h, nil
}

// listVersion reads a list's version item, and the festival settings into
// st when st is set, in one request (with their stamp). Without st, the
// settings item comes too when the current edition kept in memory is
// stale, so that the listing's edition costs no request of its own.
func (s *core) listVersion(ctx context.Context, kind listKind, st *festival.Settings) (listHead, settingsStamp, error) {
	versionKey := key(listVersionPK(kind), skListVersion)
	var head listHead
	keys, sr := settingsKeysFor(ctx)
	switch {
	case st == nil && !s.editionStale():
		keys = nil
	case st == nil:
		keys = keys[:1] // the settings item alone: it names the current edition
	}
	err := s.batchGet(ctx, append(keys, versionKey), "", nil,
		func(item map[string]types.AttributeValue) error {
			if ok, err := sr.take(item); ok {
				return err
			}
			var err error
			head, err = readListHead(item)
			return err
		})
	if err != nil {
		return head, settingsStamp{}, err
	}
	if len(keys) > 0 {
		s.noteSettingsRead(&sr)
	}
	if st != nil {
		*st = sr.settings()
	}
	return head, sr.stamp(), nil
}

// trimListLog drops the oldest entries of a list's log when it holds more
// than listLogTrimAt, keeping listLogKeep (the log is set to its last
// entries, on the condition that the version is still the one read: a bump
// in between leaves the trim to the next reader). A reader whose list is
// older than the log then reads the list whole.
func (s *core) trimListLog(ctx context.Context, kind listKind, h listHead) error {
	if len(h.log) <= listLogTrimAt {
		return nil
	}
	kept := make([]types.AttributeValue, 0, listLogKeep)
	for _, entry := range h.log[len(h.log)-listLogKeep:] {
		kept = append(kept, logEntry(entry))
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key(listVersionPK(kind), skListVersion),
		UpdateExpression:          aws.String("SET #log = :kept"),
		ConditionExpression:       aws.String("version = :v"),
		ExpressionAttributeNames:  map[string]string{"#log": "log"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(h.version), ":kept": &types.AttributeValueMemberL{Value: kept}},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil
	}
	return err
}

// ListFreshness is how long a store serves a public list before it reads
// the list's version again (docs/decisions.md, "How fresh the public lists
// are").
const ListFreshness = time.Second

// CheckListsEvery sets how long the store serves a public list before it
// reads the list's version again (ListFreshness unless set; 0 reads it
// before every use). Set it before the store serves.
func (s *Store) CheckListsEvery(d time.Duration) { s.core.listFreshness = d }

// settingsWatch is the store's client, which marks the film list to be
// checked before its next use when the store writes one of the festival's
// settings items: a film listing reads the settings with the films
// (cachedList), and must not answer from those kept in memory once this
// store changed them.
type settingsWatch struct {
	DB
	lists *listCaches
}

func (w settingsWatch) note(k map[string]types.AttributeValue, err error) {
	if pk, _ := k[attrPK].(*types.AttributeValueMemberS); err == nil && pk != nil && pk.Value == settingsPK {
		w.lists.written(listMovies)
	}
}

func (w settingsWatch) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	out, err := w.DB.PutItem(ctx, in, opts...)
	w.note(in.Item, err)
	return out, err
}

func (w settingsWatch) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	out, err := w.DB.UpdateItem(ctx, in, opts...)
	w.note(in.Key, err)
	return out, err
}

func (w settingsWatch) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	out, err := w.DB.DeleteItem(ctx, in, opts...)
	w.note(in.Key, err)
	return out, err
}

func (w settingsWatch) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	out, err := w.DB.TransactWriteItems(ctx, in, opts...)
	for _, op := range in.TransactItems {
		w.note(writtenKey(op), err)
	}
	return out, err
}
