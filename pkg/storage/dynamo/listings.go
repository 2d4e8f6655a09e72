package dynamo

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A list kept in memory is served from there while its version (listcache.go)
// has not moved; listing pages it as the index would, with the same cursors.

// listCache is one list kept in memory. Its items are shared by every
// request that reads them: read-only.
type listCache[T any] struct {
	mu      sync.Mutex
	loaded  bool
	version int64
	items   []T // in id order
	// checked is when the version item was last read (the machine's
	// monotonic clock, not the store's, which tests may stop).
	checked time.Time
	// dirty is set by a write of this store to the list (or, for the films,
	// to the settings read with them): the next use reads the version.
	dirty atomic.Bool
	// settings are those read with the version (the films' list only; nil
	// until read, when the last read named another edition, or after a
	// write of this store), settingsChecked when, and stamp what the list
	// and the settings were when last read.
	settings        *festival.Settings
	settingsChecked time.Time
	stamp           listStamp
}

// listStamp says which state of a list, and of the settings read with it,
// a listing read: two listings with equal stamps read the same records and
// settings.
type listStamp struct {
	version  int64
	settings settingsStamp
}

// String is the stamp as text, for a cache key.
func (s listStamp) String() string {
	return fmt.Sprintf("%d.%d.%d.%s.%s", s.version, s.settings.version, s.settings.form, s.settings.edition, s.settings.asked)
}

// listCaches are a store's lists in memory.
type listCaches struct {
	movies     listCache[festival.Movie]
	categories listCache[editionCategory]
	events     listCache[festival.Event]
}

// written marks a list to be checked before its next use: this store just
// wrote it.
func (l *listCaches) written(k listKind) {
	switch k {
	case listMovies:
		l.movies.dirty.Store(true)
	case listCategories:
		l.categories.dirty.Store(true)
	case listEvents:
		l.events.dirty.Store(true)
	}
}

// cachedList returns a whole list from memory (ok is false when the store
// keeps no lists, and the caller then reads the index). The version item is
// read when the list was last checked listFreshness ago or more, when this
// store wrote to it since, or when the settings are wanted and not kept;
// then the records written since the version held are read again (the
// version item's log), or the whole list when the log does not reach back.
// One request at a time refreshes a list; the others wait for it rather
// than read the same items.
//
// With st set, the festival settings are read into it with the version (a
// BatchGetItem of the two), or given from memory while the list is fresh;
// they are shared, read-only.
func cachedList[T any](ctx context.Context, s *core, c *listCache[T], kind listKind, counter string, id func(T) int64,
	load func(context.Context, []int64) ([]T, error), st *festival.Settings) (items []T, stamp listStamp, ok bool, err error) {
	if !s.keepLists {
		if st != nil {
			*st, _, err = s.getSettings(ctx)
		}
		return nil, listStamp{}, false, err
	}
	_, asked := festival.EditionOf(ctx)
	c.mu.Lock()
	defer c.mu.Unlock()
	dirty := c.dirty.Swap(false)
	if dirty {
		c.settings = nil // the write may be the settings': read them with the next listing that wants them
	}
	fresh := c.loaded && !dirty && time.Since(c.checked) < s.listFreshness && !s.editionStale()
	if st != nil {
		fresh = fresh && c.settings != nil && !asked && time.Since(c.settingsChecked) < s.listFreshness
	}
	if fresh {
		if st != nil {
			*st = *c.settings
		}
		return c.items, c.stamp, true, nil
	}
	head, sst, err := s.listVersion(ctx, kind, st)
	if err != nil {
		c.dirty.Store(dirty || c.dirty.Load())
		return nil, listStamp{}, false, fmt.Errorf("read %s list version: %w", kind, err)
	}
	c.checked = time.Now()
	if st != nil {
		c.settings, c.stamp.settings = nil, sst
		if !asked {
			kept := *st
			c.settings, c.settingsChecked = &kept, c.checked
		}
	}
	if !c.loaded || c.version < head.version {
		if err := c.refresh(ctx, s, head, counter, id, load); err != nil {
			c.loaded, c.items = false, nil
			return nil, listStamp{}, false, err
		}
	}
	// Best effort: a failed trim is tried again by the next reader.
	_ = s.trimListLog(ctx, kind, head)
	c.stamp.version = c.version
	return c.items, c.stamp, true, nil
}

