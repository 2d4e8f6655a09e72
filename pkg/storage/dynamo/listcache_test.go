package dynamo_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// twoInstances are two stores on one table, as two instances of a function
// are: each keeps its own lists in memory.
func twoInstances(t *testing.T) (writer, reader *dynamo.Store) {
	db, table := dynamotest.Table(t)
	writer, reader = dynamo.New(db, table, nil), dynamo.New(db, table, nil)
	// These tests hold the reader to the strictest order: it checks the
	// version before every use (ListFreshness is tested on its own).
	writer.CheckListsEvery(0)
	reader.CheckListsEvery(0)
	return writer, reader
}

// lists is what one store lists of the four public lists, by name.
func lists(t *testing.T, s *dynamo.Store) map[string][]string {
	t.Helper()
	ctx := context.Background()
	movies, _, err := s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	cats, _, err := s.ListCategories(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	events, _, err := s.ListEvents(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	awards, _, err := s.ListAwards(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, m := range movies {
		names := []string{m.Title, string(m.SelectionStatus), m.Producer.FirstName}
		for _, c := range m.Categories {
			names = append(names, c.Name)
		}
		out["movies"] = append(out["movies"], fmt.Sprint(names))
	}
	for _, c := range cats {
		out["categories"] = append(out["categories"], c.Name)
	}
	for _, e := range events {
		out["events"] = append(out["events"], e.Name)
	}
	for _, a := range awards {
		out["awards"] = append(out["awards"], fmt.Sprintf("%s to %d", a.Name, a.MovieID))
	}
	return out
}

// TestAListReadThroughAnotherInstanceIsNeverOlderThanAWriteThatReturned:
// the reader's lists are in its memory before each write; once the writer's
// write returns, the reader lists exactly what a store without a cache reads.
func TestAListReadThroughAnotherInstanceIsNeverOlderThanAWriteThatReturned(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	ctx := context.Background()
	admin := newUser(t, a, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, a, "prod@example.org", festival.RoleProducer)
	var (
		film     festival.Movie
		category festival.Category
		event    festival.Event
		award    festival.Award
	)
	steps := []struct {
		name  string
		write func() error
		want  func(l map[string][]string) bool
	}{
		{"a film is submitted", func() error { film = newMovie(t, a, prod); return nil },
			func(l map[string][]string) bool { return len(l["movies"]) == 1 }},
		{"its title changes", func() error {
			_, err := a.ChangeMovie(ctx, film.ID, nil, func(m *festival.Movie) (map[string]string, error) { m.Title = "Nouveau titre"; return nil, nil })
			return err
		}, func(l map[string][]string) bool { return l["movies"][0] == "[Nouveau titre submitted Ada]" }},
		{"a category is created", func() (err error) { category, err = a.CreateCategory(ctx, actor(admin), "Fiction"); return err },
			func(l map[string][]string) bool { return slices.Equal(l["categories"], []string{"Fiction"}) }},
		{"the film joins it", func() error {
			_, err := a.SetMovieCategories(ctx, actor(admin), film.ID, []festival.MovieCategory{{ID: category.ID, Name: category.Name}})
			return err
		}, func(l map[string][]string) bool { return l["movies"][0] == "[Nouveau titre submitted Ada Fiction]" }},
		{"the category is renamed (in its films too)", func() error {
			_, err := a.RenameCategory(ctx, actor(admin), category.ID, "Fictions")
			return err
		}, func(l map[string][]string) bool {
			return slices.Equal(l["categories"], []string{"Fictions"}) && l["movies"][0] == "[Nouveau titre submitted Ada Fictions]"
		}},
		{"the producer is renamed (in their films too)", func() error {
			_, err := a.UpdateUser(ctx, prod.ID, func(u *festival.User) error { u.FirstName = "Agnès"; return nil })
			return err
		}, func(l map[string][]string) bool { return l["movies"][0] == "[Nouveau titre submitted Agnès Fictions]" }},
		{"an event is created", func() (err error) {
			event, _, err = a.CreateEvent(ctx, actor(admin), newEvent("Ouverture"))
			return err
		},
			func(l map[string][]string) bool { return slices.Equal(l["events"], []string{"Ouverture"}) }},
		{"it is renamed", func() error {
			_, err := a.UpdateEvent(ctx, actor(admin), event.ID, func(e *festival.Event) error { e.Name = "Soirée d'ouverture"; return nil })
			return err
		}, func(l map[string][]string) bool { return slices.Equal(l["events"], []string{"Soirée d'ouverture"}) }},
		{"it is deleted", func() error { _, err := a.DeleteEvent(ctx, actor(admin), event.ID); return err },
			func(l map[string][]string) bool { return len(l["events"]) == 0 }},
		{"the film gets an award", func() (err error) { award, err = a.CreateAward(ctx, actor(admin), film.ID, "Grand prix"); return err },
			func(l map[string][]string) bool {
				return slices.Equal(l["awards"], []string{fmt.Sprintf("Grand prix to %d", film.ID)}) &&
					l["movies"][0] == "[Nouveau titre awarded Agnès Fictions]"
			}},
		{"the award is withdrawn", func() error { _, err := a.DeleteAward(ctx, actor(admin), award.ID); return err },
			func(l map[string][]string) bool {
				return len(l["awards"]) == 0 && l["movies"][0] == "[Nouveau titre candidate Agnès Fictions]"
			}},
		{"the category is deleted (and leaves its films)", func() error { _, err := a.DeleteCategory(ctx, actor(admin), category.ID); return err },
			func(l map[string][]string) bool {
				return len(l["categories"]) == 0 && l["movies"][0] == "[Nouveau titre candidate Agnès]"
			}},
		{"the film is deleted", func() error { return a.DeleteMovie(ctx, nil, film.ID) },
			func(l map[string][]string) bool { return len(l["movies"]) == 0 }},
	}
	uncached := newStoreOn(a)
	for _, step := range steps {
		before := lists(t, b) // the reader's lists are now in its memory
		if err := step.write(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		after, truth := lists(t, b), lists(t, uncached)
		if !step.want(after) || fmt.Sprint(after) != fmt.Sprint(truth) {
			t.Fatalf("%s: the other instance lists %v (before: %v), the table holds %v", step.name, after, before, truth)
		}
	}
}

// newStoreOn is a store on s's table that keeps no list in memory: it reads
// every list from the index.
func newStoreOn(s *dynamo.Store) *dynamo.Store {
	u := dynamo.New(s.Client(), s.Table(), nil)
	u.KeepLists(false)
	return u
}

// TestAFilmIsListedByAnotherInstanceAsSoonAsItsSubmissionReturns, while
// other requests of that instance keep reading (and refreshing) the list.
func TestAFilmIsListedByAnotherInstanceAsSoonAsItsSubmissionReturns(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	ctx := context.Background()
	prod := newUser(t, a, "prod@example.org", festival.RoleProducer)
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for !stop.Load() {
				if _, _, err := b.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	defer func() { stop.Store(true); wg.Wait() }()
	for i := range 30 {
		m := newMovie(t, a, prod)
		l, _, err := b.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if len(l) != i+1 || l[i].ID != m.ID {
			t.Fatalf("after submission %d returned, the other instance lists %d films", i+1, len(l))
		}
	}
}

// TestCursorsOfTheListInMemoryAndOfTheIndexServeEachOther: a page read from
// one instance's memory continues on an instance that reads the index (a
// list too long to keep), and back: every film listing, filtered or not.
func TestCursorsOfTheListInMemoryAndOfTheIndexServeEachOther(t *testing.T) {
	t.Parallel()
	cached, _ := twoInstances(t)
	index := newStoreOn(cached)
	ctx := context.Background()
	admin := newUser(t, cached, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, cached, "prod@example.org", festival.RoleProducer)
	other := newUser(t, cached, "other@example.org", festival.RoleProducer)
	jury := newUser(t, cached, "jury@example.org", festival.RoleJury)
	cat, err := cached.CreateCategory(ctx, actor(admin), "Fiction")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 9 {
		var cats []festival.MovieCategory
		if i%3 != 0 {
			cats = []festival.MovieCategory{{ID: cat.ID, Name: cat.Name}}
		}
		owner := prod
		if i%4 == 0 {
			owner = other
		}
		m := newMovie(t, cached, owner, cats...)
		if i%3 == 1 {
			if _, err := cached.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) {
				m.SelectionStatus = festival.StatusRefused
				return nil, nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		if i%2 == 0 {
			if _, err := cached.AssignJuries(ctx, actor(admin), m.ID, []int64{jury.ID}); err != nil {
				t.Fatal(err)
			}
		}
	}
	refused := []festival.SelectionStatus{festival.StatusRefused}
	listings := map[string]func(*dynamo.Store, dynamo.Page) ([]festival.Movie, string, error){
		"all": func(s *dynamo.Store, p dynamo.Page) ([]festival.Movie, string, error) {
			return s.ListMovies(ctx, festival.MovieFilter{}, p)
		},
		"of a status": func(s *dynamo.Store, p dynamo.Page) ([]festival.Movie, string, error) {
			return s.ListMovies(ctx, festival.MovieFilter{Statuses: refused}, p)
		},
		"of a category": func(s *dynamo.Store, p dynamo.Page) ([]festival.Movie, string, error) {
			return s.ListMovies(ctx, festival.MovieFilter{CategoryID: cat.ID}, p)
		},
		"of a producer": func(s *dynamo.Store, p dynamo.Page) ([]festival.Movie, string, error) {
			return s.MoviesOfProducer(ctx, prod.ID, p)
		},
		"assigned to a jury member": func(s *dynamo.Store, p dynamo.Page) ([]festival.Movie, string, error) {
			return s.MoviesAssignedTo(ctx, jury.ID, p)
		},
	}
	for name, list := range listings {
		want, _, err := list(index, dynamo.Page{})
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		cursor, stores := "", []*dynamo.Store{cached, index}
		for page := 0; ; page++ {
			l, next, err := list(stores[page%2], dynamo.Page{Limit: 2, Cursor: cursor})
			if err != nil {
				t.Fatalf("%s, page %d: %v", name, page, err)
			}
			for _, m := range l {
				got = append(got, m.ID)
			}
			if cursor = next; cursor == "" {
				break
			}
		}
		var ids []int64
		for _, m := range want {
			ids = append(ids, m.ID)
		}
		if len(ids) < 3 || !slices.Equal(got, ids) {
			t.Errorf("%s: pages alternating between memory and index list %v, want %v (more than one page)", name, got, ids)
		}
	}
	if _, _, err := cached.ListCategories(ctx, dynamo.Page{Cursor: "garbage"}); err == nil {
		t.Error("a forged cursor is refused by the list in memory too")
	}
}
