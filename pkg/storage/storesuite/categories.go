package storesuite

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var categoryCases = []testCase{
	{"categories/names are unique whatever the letter case and spacing", categoryNamesAreUnique},
	{"categories/ids come from a counter, increasing", categoryIDsIncrease},
	{"categories/an unknown id is not found", unknownCategoryIsNotFound},
	{"categories/a rename frees the old name and takes the new one", renameMovesTheName},
	{"categories/a rename and a deletion reach the films", categoryChangesReachFilms},
	{"categories/twenty concurrent creations of one name make one", concurrentCategoryCreations},
}

func newCategory(t *testing.T, s Stores, name string) festival.Category {
	t.Helper()
	c, err := s.Catalog.CreateCategory(context.Background(), admin, name)
	if err != nil {
		t.Fatalf("CreateCategory(%q): %v", name, err)
	}
	return c
}

func categoryNamesAreUnique(t *testing.T, s Stores) {
	ctx := context.Background()
	c := newCategory(t, s, "Court métrage")
	if c.ID == 0 || c.Name != "Court métrage" || c.CreatedAt.IsZero() || !c.UpdatedAt.Equal(c.CreatedAt.Time) {
		t.Fatalf("CreateCategory = %+v", c)
	}
	if _, err := s.Catalog.CreateCategory(ctx, admin, "  court   MÉTRAGE "); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("a taken name: err %v, want ErrNameTaken", err)
	}
	other := newCategory(t, s, "Documentaire")
	if _, err := s.Catalog.RenameCategory(ctx, admin, other.ID, "COURT métrage"); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("rename onto a taken name: err %v, want ErrNameTaken", err)
	}
	// Its own name in another letter case is no other category's.
	up, err := s.Catalog.RenameCategory(ctx, admin, c.ID, "COURT MÉTRAGE")
	if err != nil || up.Name != "COURT MÉTRAGE" || up.ID != c.ID {
		t.Fatalf("rename to its own name in capitals = %+v, %v", up, err)
	}
	list, next, err := s.Catalog.ListCategories(ctx, festival.Page{})
	if err != nil || next != "" || len(list) != 2 || list[0].Name != "COURT MÉTRAGE" || list[1].Name != "Documentaire" {
		t.Fatalf("ListCategories = %+v, %q, %v", list, next, err)
	}
}

func categoryIDsIncrease(t *testing.T, s Stores) {
	ctx := context.Background()
	var last int64
	for i := range 4 {
		c := newCategory(t, s, fmt.Sprintf("Catégorie %d", i))
		if c.ID <= last {
			t.Fatalf("id %d after %d", c.ID, last)
		}
		last = c.ID
		// A refused creation does not break the order.
		if _, err := s.Catalog.CreateCategory(ctx, admin, c.Name); !errors.Is(err, festival.ErrNameTaken) {
			t.Fatalf("duplicate: err %v", err)
		}
	}
	got, err := s.Catalog.GetCategory(ctx, last)
	if err != nil || got.Name != "Catégorie 3" {
		t.Fatalf("GetCategory(%d) = %+v, %v", last, got, err)
	}
}

func unknownCategoryIsNotFound(t *testing.T, s Stores) {
	ctx := context.Background()
	c := newCategory(t, s, "Fiction")
	if _, err := s.Catalog.GetCategory(ctx, c.ID+100); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetCategory of an unknown id: err %v", err)
	}
	if _, err := s.Catalog.RenameCategory(ctx, admin, c.ID+100, "Autre"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("RenameCategory of an unknown id: err %v", err)
	}
	if _, err := s.Catalog.DeleteCategory(ctx, admin, c.ID+100); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("DeleteCategory of an unknown id: err %v", err)
	}
	gone, err := s.Catalog.DeleteCategory(ctx, admin, c.ID)
	if err != nil || gone.ID != c.ID || gone.Name != "Fiction" {
		t.Fatalf("DeleteCategory = %+v, %v", gone, err)
	}
	if _, err := s.Catalog.GetCategory(ctx, c.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetCategory of a deleted category: err %v", err)
	}
	if _, err := s.Catalog.DeleteCategory(ctx, admin, c.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second deletion: err %v", err)
	}
	if _, err := s.Catalog.RenameCategory(ctx, admin, c.ID, "Autre"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("rename of a deleted category: err %v", err)
	}
}

