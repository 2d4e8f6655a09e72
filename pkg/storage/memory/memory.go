// Package memory keeps the festival's records in maps, for fast tests only:
// a service test that runs a rule over it takes milliseconds where DynamoDB
// Local takes seconds. It is never a deployment option: nothing in pkg/app,
// functions or infra/localserver may use it (TestNothingDeployedUsesTheMemoryStore
// holds it), and DynamoDB Local stays the truth for `make run`, the e2e
// tests and the repository suite.
//
// One DB is one festival; its stores (Catalog, Users, Resets, LateCodes,
// Settings, Votes, and Films, just enough of the films for the catalogue and
// the votes) share its records. Each store type answers like the DynamoDB store's methods of the same
// names (same signatures, same festival errors), and the repository suite
// (package storesuite) runs over both to hold them together. Where they
// could differ, the DynamoDB store is right. What the stores write besides
// the records (audit entries, outbox messages, ledger entries, list versions,
// film versions, what jury members played) is left out: no method of these
// stores reads it back.
package memory

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// DB holds one festival's records behind one lock: every method of every
// store takes it for its whole run, which makes each write all-or-nothing and
// serialises the races that DynamoDB decides by conditions.
type DB struct {
	mu       sync.Mutex
	now      func() time.Time
	counters map[string]int64

	categories    map[int64]festival.Category
	categoryNames map[string]int64 // edition + NUL + festival.NameKey of a name -> id
	// The editions of the records that carry none in their domain type
	// (editions.go); films carry theirs (Movie.Edition).
	categoryEditions map[int64]festival.EditionID
	awardEditions    map[int64]festival.EditionID
	voteEditions     map[voteKey]festival.EditionID
	events           map[int64]festival.Event
	eventNames       map[string]int64
	films            map[int64]festival.Movie
	awards           map[int64]festival.Award
	votes            map[voteKey]festival.Vote

	users    map[int64]festival.User
	emails   map[string]int64 // festival.NormalizeEmail of an e-mail -> user id
	resets   map[string]reset // by the token's hash
	confirms map[string]reset // e-mail confirmations, by the token's hash
	// hadAdmin is the DynamoDB store's first admin's marker (setup.go).
	hadAdmin  bool
	lateCodes map[string]festival.LateCode // by edition + NUL + code
	// archived are the settings of the editions that were current before
	// (SetCurrentEdition copies them), as the DynamoDB store's SETTINGS#<ed>.
	archived map[festival.EditionID]festival.Settings
	settings *festival.Settings // nil: never written, the defaults apply
	edition  festival.EditionID // the current edition ("": FirstEdition), editions.go
}

// New returns an empty festival. now may be nil (time.Now).
func New(now func() time.Time) *DB {
	if now == nil {
		now = time.Now
	}
	return &DB{
		now: now, counters: map[string]int64{},
		categories: map[int64]festival.Category{}, categoryNames: map[string]int64{},
		categoryEditions: map[int64]festival.EditionID{}, awardEditions: map[int64]festival.EditionID{},
		voteEditions: map[voteKey]festival.EditionID{}, archived: map[festival.EditionID]festival.Settings{},
		events: map[int64]festival.Event{}, eventNames: map[string]int64{},
		films: map[int64]festival.Movie{}, awards: map[int64]festival.Award{}, votes: map[voteKey]festival.Vote{},
		users: map[int64]festival.User{}, emails: map[string]int64{},
		resets: map[string]reset{}, confirms: map[string]reset{}, lateCodes: map[string]festival.LateCode{},
	}
}

// nextID draws the next id of a sequence, as the DynamoDB store's counters
// do: 1, 2, 3... Call with the lock held.
func (db *DB) nextID(sequence string) int64 {
	db.counters[sequence]++
	return db.counters[sequence]
}

// stamp is the time of a write, as stored (milliseconds, UTC).
func (db *DB) stamp() festival.Time { return festival.NewTime(db.now()) }

// errBadCursor is the DynamoDB store's answer to a cursor it did not
// produce (its ErrBadCursor): the same code and text.
func errBadCursor() error { return apperr.E(apperr.Invalid, texts.BadCursor) }

// listing says how one listing pages: its name (a cursor names the listing
// it continues, so another listing's cursor is refused) and each record's
// sort key, unique and in the listing's order (descending when desc).
type listing[T any] struct {
	name string
	key  func(T) string
	desc bool
}

// idKey is the sort key of a record listed in id order.
func idKey(id int64) string { return fmt.Sprintf("%020d", id) }

// page returns the records of all (sorted by the listing's order) after
// p's cursor, one page of p.Limit or all of them when p.Limit is not
// positive, with the cursor of the next page ("" on the last one). The
// result is a new slice, never nil.
func (l listing[T]) page(all []T, p festival.Page) ([]T, string, error) {
	from := 0
	if p.Cursor != "" {
		after, err := l.decode(p.Cursor)
		if err != nil {
			return nil, "", err
		}
		from = slices.IndexFunc(all, func(r T) bool {
			k := l.key(r)
			if l.desc {
				return k < after
			}
			return k > after
		})
		if from < 0 {
			from = len(all)
		}
	}
	rest := all[from:]
	next := ""
	if p.Limit > 0 && len(rest) > int(p.Limit) {
		rest = rest[:p.Limit]
		next = base64.RawURLEncoding.EncodeToString([]byte(l.name + "\x00" + l.key(rest[len(rest)-1])))
	}
	return append(make([]T, 0, len(rest)), rest...), next, nil
}

func (l listing[T]) decode(cursor string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return "", errBadCursor()
	}
	name, after, ok := strings.Cut(string(b), "\x00")
	if !ok || name != l.name || after == "" {
		return "", errBadCursor()
	}
	return after, nil
}

// sortedByID returns the values of a map of records in id order.
func sortedByID[T any](m map[int64]T) []T {
	ids := make([]int64, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		out = append(out, m[id])
	}
	return out
}
