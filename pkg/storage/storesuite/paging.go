package storesuite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A listing of the suite, seen through its records' keys (ids, codes):
// every listing pages the same way.
type listing struct {
	name string
	// add stores record i of a test, in a festival where prepare ran.
	prepare func(t *testing.T, s Stores) any
	add     func(t *testing.T, s Stores, env any, i int) string
	remove  func(t *testing.T, s Stores, key string)
	list    func(s Stores, p festival.Page) ([]string, string, error)
	// newestFirst: the listing shows the last record added first.
	newestFirst bool
}

func keys[T any](key func(T) string) func(list []T, next string, err error) ([]string, string, error) {
	return func(list []T, next string, err error) ([]string, string, error) {
		if list == nil {
			return nil, next, err
		}
		out := []string{}
		for _, r := range list {
			out = append(out, key(r))
		}
		return out, next, err
	}
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }

func idOf(t *testing.T, key string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(key, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var listings = []listing{
	{
		name:    "categories",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) string {
			return idString(newCategory(t, s, fmt.Sprintf("Catégorie %d", i)).ID)
		},
		remove: func(t *testing.T, s Stores, key string) {
			if _, err := s.Catalog.DeleteCategory(context.Background(), admin, idOf(t, key)); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(c festival.Category) string { return idString(c.ID) })(s.Catalog.ListCategories(context.Background(), p))
		},
	},
	{
		name:    "events",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) string {
			return idString(newEvent(t, s, fmt.Sprintf("Événement %d", i)).ID)
		},
		remove: func(t *testing.T, s Stores, key string) {
			if _, err := s.Catalog.DeleteEvent(context.Background(), admin, idOf(t, key)); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(e festival.Event) string { return idString(e.ID) })(s.Catalog.ListEvents(context.Background(), p))
		},
	},
	{
		name:    "awards",
		prepare: func(t *testing.T, s Stores) any { return newFilm(t, s).ID },
		add: func(t *testing.T, s Stores, film any, i int) string {
			return idString(newAward(t, s, film.(int64), fmt.Sprintf("Prix %d", i)).ID)
		},
		remove: func(t *testing.T, s Stores, key string) {
			if _, err := s.Catalog.DeleteAward(context.Background(), admin, idOf(t, key)); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(a festival.Award) string { return idString(a.ID) })(s.Catalog.ListAwards(context.Background(), p))
		},
	},
	{
		name:    "users",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) string {
			return idString(newUser(t, s, fmt.Sprintf("user%d@example.org", i)).ID)
		},
		// Not removed: the deletion of a user is not among the suite's methods.
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(u festival.User) string { return idString(u.ID) })(s.Users.ListUsers(context.Background(), p))
		},
	},
	{
		name:    "late codes",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) string {
			return newLateCode(t, s, fmt.Sprintf("CODE%d", i), i).Code
		},
		remove: func(t *testing.T, s Stores, key string) {
			if err := s.LateCodes.DeleteLateCode(context.Background(), lateCodeID(t, key)); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(c festival.LateCode) string { return c.Code })(s.LateCodes.ListLateCodes(context.Background(), p))
		},
		newestFirst: true,
	},
	{
		name:    "votes",
		prepare: func(t *testing.T, s Stores) any { return newFilm(t, s).ID },
		add: func(t *testing.T, s Stores, film any, i int) string {
			voter := festival.Actor{ID: int64(100 + i), Role: festival.RoleJury}
			return idString(castVote(t, s, voter, film.(int64), festival.VoteChange{Score: scoreOf(5)}).Vote.ID)
		},
		remove: func(t *testing.T, s Stores, key string) {
			if _, err := s.Votes.DeleteVote(context.Background(), admin, idOf(t, key)); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(v festival.Vote) string { return idString(v.ID) })(s.Votes.ListVotes(context.Background(), p))
		},
	},
	{
		name:    "votes of a voter",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) string {
			m := newFilm(t, s)
			castVote(t, s, listedVoter, m.ID, festival.VoteChange{Score: scoreOf(float64(i))})
			return idString(m.ID)
		},
		remove: func(t *testing.T, s Stores, key string) {
			ctx := context.Background()
			v, err := s.Votes.GetVote(ctx, idOf(t, key), listedVoter.ID)
			if err == nil {
				_, err = s.Votes.DeleteVote(ctx, admin, v.ID)
			}
			if err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]string, string, error) {
			return keys(func(v festival.Vote) string { return idString(v.MovieID) })(s.Votes.VotesOf(context.Background(), listedVoter.ID, p))
		},
	},
}

// listedVoter is the voter whose votes the listing "votes of a voter" pages.
var listedVoter = festival.Actor{ID: 900, Role: festival.RoleJury}

