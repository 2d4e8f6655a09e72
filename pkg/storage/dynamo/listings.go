package dynamo

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

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
	items   []T
	// tooLong is set once the list's counter passed maxCachedIDs: ids only
	// grow, so the list is never kept again by this store.
	tooLong bool
}

// listCaches are a store's lists in memory.
type listCaches struct {
	movies     listCache[festival.Movie]
	categories listCache[editionCategory]
	events     listCache[festival.Event]
}

// cachedList returns a whole list from memory after checking its version
// (one GetItem), reading it again when the version moved; ok is false when
// the list is not kept (too long, or the store keeps no lists), and the
// caller then reads the index. One request at a time refreshes a list; the
// others wait for it rather than read the same items.
//
// With st set, the festival settings are read into it in the same request as
// the version (a BatchGetItem of the two), or by a GetItem of their own when
// the list is not kept.
func cachedList[T any](ctx context.Context, s *core, c *listCache[T], kind listKind, counter string,
	load func(context.Context, []int64) ([]T, error), st *festival.Settings) (items []T, ok bool, err error) {
	kept := s.maxCachedIDs > 0
	if kept {
		c.mu.Lock()
		kept = !c.tooLong
		c.mu.Unlock()
	}
	if !kept {
		if st != nil {
			*st, _, err = s.getSettings(ctx)
		}
		return nil, false, err
	}
	v, err := s.listVersion(ctx, kind, st)
	if err != nil {
		return nil, false, fmt.Errorf("read %s list version: %w", kind, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// A list read at a later version than the one just read is fresher still.
	if c.loaded && c.version >= v {
		return c.items, true, nil
	}
	last, err := s.readNumber(ctx, key(counterPK(counter), skCounter), "value")
	if err != nil {
		return nil, false, fmt.Errorf("read %s counter: %w", kind, err)
	}
	if last > s.maxCachedIDs {
		c.tooLong, c.loaded, c.items = true, false, nil
		return nil, false, nil
	}
	ids := make([]int64, last)
	for i := range ids {
		ids[i] = int64(i) + 1
	}
	all, err := load(ctx, ids)
	if err != nil {
		return nil, false, err
	}
	c.items, c.version, c.loaded = all, v, true
	return all, true, nil
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

// page returns one page of all (in id order) after p's cursor, or all of it
// when p.Limit is 0, with the cursor of the next page. The result is a new
// slice, never nil.
func (l listing[T]) page(all []T, p Page) ([]T, string, error) {
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
	rest := all[from:]
	next := ""
	if p.Limit > 0 && len(rest) > int(p.Limit) {
		rest = rest[:p.Limit]
		k, err := attributevalue.MarshalMap(l.key(rest[len(rest)-1]))
		if err != nil {
			return nil, "", err
		}
		next = encodeCursor(k)
	}
	return append(make([]T, 0, len(rest)), rest...), next, nil
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
	return cachedList(ctx, s, &s.lists.movies, listMovies, counterMovies, s.loadMovies, st)
}

// cachedCategories is the category list kept in memory, every edition's.
func (s *core) cachedCategories(ctx context.Context) ([]editionCategory, bool, error) {
	return cachedList(ctx, s, &s.lists.categories, listCategories, counterCategories,
		loadRecords(s, func(id int64) map[string]types.AttributeValue { return key(categoryPK(id), skCategory) },
			func(it categoryItem) (editionCategory, bool) {
				return editionCategory{it.category(), editionOrFirst(festival.EditionID(it.Edition))}, !it.Deleting
			}), nil)
}

func (s *core) cachedEvents(ctx context.Context) ([]festival.Event, bool, error) {
	return cachedList(ctx, s, &s.lists.events, listEvents, counterEvents,
		loadRecords(s, func(id int64) map[string]types.AttributeValue { return key(eventPK(id), skEvent) },
			func(it eventItem) (festival.Event, bool) { return it.event(), true }), nil)
}

// The listings kept in memory, each paging like the index Query it replaces.

// filmListing is the listing whose cursors a filtered film list of edition
// ed uses: the index path's for the same filter.
func (s *core) filmListing(ed festival.EditionID, f festival.MovieFilter) listing[festival.Movie] {
	switch {
	case f.ProducerID > 0:
		return s.producerMoviesListing(ed, f.ProducerID)
	case f.JuryID > 0:
		return s.assignedMoviesListing(ed, f.JuryID)
	case f.CategoryID > 0:
		return s.categoryMoviesListing(f.CategoryID)
	}
	return s.moviesListing(ed)
}

func (s *core) moviesListing(ed festival.EditionID) listing[festival.Movie] {
	pk := edMoviesGSI1PK(ed)
	return listing[festival.Movie]{
		query: s.gsi1Query(pk), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: movieGSI1SK(m.ID), attrPK: moviePK(m.ID), attrSK: skMovie}
		},
	}
}

func (s *core) categoryMoviesListing(categoryID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(categoryRefPK(categoryID), prefixMovieRef), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: categoryRefPK(categoryID), attrGSI2SK: movieRefSK(m.ID),
				attrPK: moviePK(m.ID), attrSK: categoryLinkSK(categoryID)}
		},
	}
}

