package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// movieStore is a store on a fresh table plus the raw client, to write
// category items as the categories code does and to inspect the table.
func movieStore(t *testing.T) (*dynamo.Store, *dynamodb.Client, string) {
	db, table := dynamotest.Table(t)
	return dynamo.New(db, table, nil), db, table
}

func seedCategory(t *testing.T, db *dynamodb.Client, table string, id int64, name string) {
	t.Helper()
	item, _ := attributevalue.MarshalMap(map[string]any{
		"PK": fmt.Sprintf("CATEGORY#%d", id), "SK": "CATEGORY", "id_categorie": id, "name": name, "edition": "1",
	})
	if _, err := db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: &table, Item: item}); err != nil {
		t.Fatal(err)
	}
}

func newMovie(t *testing.T, s *dynamo.Store, owner festival.User, cats ...festival.MovieCategory) festival.Movie {
	t.Helper()
	ctx := context.Background()
	id, err := s.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), OwnerID: owner.ID,
		Producer:        &festival.Producer{ID: owner.ID, FirstName: owner.FirstName, LastName: owner.LastName},
		SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now, Categories: cats}
	if err := s.CreateMovie(ctx, m, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	return m
}

func collectionSize(t *testing.T, db *dynamodb.Client, table string, id int64) int {
	t.Helper()
	out, err := db.Query(context.Background(), &dynamodb.QueryInput{
		TableName: &table, KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", id)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(out.Items)
}

func TestAMovieIsReadBackWithEverythingEmbedded(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	seedCategory(t, db, table, 2, "Fiction")
	seedCategory(t, db, table, 1, "Animation")
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	m := newMovie(t, s, prod, festival.MovieCategory{ID: 2, Name: "Fiction"}, festival.MovieCategory{ID: 1, Name: "Animation"})

	got, err := s.GetMovie(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != m.Title || got.Status != festival.GuidePending || got.Producer.ID != prod.ID ||
		len(got.Categories) != 2 || got.Categories[0].ID != 1 || got.Juries == nil || got.Awards == nil || got.Collaborators == nil {
		t.Fatalf("GetMovie = %+v", got)
	}
	if n := collectionSize(t, db, table, m.ID); n != 3 {
		t.Errorf("collection has %d items, want the film and 2 category links", n)
	}
	if _, err := s.GetMovie(ctx, 9999); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("unknown film: %v", err)
	}
	if err := s.CreateMovie(ctx, festival.Movie{ID: 500, Title: "x", OwnerID: prod.ID, Categories: []festival.MovieCategory{{ID: 42}}}, festival.Admission{}); !errors.Is(err, festival.ErrConflict) {
		t.Errorf("a film in a missing category: %v, want festival.ErrConflict", err)
	}
	if _, err := s.GetMovie(ctx, 500); !errors.Is(err, festival.ErrNotFound) {
		t.Error("the refused film was written")
	}
}

func TestConcurrentChangesOfAMovieDoNotLoseEachOther(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	m := newMovie(t, s, newUser(t, s, "p@example.org", festival.RoleProducer))
	var wg sync.WaitGroup
	errs := make(chan error, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) {
				m.Collaborators = append(m.Collaborators, festival.Collaborator{ID: int64(i + 1), FirstName: "C", LastName: fmt.Sprint(i)})
				return nil, nil
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil && !errors.Is(err, festival.ErrConflict) {
			t.Fatal(err)
		}
	}
	got, _ := s.GetMovie(ctx, m.ID)
	if len(got.Collaborators) == 0 {
		t.Fatal("no change applied")
	}
	seen := map[int64]bool{}
	for _, c := range got.Collaborators {
		if seen[c.ID] {
			t.Fatalf("a change was applied twice: %+v", got.Collaborators)
		}
		seen[c.ID] = true
	}
	t.Logf("%d of 5 concurrent changes applied, none lost silently", len(got.Collaborators))
}

func TestJuryAssignmentsAreListedThroughTheIndexAndFollowTheUser(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	prod := newUser(t, s, "p@example.org", festival.RoleProducer)
	j1 := newUser(t, s, "j1@example.org", festival.RoleJury)
	j2 := newUser(t, s, "j2@example.org", festival.RoleJury)
	var movies []festival.Movie
	for range 3 {
		movies = append(movies, newMovie(t, s, prod))
	}
	if _, err := s.JuryMembers(ctx, []int64{j1.ID, prod.ID, 777}); err == nil {
		t.Fatal("a producer and an unknown id were accepted as jury")
	} else if u := new(festival.UnknownIDsError); !errors.As(err, &u) || len(u.IDs) != 2 {
		t.Fatalf("JuryMembers: %v", err)
	}
	juries, err := s.JuryMembers(ctx, []int64{j1.ID, j2.ID})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range movies[:2] {
		if _, err := s.SetMovieJuries(ctx, admin, f.ID, juries); err != nil {
			t.Fatal(err)
		}
	}
	got, next, err := s.MoviesAssignedTo(ctx, j1.ID, dynamo.Page{Limit: 1})
	if err != nil || len(got) != 1 || next == "" {
		t.Fatalf("page 1: %d films, cursor %q, %v", len(got), next, err)
	}
	rest, next, err := s.MoviesAssignedTo(ctx, j1.ID, dynamo.Page{Limit: 5, Cursor: next})
	if err != nil || len(rest) != 1 || next != "" || rest[0].ID == got[0].ID {
		t.Fatalf("page 2: %+v, cursor %q, %v", rest, next, err)
	}

	// Renaming the jury member rewrites their entry in both films.
	if _, err := s.UpdateUser(ctx, j1.ID, func(u *festival.User) error { u.LastName = "Nouveau"; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, f := range movies[:2] {
		m, _ := s.GetMovie(ctx, f.ID)
		if m.Juries[0].LastName != "Nouveau" || m.Juries[1].LastName != j2.LastName {
			t.Errorf("film %d Juries = %+v", f.ID, m.Juries)
		}
	}
	// Reassigning exactly j2 removes j1's link.
	if _, err := s.SetMovieJuries(ctx, admin, movies[0].ID, juries[1:]); err != nil {
		t.Fatal(err)
	}
	if l, _, _ := s.MoviesAssignedTo(ctx, j1.ID, dynamo.Page{}); len(l) != 1 || l[0].ID != movies[1].ID {
		t.Errorf("j1 assigned to %+v", l)
	}
	// Deleting j2 removes them from the films' Juries.
	if err := s.DeleteUser(ctx, admin, j2.ID); err != nil {
		t.Fatal(err)
	}
	for _, f := range movies[:2] {
		m, _ := s.GetMovie(ctx, f.ID)
		for _, j := range m.Juries {
			if j.ID == j2.ID {
				t.Errorf("deleted jury member still in film %d", f.ID)
			}
		}
	}
	// Deleting a film removes its whole collection.
	if err := s.DeleteMovie(ctx, &admin, movies[1].ID); err != nil {
		t.Fatal(err)
	}
	if n := collectionSize(t, db, table, movies[1].ID); n != 0 {
		t.Errorf("%d items left", n)
	}
	if l, _, _ := s.MoviesAssignedTo(ctx, j1.ID, dynamo.Page{}); len(l) != 0 {
		t.Errorf("j1 still assigned to %+v", l)
	}
}

func TestRegisterMovieTransactionIsAllOrNothing(t *testing.T) {
	t.Parallel()
	s, _, _ := movieStore(t)
	ctx := context.Background()
	taken := newUser(t, s, "taken@example.org", festival.RoleJury)
	now := festival.NewTime(time.Now())
	u := festival.User{ID: 900, FirstName: "N", LastName: "P", Email: "TAKEN@example.org", PasswordHash: "h", Role: festival.RoleProducer, CreatedAt: now, UpdatedAt: now}
	movieID, err := s.NewMovieID(ctx) // film ids come from their counter: the film list reads 1 to its value
	if err != nil {
		t.Fatal(err)
	}
	m := festival.Movie{ID: movieID, Title: "T", OwnerID: 900, SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateProducerWithMovie(ctx, u, m, festival.Admission{}); !errors.Is(err, festival.ErrEmailTaken) {
		t.Fatalf("duplicate e-mail: %v", err)
	}
	if _, err := s.GetMovie(ctx, movieID); !errors.Is(err, festival.ErrNotFound) {
		t.Error("film written although the account was refused")
	}
	if got, _ := s.UserByEmail(ctx, mustEmail(t, "taken@example.org")); got.ID != taken.ID {
		t.Error("the existing account changed")
	}
	u.Email = "free@example.org"
	if err := s.CreateProducerWithMovie(ctx, u, m, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	if l, _, err := s.MoviesOfProducer(ctx, 900, dynamo.Page{}); err != nil || len(l) != 1 {
		t.Errorf("films of the new producer: %v, %v", l, err)
	}
}

func TestListMoviesPagesAndFilters(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	seedCategory(t, db, table, 1, "Doc")
	prod := newUser(t, s, "p@example.org", festival.RoleProducer)
	for i := range 7 {
		var cats []festival.MovieCategory
		if i%2 == 0 {
			cats = []festival.MovieCategory{{ID: 1, Name: "Doc"}}
		}
		newMovie(t, s, prod, cats...)
	}
	var all []festival.Movie
	cursor := ""
	for pages := 0; ; pages++ {
		l, next, err := s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{Limit: 3, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, l...)
		if next == "" {
			break
		}
		cursor = next
	}
	if len(all) != 7 || all[0].ID > all[6].ID {
		t.Fatalf("paged listing: %d films", len(all))
	}
	if l, _, _ := s.ListMovies(ctx, festival.MovieFilter{CategoryID: 1}, dynamo.Page{}); len(l) != 4 {
		t.Errorf("category 1: %d films, want 4", len(l))
	}
	if _, err := s.ChangeMovie(ctx, all[0].ID, nil, func(m *festival.Movie) (map[string]string, error) {
		m.SelectionStatus = festival.StatusRefused
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	refused := festival.MovieFilter{Statuses: []festival.SelectionStatus{festival.StatusRefused}}
	if l, _, _ := s.ListMovies(ctx, refused, dynamo.Page{}); len(l) != 1 || l[0].ID != all[0].ID {
		t.Errorf("refused: %+v", l)
	}
	refused.CategoryID = 1
	if l, _, _ := s.ListMovies(ctx, refused, dynamo.Page{}); len(l) != 1 {
		t.Errorf("refused in category 1: %d", len(l))
	}
	if _, _, err := s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{Cursor: "garbage"}); !errors.Is(err, dynamo.ErrBadCursor) {
		t.Errorf("bad cursor: %v", err)
	}
}

func TestAJuryMemberInConflictOfInterestIsNotAssigned(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin-coi@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod-coi@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury-coi@example.org", festival.RoleJury)
	m := newMovie(t, s, prod)
	if _, err := s.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) {
		m.Collaborators = []festival.Collaborator{{ID: 1, FirstName: "J", LastName: "C", Email: "JURY-COI@example.org"}}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	juries, err := s.JuryMembers(ctx, []int64{jury.ID})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.SetMovieJuries(ctx, actor(admin), m.ID, juries)
	var coi *festival.ConflictOfInterestError
	if !errors.As(err, &coi) || len(coi.IDs) != 1 || coi.IDs[0] != jury.ID {
		t.Fatalf("err = %v, want a conflict of interest naming %d", err, jury.ID)
	}
	if n := collectionSize(t, db, table, m.ID); n != 1 {
		t.Errorf("a refused assignment wrote %d items", n-1)
	}
}

// conflictingDB cancels the first n transactions as DynamoDB does when
// another transaction touches the same items at the same moment.
type conflictingDB struct {
	dynamo.DB
	mu sync.Mutex
	n  int
}

func (d *conflictingDB) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	d.mu.Lock()
	fail := d.n > 0
	d.n--
	d.mu.Unlock()
	if fail {
		reasons := make([]types.CancellationReason, len(in.TransactItems))
		for i := range reasons {
			reasons[i].Code = aws.String("None")
		}
		reasons[0].Code = aws.String("TransactionConflict")
		return nil, &types.TransactionCanceledException{Message: aws.String("conflict"), CancellationReasons: reasons}
	}
	return d.DB.TransactWriteItems(ctx, in, opts...)
}

func TestAMovieChangeIsRetriedOnATransactionConflict(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	cdb := &conflictingDB{DB: db}
	s := dynamo.New(cdb, table, nil)
	ctx := context.Background()
	prod := newUser(t, s, "prod-tc@example.org", festival.RoleProducer)
	m := newMovie(t, s, prod)

	cdb.mu.Lock()
	cdb.n = 3
	cdb.mu.Unlock()
	got, err := s.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) {
		m.Title = "Changé"
		return nil, nil
	})
	if err != nil || got.Title != "Changé" {
		t.Fatalf("change under contention = %q, %v; want it applied", got.Title, err)
	}
	if stored, _ := s.GetMovie(ctx, m.ID); stored.Title != "Changé" {
		t.Errorf("stored title = %q", stored.Title)
	}
}

func TestAMovieBeingDeletedIsGoneToReadersAndRefusesNewChildren(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin-del@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod-del@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury-del@example.org", festival.RoleJury)
	c, err := s.CreateCategory(ctx, actor(admin), "Tombe")
	if err != nil {
		t.Fatal(err)
	}
	m := newMovie(t, s, prod, festival.MovieCategory{ID: c.ID, Name: c.Name})
	juries, err := s.JuryMembers(ctx, []int64{jury.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetMovieJuries(ctx, actor(admin), m.ID, juries); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(5)}, nil); err != nil {
		t.Fatal(err)
	}
	// What voters judged their votes on, read before the deletion began.
	judged, err := s.VoteGround(ctx, m.ID, jury.ID)
	if err != nil {
		t.Fatal(err)
	}
	newcomer := judged
	newcomer.Vote = nil // a voter without a vote on the film

	// The first step of a deletion, as if it stopped right after it.
	if title, err := s.MarkMovieDeleting(ctx, m.ID); err != nil || title != m.Title {
		t.Fatalf("mark = %q, %v", title, err)
	}
	before := collectionSize(t, db, table, m.ID)

	if _, err := s.GetMovie(ctx, m.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("GetMovie: %v, want festival.ErrNotFound", err)
	}
	if _, err := s.GetMovieFacts(ctx, m.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("GetMovieFacts: %v, want festival.ErrNotFound", err)
	}
	for name, list := range map[string]func() ([]festival.Movie, string, error){
		"all": func() ([]festival.Movie, string, error) {
			return s.ListMovies(ctx, festival.MovieFilter{}, dynamo.Page{})
		},
		"category": func() ([]festival.Movie, string, error) {
			return s.ListMovies(ctx, festival.MovieFilter{CategoryID: c.ID}, dynamo.Page{})
		},
		"producer": func() ([]festival.Movie, string, error) { return s.MoviesOfProducer(ctx, prod.ID, dynamo.Page{}) },
		"assigned": func() ([]festival.Movie, string, error) { return s.MoviesAssignedTo(ctx, jury.ID, dynamo.Page{}) },
	} {
		if movies, _, err := list(); err != nil || len(movies) != 0 {
			t.Errorf("listing %s = %d films, %v; want none", name, len(movies), err)
		}
	}
	if facts, err := s.ListMovieFacts(ctx); err != nil || len(facts) != 0 {
		t.Errorf("ListMovieFacts = %d, %v; want none", len(facts), err)
	}

	// No write may add to the collection being removed.
	other := newUser(t, s, "jury2-del@example.org", festival.RoleJury)
	if _, err := s.SaveVote(ctx, actor(other), m.ID, festival.VoteChange{Score: score(7)}, &newcomer); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("new vote: %v, want festival.ErrNotFound", err)
	}
	yes := true
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{IsCandidate: &yes}, &judged); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("candidate vote: %v, want festival.ErrNotFound", err)
	}
	if _, err := s.SetMovieJuries(ctx, actor(admin), m.ID, append(juries, festival.Jury{ID: other.ID, Email: other.Email, Role: festival.RoleJury})); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("assignment: %v, want festival.ErrNotFound", err)
	}
	if _, err := s.SetMovieCategories(ctx, actor(admin), m.ID, nil); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("categories: %v, want festival.ErrNotFound", err)
	}
	if _, err := s.CreateAward(ctx, actor(admin), m.ID, "Grand prix"); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("award: %v, want festival.ErrNotFound", err)
	}
	if after := collectionSize(t, db, table, m.ID); after != before {
		t.Errorf("collection went from %d to %d items while the film was being deleted", before, after)
	}

	// Retrying the deletion finishes it.
	if err := s.DeleteMovie(ctx, &festival.Actor{ID: admin.ID, Role: admin.Role}, m.ID); err != nil {
		t.Fatal(err)
	}
	if n := collectionSize(t, db, table, m.ID); n != 0 {
		t.Errorf("%d items left", n)
	}
	if err := s.DeleteMovie(ctx, nil, m.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("second deletion: %v, want festival.ErrNotFound", err)
	}
}