func renameMovesTheName(t *testing.T, s Stores) {
	ctx := context.Background()
	c := newCategory(t, s, "Fiction")
	same, err := s.Catalog.RenameCategory(ctx, admin, c.ID, "Fiction")
	if err != nil || !sameCategory(same, c) {
		t.Fatalf("rename to the same name = %+v, %v; want it unchanged %+v", same, err, c)
	}
	up, err := s.Catalog.RenameCategory(ctx, admin, c.ID, "Fiction courte")
	if err != nil || up.Name != "Fiction courte" || !up.CreatedAt.Equal(c.CreatedAt.Time) || up.UpdatedAt.Before(c.UpdatedAt.Time) {
		t.Fatalf("RenameCategory = %+v, %v", up, err)
	}
	if got, err := s.Catalog.GetCategory(ctx, c.ID); err != nil || !sameCategory(got, up) {
		t.Fatalf("GetCategory after the rename = %+v, %v; want %+v", got, err, up)
	}
	if _, err := s.Catalog.CreateCategory(ctx, admin, "fiction"); err != nil {
		t.Fatalf("the old name is not free: %v", err)
	}
	if _, err := s.Catalog.CreateCategory(ctx, admin, "FICTION COURTE"); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("the new name is not taken: err %v", err)
	}
	if _, err := s.Catalog.DeleteCategory(ctx, admin, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Catalog.CreateCategory(ctx, admin, "Fiction courte"); err != nil {
		t.Fatalf("the name of a deleted category is not free: %v", err)
	}
}

func categoryChangesReachFilms(t *testing.T, s Stores) {
	ctx := context.Background()
	c := newCategory(t, s, "Fiction")
	keep := newCategory(t, s, "Drame")
	m := newFilm(t, s, festival.MovieCategory{ID: keep.ID, Name: keep.Name}, festival.MovieCategory{ID: c.ID, Name: c.Name})
	if _, err := s.Catalog.RenameCategory(ctx, admin, c.ID, "Fiction courte"); err != nil {
		t.Fatal(err)
	}
	got := film(t, s, m.ID)
	if len(got.Categories) != 2 || got.Categories[0] != (festival.MovieCategory{ID: c.ID, Name: "Fiction courte"}) ||
		got.Categories[1] != (festival.MovieCategory{ID: keep.ID, Name: "Drame"}) {
		t.Fatalf("film categories after the rename = %+v", got.Categories)
	}
	if _, err := s.Catalog.DeleteCategory(ctx, admin, c.ID); err != nil {
		t.Fatal(err)
	}
	got = film(t, s, m.ID)
	if len(got.Categories) != 1 || got.Categories[0].ID != keep.ID {
		t.Fatalf("film categories after the deletion = %+v", got.Categories)
	}
	// A film cannot be stored in a category that does not exist.
	id, err := s.Films.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orphan := festival.Movie{ID: id, Title: "Orphelin", OwnerID: 7, SelectionStatus: festival.StatusSubmitted,
		Producer: &festival.Producer{ID: 7}, Categories: []festival.MovieCategory{{ID: c.ID, Name: "Fiction courte"}}}
	if err := s.AddFilm(ctx, orphan); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("a film in a deleted category: err %v, want ErrConflict", err)
	}
}

func concurrentCategoryCreations(t *testing.T, s Stores) {
	ctx := context.Background()
	var mu sync.Mutex
	var wg sync.WaitGroup
	ok, taken := 0, 0
	for range 20 {
		wg.Go(func() {
			_, err := s.Catalog.CreateCategory(ctx, admin, "Animation")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, festival.ErrNameTaken):
				taken++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	list, _, err := s.Catalog.ListCategories(ctx, festival.Page{})
	if err != nil || ok != 1 || taken != 19 || len(list) != 1 {
		t.Fatalf("created %d, refused %d, stored %d (%v); want 1, 19, 1", ok, taken, len(list), err)
	}
}

func sameCategory(a, b festival.Category) bool {
	return a.ID == b.ID && a.Name == b.Name && a.CreatedAt.Equal(b.CreatedAt.Time) && a.UpdatedAt.Equal(b.UpdatedAt.Time)
}