func (s *core) producerMoviesListing(ed festival.EditionID, producerID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(userRefPK(producerID), edProducesPrefix(ed)), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: userRefPK(producerID), attrGSI2SK: edMovieProducerSK(ed, m.ID), attrPK: moviePK(m.ID), attrSK: skMovie}
		},
	}
}

func (s *core) assignedMoviesListing(ed festival.EditionID, juryID int64) listing[festival.Movie] {
	return listing[festival.Movie]{
		query: s.gsi2Query(userRefPK(juryID), edJuryOfPrefix(ed)), id: func(m festival.Movie) int64 { return m.ID },
		key: func(m festival.Movie) map[string]string {
			return map[string]string{attrGSI2PK: userRefPK(juryID), attrGSI2SK: edJuryAssignedSK(ed, m.ID), attrPK: moviePK(m.ID), attrSK: juryLinkSK(juryID)}
		},
	}
}

func (s *core) categoriesListing(ed festival.EditionID) listing[festival.Category] {
	pk := edCategoriesGSI1PK(ed)
	return listing[festival.Category]{
		query: s.gsi1Query(pk), id: func(c festival.Category) int64 { return c.ID },
		key: func(c festival.Category) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: categoryGSI1SK(c.ID), attrPK: categoryPK(c.ID), attrSK: skCategory}
		},
	}
}

func (s *core) eventsListing() listing[festival.Event] {
	return listing[festival.Event]{
		query: s.gsi1Query(gsi1Events), id: func(e festival.Event) int64 { return e.ID },
		key: func(e festival.Event) map[string]string {
			return map[string]string{attrGSI1PK: gsi1Events, attrGSI1SK: eventGSI1SK(e.ID), attrPK: eventPK(e.ID), attrSK: skEvent}
		},
	}
}

func (s *core) awardsListing(ed festival.EditionID) listing[festival.Award] {
	pk := edAwardsGSI1PK(ed)
	return listing[festival.Award]{
		query: s.gsi1Query(pk), id: func(a festival.Award) int64 { return a.ID },
		key: func(a festival.Award) map[string]string {
			return map[string]string{attrGSI1PK: pk, attrGSI1SK: awardSK(a.ID), attrPK: moviePK(a.MovieID), attrSK: awardSK(a.ID)}
		},
	}
}

// keep returns the records of all that pass, in a new slice.
func keep[T any](all []T, pass func(T) bool) []T {
	out := make([]T, 0, len(all))
	for _, r := range all {
		if pass(r) {
			out = append(out, r)
		}
	}
	return out
}

// awardsOf lists the awards embedded in films, in award id order.
func awardsOf(movies []festival.Movie) []festival.Award {
	var out []festival.Award
	for _, m := range movies {
		for _, a := range m.Awards {
			out = append(out, festival.Award{ID: a.ID, MovieID: m.ID, Name: a.Name, AwardedAt: a.AwardedAt})
		}
	}
	slices.SortFunc(out, func(a, b festival.Award) int { return cmpID(a.ID, b.ID) })
	return out
}
