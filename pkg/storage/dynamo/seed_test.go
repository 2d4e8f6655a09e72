package dynamo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// TestSeededFilmsAreListedByEveryReadAsCreatedFilmsAre: more films than
// one transaction holds, listed by another instance that had kept the list
// before (the version moved), by the indexes and by their producer's list.
func TestSeededFilmsAreListedByEveryReadAsCreatedFilmsAre(t *testing.T) {
	t.Parallel()
	writer, reader := twoInstances(t)
	ctx := context.Background()
	prod := newUser(t, writer, "prod@example.org", festival.RoleProducer)
	if got := lists(t, reader)["movies"]; len(got) != 0 {
		t.Fatalf("before seeding, %v", got)
	}
	ids := seedFilms(t, writer, prod, 150)
	if len(ids) != 150 {
		t.Fatalf("%d ids for 150 films", len(ids))
	}
	for name, read := range map[string]func() ([]festival.Movie, error){
		"the other instance's kept list": func() ([]festival.Movie, error) {
			ms, _, err := reader.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{})
			return ms, err
		},
		"the index": func() ([]festival.Movie, error) {
			ms, _, err := newStoreOn(writer).ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{})
			return ms, err
		},
		"the producer's films": func() ([]festival.Movie, error) {
			ms, _, err := reader.MoviesOfProducer(ctx, prod.ID, dynamo.Page{})
			return ms, err
		},
	} {
		ms, err := read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(ms) != len(ids) {
			t.Fatalf("%s lists %d films, %d were seeded", name, len(ms), len(ids))
		}
		for i, m := range ms {
			if m.ID != ids[i] || m.Title != fmt.Sprintf("Film %d", ids[i]) {
				t.Fatalf("%s: film %d is %d %q, want %d", name, i, m.ID, m.Title, ids[i])
			}
		}
	}
	next, err := writer.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if next <= ids[len(ids)-1] {
		t.Fatalf("the next film id %d is not past the seeded %d", next, ids[len(ids)-1])
	}
}

func TestSeedingRefusesAFilmWithCategoriesOrAnotherID(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	for name, film := range map[string]func(int64) festival.Movie{
		"another id": func(id int64) festival.Movie { return festival.Movie{ID: id + 1, Title: "F"} },
		"a category": func(id int64) festival.Movie {
			return festival.Movie{ID: id, Title: "F", Categories: []festival.MovieCategory{{ID: 1}}}
		},
	} {
		if _, err := s.SeedMovies(ctx, 1, film); err == nil {
			t.Errorf("%s: seeded", name)
		}
	}
	if ms, _, err := s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{}); err != nil || len(ms) != 0 {
		t.Fatalf("after refused seeds: %d films, %v", len(ms), err)
	}
}
