package dynamo_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// seedFilms stores n films of prod through s.
func seedFilms(t *testing.T, s *dynamo.Store, prod festival.User, n int) []int64 {
	t.Helper()
	now := festival.NewTime(time.Now())
	ids, err := s.SeedMovies(context.Background(), n, func(id int64) festival.Movie {
		return festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), OwnerID: prod.ID,
			Producer: &festival.Producer{ID: prod.ID, FirstName: "P", LastName: "N"}, SelectionStatus: festival.StatusSubmitted,
			CreatedAt: now, UpdatedAt: now}
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func listedTitles(t *testing.T, s *dynamo.Store) map[int64]string {
	t.Helper()
	ms, _, err := s.ListMovies(context.Background(), festival.MovieFilter{}, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]string{}
	for _, m := range ms {
		out[m.ID] = m.Title
	}
	return out
}

func retitle(t *testing.T, s *dynamo.Store, id int64, title string) {
	t.Helper()
	if _, err := s.ChangeMovie(context.Background(), id, nil, func(m *festival.Movie) (map[string]string, error) {
		m.Title = title
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestAListThatMovedIsRefreshedFromTheRecordsWrittenNotReadWhole: once an
// instance holds the list, a change of one film costs it the version item
// and that film, whatever the number of films; a deleted film leaves it.
func TestAListThatMovedIsRefreshedFromTheRecordsWrittenNotReadWhole(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	writer := dynamo.New(db, table, nil)
	counted := &countingDB{Client: db}
	reader := dynamo.New(counted, table, nil)
	reader.CheckListsEvery(0)
	prod := newUser(t, writer, "prod@example.org", festival.RoleProducer)
	ids := seedFilms(t, writer, prod, 250)
	if got := len(listedTitles(t, reader)); got != 250 {
		t.Fatalf("the first read lists %d films, want 250", got)
	}
	if keys := counted.batchKeys.Load(); keys < 250 {
		t.Fatalf("the first read asked for %d keys: it cannot have read 250 films", keys)
	}
	for step, change := range []func(){
		func() { retitle(t, writer, ids[7], "Renamed") },
		func() {
			if err := writer.DeleteMovie(context.Background(), nil, ids[8]); err != nil {
				t.Fatal(err)
			}
		},
	} {
		change()
		counted.batchKeys.Store(0)
		got := listedTitles(t, reader)
		// The version item (with the settings) and the film(s) written:
		// a deletion writes the tombstone, then removes the film.
		if keys := counted.batchKeys.Load(); keys > 5 {
			t.Errorf("step %d: the refresh asked for %d keys, want the version item, the settings and the films written", step, keys)
		}
		switch step {
		case 0:
			if len(got) != 250 || got[ids[7]] != "Renamed" {
				t.Errorf("after the change, %d films, film %d is %q", len(got), ids[7], got[ids[7]])
			}
		case 1:
			if _, still := got[ids[8]]; still || len(got) != 249 {
				t.Errorf("after the deletion, %d films listed, the deleted one listed: %v", len(got), still)
			}
		}
	}
}

// TestAnInstanceWhoseListIsOlderThanTheLogReadsItWhole: the version item's
// log keeps its last entries only; an instance that fell further behind
// reads the whole list again and lists what the table holds.
func TestAnInstanceWhoseListIsOlderThanTheLogReadsItWhole(t *testing.T) {
	t.Parallel()
	writer, behind := twoInstances(t)
	current := dynamo.New(writer.Client(), writer.Table(), nil)
	current.CheckListsEvery(0)
	prod := newUser(t, writer, "prod@example.org", festival.RoleProducer)
	ids := seedFilms(t, writer, prod, 3)
	listedTitles(t, behind)
	for i := range 80 {
		retitle(t, writer, ids[i%3], fmt.Sprintf("Title %d", i))
		if i%10 == 9 {
			listedTitles(t, current) // reads, and trims the log when it is long
		}
	}
	out, err := writer.Client().GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(writer.Table()),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "LISTVERSION#movies"}, "SK": &types.AttributeValueMemberS{Value: "LISTVERSION"}}})
	if err != nil {
		t.Fatal(err)
	}
	log, _ := out.Item["log"].(*types.AttributeValueMemberL)
	if log == nil || len(log.Value) > 64 {
		t.Fatalf("the version item's log is %v long after 80 changes, want it trimmed", log)
	}
	want := map[int64]string{ids[0]: "Title 78", ids[1]: "Title 79", ids[2]: "Title 77"}
	if got := listedTitles(t, behind); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the instance that fell behind lists %v, want %v", got, want)
	}
}