func TestDeletingACategoryWhoseMovieVanishedStillUnlinksTheOthers(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin-cat@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod-cat@example.org", festival.RoleProducer)
	c, err := s.CreateCategory(ctx, actor(admin), "Fugace")
	if err != nil {
		t.Fatal(err)
	}
	mc := festival.MovieCategory{ID: c.ID, Name: c.Name}
	kept, vanished := newMovie(t, s, prod, mc), newMovie(t, s, prod, mc)
	// The film item went, its link is still found (the index lags, or the
	// deletion is between its steps): the chunk's transaction is cancelled.
	if _, err := db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &table, Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", vanished.ID)}, "SK": &types.AttributeValueMemberS{Value: "MOVIE"},
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteCategory(ctx, actor(admin), c.ID); err != nil {
		t.Fatalf("DeleteCategory: %v", err)
	}
	if got, _ := s.GetMovie(ctx, kept.ID); len(got.Categories) != 0 {
		t.Errorf("kept film categories = %+v", got.Categories)
	}
	if n := collectionSize(t, db, table, vanished.ID); n != 0 {
		t.Errorf("%d items left of the vanished film", n)
	}
}

func TestACategoryBeingDeletedCannotBeLinked(t *testing.T) {
	t.Parallel()
	s, db, table := movieStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin-cat2@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod-cat2@example.org", festival.RoleProducer)
	c, err := s.CreateCategory(ctx, actor(admin), "Passagère")
	if err != nil {
		t.Fatal(err)
	}
	m := newMovie(t, s, prod)
	// DeleteCategory's first step, as if the deletion were under way.
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: &table, Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("CATEGORY#%d", c.ID)}, "SK": &types.AttributeValueMemberS{Value: "CATEGORY"},
	}, UpdateExpression: aws.String("SET deleting = :t"), ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}}}); err != nil {
		t.Fatal(err)
	}
	var unknown *festival.UnknownIDsError
	if _, err := s.CategoryNames(ctx, []int64{c.ID}); !errors.As(err, &unknown) {
		t.Errorf("CategoryNames: %v, want unknown", err)
	}
	// A writer that validated before the mark is stopped by the write's check.
	if _, err := s.SetMovieCategories(ctx, actor(admin), m.ID, []festival.MovieCategory{{ID: c.ID, Name: c.Name}}); !errors.Is(err, festival.ErrConflict) {
		t.Errorf("SetMovieCategories: %v, want festival.ErrConflict", err)
	}
	if n := collectionSize(t, db, table, m.ID); n != 1 {
		t.Errorf("film collection has %d items, want the film alone", n)
	}
}