var pagingCases = func() []testCase {
	var out []testCase
	for i, l := range listings {
		other := listings[(i+1)%len(listings)]
		out = append(out,
			testCase{"paging/" + l.name + "/pages continue by cursor and the last has none", func(t *testing.T, s Stores) { pagesContinue(t, s, l) }},
			testCase{"paging/" + l.name + "/an empty listing is [] without cursor", func(t *testing.T, s Stores) { emptyListing(t, s, l) }},
			testCase{"paging/" + l.name + "/a bad cursor is refused", func(t *testing.T, s Stores) { badCursorRefused(t, s, l, other) }},
		)
		if l.remove != nil {
			out = append(out, testCase{"paging/" + l.name + "/a cursor outlives the record it stops at", func(t *testing.T, s Stores) { cursorOutlivesItsRecord(t, s, l) }})
		}
	}
	return out
}()

// fill stores n records of a listing and returns their keys, in the
// listing's order.
func fill(t *testing.T, s Stores, l listing, n int) []string {
	env := l.prepare(t, s)
	var out []string
	for i := range n {
		out = append(out, l.add(t, s, env, i))
	}
	if l.newestFirst {
		slices.Reverse(out)
	}
	return out
}

func pagesContinue(t *testing.T, s Stores, l listing) {
	want := fill(t, s, l, 5)
	var got []string
	var sizes []int
	cursor := ""
	for range 10 {
		page, next, err := l.list(s, festival.Page{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		got, sizes = append(got, page...), append(sizes, len(page))
		if next == "" {
			break
		}
		cursor = next
	}
	if !slices.Equal(got, want) || !slices.Equal(sizes, []int{2, 2, 1}) {
		t.Fatalf("paged ids %v in pages of %v; want %v in pages of [2 2 1]", got, sizes, want)
	}
	for _, limit := range []int32{0, 5, 6} {
		all, next, err := l.list(s, festival.Page{Limit: limit})
		if err != nil || next != "" || !slices.Equal(all, want) {
			t.Fatalf("limit %d = %v, %q, %v; want %v without cursor", limit, all, next, err, want)
		}
	}
	// A page that ends with the last record has no cursor: no empty page.
	first, next, err := l.list(s, festival.Page{Limit: 4})
	if err != nil || len(first) != 4 || next == "" {
		t.Fatalf("first page of 4 = %v, %q, %v", first, next, err)
	}
	rest, next, err := l.list(s, festival.Page{Limit: 1, Cursor: next})
	if err != nil || !slices.Equal(rest, want[4:]) || next != "" {
		t.Fatalf("last page = %v, %q, %v; want %v without cursor", rest, next, err, want[4:])
	}
}

func cursorOutlivesItsRecord(t *testing.T, s Stores, l listing) {
	want := fill(t, s, l, 4)
	page, next, err := l.list(s, festival.Page{Limit: 2})
	if err != nil || !slices.Equal(page, want[:2]) || next == "" {
		t.Fatalf("first page = %v, %q, %v", page, next, err)
	}
	l.remove(t, s, want[1])
	rest, last, err := l.list(s, festival.Page{Limit: 2, Cursor: next})
	if err != nil || !slices.Equal(rest, want[2:]) || last != "" {
		t.Fatalf("page after a deleted record = %v, %q, %v; want %v", rest, last, err, want[2:])
	}
}

func emptyListing(t *testing.T, s Stores, l listing) {
	for _, limit := range []int32{0, 2} {
		list, next, err := l.list(s, festival.Page{Limit: limit})
		if err != nil || list == nil || len(list) != 0 || next != "" {
			t.Fatalf("empty listing, limit %d = %#v, %q, %v; want [] without cursor", limit, list, next, err)
		}
	}
}

// badCursorRefused: a cursor the store did not produce for this listing is
// the client's mistake, answered as the DynamoDB store answers it.
func badCursorRefused(t *testing.T, s Stores, l, other listing) {
	fill(t, s, l, 3)
	fill(t, s, other, 3)
	_, foreign, err := other.list(s, festival.Page{Limit: 1})
	if err != nil || foreign == "" {
		t.Fatalf("a cursor of %s: %q, %v", other.name, foreign, err)
	}
	for _, c := range []string{"nonsense", "%%%", "e30", foreign} {
		_, _, err := l.list(s, festival.Page{Limit: 2, Cursor: c})
		if !isBadCursor(err) {
			t.Fatalf("cursor %q: err %v, want invalid \"Paramètre cursor invalide\"", c, err)
		}
	}
}

// isBadCursor reports whether err is the answer to a cursor the store did
// not produce for the listing.
func isBadCursor(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.Code == apperr.Invalid && ae.Key == texts.BadCursor
}
