package storesuite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A listing of the suite, seen through its records' ids: every listing
// pages the same way.
type listing struct {
	name string
	// add stores record i of a test, in a festival where prepare ran.
	prepare func(t *testing.T, s Stores) any
	add     func(t *testing.T, s Stores, env any, i int) int64
	remove  func(t *testing.T, s Stores, id int64)
	list    func(s Stores, p festival.Page) ([]int64, string, error)
}

func ids[T any](id func(T) int64) func(list []T, next string, err error) ([]int64, string, error) {
	return func(list []T, next string, err error) ([]int64, string, error) {
		if list == nil {
			return nil, next, err
		}
		out := []int64{}
		for _, r := range list {
			out = append(out, id(r))
		}
		return out, next, err
	}
}

var listings = []listing{
	{
		name:    "categories",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) int64 {
			return newCategory(t, s, fmt.Sprintf("Catégorie %d", i)).ID
		},
		remove: func(t *testing.T, s Stores, id int64) {
			if _, err := s.Catalog.DeleteCategory(context.Background(), admin, id); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]int64, string, error) {
			return ids(func(c festival.Category) int64 { return c.ID })(s.Catalog.ListCategories(context.Background(), p))
		},
	},
	{
		name:    "events",
		prepare: func(*testing.T, Stores) any { return nil },
		add: func(t *testing.T, s Stores, _ any, i int) int64 {
			return newEvent(t, s, fmt.Sprintf("Événement %d", i)).ID
		},
		remove: func(t *testing.T, s Stores, id int64) {
			if _, err := s.Catalog.DeleteEvent(context.Background(), admin, id); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]int64, string, error) {
			return ids(func(e festival.Event) int64 { return e.ID })(s.Catalog.ListEvents(context.Background(), p))
		},
	},
	{
		name:    "awards",
		prepare: func(t *testing.T, s Stores) any { return newFilm(t, s).ID },
		add: func(t *testing.T, s Stores, film any, i int) int64 {
			return newAward(t, s, film.(int64), fmt.Sprintf("Prix %d", i)).ID
		},
		remove: func(t *testing.T, s Stores, id int64) {
			if _, err := s.Catalog.DeleteAward(context.Background(), admin, id); err != nil {
				t.Fatal(err)
			}
		},
		list: func(s Stores, p festival.Page) ([]int64, string, error) {
			return ids(func(a festival.Award) int64 { return a.ID })(s.Catalog.ListAwards(context.Background(), p))
		},
	},
}

var pagingCases = func() []testCase {
	var out []testCase
	for i, l := range listings {
		other := listings[(i+1)%len(listings)]
		out = append(out,
			testCase{"paging/" + l.name + "/pages continue by cursor and the last has none", func(t *testing.T, s Stores) { pagesContinue(t, s, l) }},
			testCase{"paging/" + l.name + "/a cursor outlives the record it stops at", func(t *testing.T, s Stores) { cursorOutlivesItsRecord(t, s, l) }},
			testCase{"paging/" + l.name + "/an empty listing is [] without cursor", func(t *testing.T, s Stores) { emptyListing(t, s, l) }},
			testCase{"paging/" + l.name + "/a bad cursor is refused", func(t *testing.T, s Stores) { badCursorRefused(t, s, l, other) }},
		)
	}
	return out
}()

// fill stores n records of a listing and returns their ids, in order.
func fill(t *testing.T, s Stores, l listing, n int) []int64 {
	env := l.prepare(t, s)
	var out []int64
	for i := range n {
		out = append(out, l.add(t, s, env, i))
	}
	return out
}

func pagesContinue(t *testing.T, s Stores, l listing) {
	want := fill(t, s, l, 5)
	var got []int64
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
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.Invalid || ae.Message != "Paramètre cursor invalide" {
			t.Fatalf("cursor %q: err %v, want invalid \"Paramètre cursor invalide\"", c, err)
		}
	}
}