// refresh brings a list to the version head says: the records the log
// names since the version held, or every record.
func (c *listCache[T]) refresh(ctx context.Context, s *core, head listHead, counter string, id func(T) int64,
	load func(context.Context, []int64) ([]T, error)) error {
	if changed, ok := head.changedSince(c.version); c.loaded && ok {
		fresh, err := load(ctx, changed)
		if err != nil {
			return err
		}
		c.items, c.version = mergeByID(c.items, changed, fresh, id), head.version
		return nil
	}
	last, err := s.readNumber(ctx, key(counterPK(counter), skCounter), "value")
	if err != nil {
		return fmt.Errorf("read %s counter: %w", counter, err)
	}
	ids := make([]int64, last)
	for i := range ids {
		ids[i] = int64(i) + 1
	}
	all, err := load(ctx, ids)
	if err != nil {
		return err
	}
	c.items, c.version, c.loaded = all, head.version, true
	return nil
}

// mergeByID returns a new list: old (in id order) without the records of
// changed (sorted ids), with fresh (those of them that exist, in id order)
// in their places.
func mergeByID[T any](old []T, changed []int64, fresh []T, id func(T) int64) []T {
	out := make([]T, 0, len(old)+len(fresh))
	i, j := 0, 0
	for i < len(old) || j < len(fresh) {
		switch {
		case j == len(fresh) || (i < len(old) && id(old[i]) < id(fresh[j])):
			if _, gone := slices.BinarySearch(changed, id(old[i])); !gone {
				out = append(out, old[i])
			}
			i++
		case i < len(old) && id(old[i]) == id(fresh[j]):
			i++ // replaced by fresh[j], next
		default:
			out = append(out, fresh[j])
			j++
		}
	}
	return out
}

// listing describes how a list kept in memory pages like the index Query it
// replaces, so that a cursor of either serves the other: the query (its
// index and partition, to check a cursor), each record's id, and the index
// key of a record (the cursor that resumes after it).
type listing[T any] struct {
	query *dynamodb.QueryInput
	id    func(T) int64
	key   func(T) map[string]string
}

// page returns one page of the records of all (in id order) that pass
// (nil: every record) after p's cursor, or all of them when p.Limit is 0,
// with the cursor of the next page. The result is a new slice, never nil;
// all is walked from the cursor and only as far as the page needs.
func (l listing[T]) page(all []T, pass func(T) bool, p Page) ([]T, string, error) {
	start, err := startKey(p.Cursor, l.query)
	if err != nil {
		return nil, "", err
	}
	from := 0
	if start != nil {
		after, err := cursorID(start, aws.ToString(l.query.IndexName))
		if err != nil {
			return nil, "", err
		}
		from = sort.Search(len(all), func(i int) bool { return l.id(all[i]) > after })
	}
	out := []T{}
	for _, r := range all[from:] {
		if pass != nil && !pass(r) {
			continue
		}
		if p.Limit > 0 && len(out) == int(p.Limit) {
			k, err := attributevalue.MarshalMap(l.key(out[len(out)-1]))
			if err != nil {
				return nil, "", err
			}
			return out, encodeCursor(k), nil
		}
		out = append(out, r)
	}
	return out, "", nil
}

// cursorID reads the id a cursor resumes after: the number that ends the
// index sort key of the last record of the previous page (…#<pad id>).
func cursorID(start map[string]types.AttributeValue, index string) (int64, error) {
	sk := attrSK
	switch index {
	case IndexGSI1:
		sk = attrGSI1SK
	case IndexGSI2:
		sk = attrGSI2SK
	}
	v, _ := start[sk].(*types.AttributeValueMemberS)
	if v == nil {
		return 0, ErrBadCursor
	}
	i := strings.LastIndexByte(v.Value, '#')
	if i < 0 {
		return 0, ErrBadCursor
	}
	id, err := strconv.ParseInt(v.Value[i+1:], 10, 64)
	if err != nil || id < 0 {
		return 0, ErrBadCursor
	}
	return id, nil
}