// TestAnotherInstanceListsAWriteWithinTheFreshnessBound: an instance serves
// its list from memory for the freshness bound, without a request; a write
// of its own is listed at once; another instance's write is listed once the
// bound has passed.
func TestAnotherInstanceListsAWriteWithinTheFreshnessBound(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	other := dynamo.New(db, table, nil)
	counted := &countingDB{Client: db}
	const bound = 500 * time.Millisecond
	s := dynamo.New(counted, table, nil)
	s.CheckListsEvery(bound)
	prod := newUser(t, other, "prod@example.org", festival.RoleProducer)
	ids := seedFilms(t, other, prod, 2)
	listedTitles(t, s)
	start, before := time.Now(), counted.n.Load()
	calls := 0
	for time.Since(start) < bound/2 {
		listedTitles(t, s)
		calls++
	}
	if n := counted.n.Load() - before; n > 1 {
		t.Errorf("%d listings within the bound sent %d requests, want at most one", calls, n)
	}
	retitle(t, s, ids[0], "Own change")
	if got := listedTitles(t, s)[ids[0]]; got != "Own change" {
		t.Errorf("the instance's own change is listed as %q", got)
	}
	retitle(t, other, ids[1], "Other change")
	written := time.Now()
	for listedTitles(t, s)[ids[1]] != "Other change" {
		if time.Since(written) > bound+250*time.Millisecond {
			t.Fatalf("another instance's change is not listed %v after it returned (bound %v)", time.Since(written), bound)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSettingsChangedByTheInstanceAreReadWithItsNextListing: the settings a
// film listing reads with the films are not served from memory once the
// instance changed them.
func TestSettingsChangedByTheInstanceAreReadWithItsNextListing(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	ctx := context.Background()
	var st festival.Settings
	if _, _, err := s.ListMovies(ctx, festival.MovieFilter{Settings: &st}, dynamo.Page{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateSettings(ctx, actor(admin), func(st *festival.Settings) ([]festival.Message, error) {
		st.PublicFilmView = festival.FilmViewRedacted
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ListMovies(ctx, festival.MovieFilter{Settings: &st}, dynamo.Page{}); err != nil {
		t.Fatal(err)
	}
	if st.PublicFilmView != festival.FilmViewRedacted {
		t.Errorf("the listing read the film view %q after the instance set it to redacted", st.PublicFilmView)
	}
}

// TestSettingsChangedElsewhereAreReadWithinTheBoundWhileOtherListingsKeepTheListFresh:
// listings that want no settings (an admin's) refresh the list's version
// without the settings; a listing that wants them still reads them once
// they are older than the bound.
func TestSettingsChangedElsewhereAreReadWithinTheBoundWhileOtherListingsKeepTheListFresh(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	other := dynamo.New(db, table, nil)
	const bound = 300 * time.Millisecond
	s := dynamo.New(db, table, nil)
	s.CheckListsEvery(bound)
	admin := newUser(t, other, "admin@example.org", festival.RoleAdmin)
	ctx := context.Background()
	view := func() festival.FilmView {
		var st festival.Settings
		if _, _, err := s.ListMovies(ctx, festival.MovieFilter{Settings: &st}, dynamo.Page{}); err != nil {
			t.Fatal(err)
		}
		return st.PublicFilmView
	}
	view()
	if _, err := other.UpdateSettings(ctx, actor(admin), func(st *festival.Settings) ([]festival.Message, error) {
		st.PublicFilmView = festival.FilmViewRedacted
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	written := time.Now()
	for view() != festival.FilmViewRedacted {
		if time.Since(written) > bound+250*time.Millisecond {
			t.Fatalf("settings changed by another instance are still not read %v after (bound %v)", time.Since(written), bound)
		}
		for range 5 { // listings without settings, keeping the list itself fresh
			if _, _, err := s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