// loadRecords reads the records of ids from the base table (consistent
// BatchGetItems), in id order, leaving out those gone or being deleted.
func loadRecords[T, R any](s *core, keyOf func(int64) map[string]types.AttributeValue,
	conv func(T) (R, bool)) func(context.Context, []int64) ([]R, error) {
	return func(ctx context.Context, ids []int64) ([]R, error) {
		type read struct {
			r    R
			keep bool
		}
		all, _, err := batchGetByID(ctx, s, ids, keyOf, "", nil, func(item map[string]types.AttributeValue) (read, int64, error) {
			var it T
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return read{}, 0, err
			}
			r, keep := conv(it)
			id, err := itemID(item)
			return read{r: r, keep: keep}, id, err
		})
		if err != nil {
			return nil, err
		}
		out := make([]R, 0, len(all))
		for _, r := range all {
			if r.keep {
				out = append(out, r.r)
			}
		}
		return out, nil
	}
}

// itemID reads a record's id back from its key (PK <TYPE>#<id>).
func itemID(item map[string]types.AttributeValue) (int64, error) {
	pk, _ := item[attrPK].(*types.AttributeValueMemberS)
	if pk == nil {
		return 0, fmt.Errorf("item without %s", attrPK)
	}
	_, id, _ := strings.Cut(pk.Value, "#")
	return strconv.ParseInt(id, 10, 64)
}

// loadMovies reads films by id (consistent BatchGetItems), in id order,
// leaving out those gone or being deleted.
func (s *core) loadMovies(ctx context.Context, ids []int64) ([]festival.Movie, error) {
	return loadRecords(s, func(id int64) map[string]types.AttributeValue { return key(moviePK(id), skMovie) },
		func(it movieItem) (festival.Movie, bool) { return it.movie(), !it.Deleting })(ctx, ids)
}

// cachedMovies is the film list kept in memory (ok false: not kept), with
// the settings read into st when st is set.
func (s *core) cachedMovies(ctx context.Context, st *festival.Settings) ([]festival.Movie, bool, error) {
	all, _, ok, err := cachedList(ctx, s, &s.lists.movies, listMovies, counterMovies, movieID, s.loadMovies, st)
	return all, ok, err
}

func movieID(m festival.Movie) int64 { return m.ID }

// MoviesStamp says which state of the film list and of the settings (read
// into st) a listing of films made now reads (listStamp, as text), at the
// cost of a listing's check: no request while the list is fresh. It is ""
// when the store keeps no lists.
func (s *Films) MoviesStamp(ctx context.Context, st *festival.Settings) (string, error) {
	_, stamp, ok, err := cachedList(ctx, s.core, &s.lists.movies, listMovies, counterMovies, movieID, s.loadMovies, st)
	if !ok || err != nil {
		return "", err
	}
	return stamp.String(), nil
}

// cachedCategories is the category list kept in memory, every edition's.
func (s *core) cachedCategories(ctx context.Context) ([]editionCategory, bool, error) {
	all, _, ok, err := cachedList(ctx, s, &s.lists.categories, listCategories, counterCategories,
		func(c editionCategory) int64 { return c.ID }, loadRecords(s, func(id int64) map[string]types.AttributeValue { return key(categoryPK(id), skCategory) },
			func(it categoryItem) (editionCategory, bool) {
				return editionCategory{it.category(), editionOrFirst(festival.EditionID(it.Edition))}, !it.Deleting
			}), nil)
	return all, ok, err
}

func (s *core) cachedEvents(ctx context.Context) ([]festival.Event, bool, error) {
	all, _, ok, err := cachedList(ctx, s, &s.lists.events, listEvents, counterEvents,
		func(e festival.Event) int64 { return e.ID }, loadRecords(s, func(id int64) map[string]types.AttributeValue { return key(eventPK(id), skEvent) },
			func(it eventItem) (festival.Event, bool) { return it.event(), true }), nil)
	return all, ok, err
}
