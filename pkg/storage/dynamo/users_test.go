package dynamo_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func newStore(t testing.TB) *dynamo.Store {
	db, table := dynamotest.Table(t)
	return dynamo.New(db, table, nil)
}

func newUser(t testing.TB, s *dynamo.Store, email string, role festival.Role) festival.User {
	t.Helper()
	ctx := context.Background()
	id, err := s.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	u := festival.User{ID: id, FirstName: "Ada", LastName: "Lovelace", Email: email, PasswordHash: "$2a$10$hash",
		Role: role, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCreateUserThenReadItBackByIDAndEmail(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	u := newUser(t, s, "Ada@Example.org", festival.RoleJury)
	got, err := s.GetUser(ctx, u.ID)
	if err != nil || got.Email != "Ada@Example.org" || got.Role != festival.RoleJury || !got.CreatedAt.Equal(u.CreatedAt.Time) {
		t.Fatalf("GetUser = %+v, %v", got, err)
	}
	byMail, err := s.UserByEmail(ctx, mustEmail(t, "  ada@EXAMPLE.org "))
	if err != nil || byMail.ID != u.ID {
		t.Fatalf("UserByEmail (other case) = %+v, %v", byMail, err)
	}
	caller, found, err := s.Caller(ctx, u.ID)
	if err != nil || !found || caller.Role != festival.RoleJury || caller.Email != u.Email {
		t.Fatalf("Caller = %+v %v %v", caller, found, err)
	}
	if _, found, err := s.Caller(ctx, u.ID+100); found || err != nil {
		t.Fatalf("Caller of an unknown user: found %v, %v", found, err)
	}
	if _, err := s.GetUser(ctx, u.ID+100); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetUser(unknown) err = %v", err)
	}
}

func TestIDsComeFromAnAtomicCounter(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	a, _ := s.NewUserID(context.Background())
	b, _ := s.NewUserID(context.Background())
	if a != 1 || b != 2 {
		t.Fatalf("ids %d, %d; want 1, 2", a, b)
	}
}

func TestTwentyConcurrentRegistrationsOfOneEmailCreateExactlyOneUser(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	const n = 20
	var wg sync.WaitGroup
	results := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, err := s.NewUserID(ctx)
			if err != nil {
				results <- err
				return
			}
			// The same address in different letter cases.
			email := "race@example.org"
			if i%2 == 1 {
				email = "RACE@example.org"
			}
			results <- s.CreateUser(ctx, festival.User{ID: id, FirstName: "R", LastName: "C", Email: email,
				PasswordHash: "h", Role: festival.RoleProducer, CreatedAt: festival.NewTime(time.Now())})
		}()
	}
	wg.Wait()
	close(results)
	created, taken := 0, 0
	for err := range results {
		switch {
		case err == nil:
			created++
		case errors.Is(err, festival.ErrEmailTaken):
			taken++
		default:
			t.Fatalf("unexpected error: %v", err)
		}
	}
	users, _, err := s.ListUsers(ctx, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if created != 1 || taken != n-1 || len(users) != 1 {
		t.Fatalf("created %d, refused %d, stored %d users; want 1, %d, 1", created, taken, len(users), n-1)
	}
	t.Logf("%d concurrent registrations of one e-mail: %d created, %d refused by the marker's condition", n, created, taken)
}

func TestUpdateUserMovesTheEmailMarkerAndRefusesATakenEmail(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	a := newUser(t, s, "a@example.org", festival.RoleJury)
	newUser(t, s, "b@example.org", festival.RoleJury)

	if _, err := s.UpdateUser(ctx, a.ID, func(u *festival.User) error { u.Email = "B@example.org"; return nil }); !errors.Is(err, festival.ErrEmailTaken) {
		t.Fatalf("taking b's e-mail: err = %v", err)
	}
	got, _ := s.GetUser(ctx, a.ID)
	if got.Email != "a@example.org" {
		t.Fatalf("a refused update changed the user: %+v", got)
	}
	if _, err := s.UpdateUser(ctx, a.ID, func(u *festival.User) error { u.Email = "new@example.org"; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UserByEmail(ctx, mustEmail(t, "a@example.org")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("the old e-mail still finds a user: %v", err)
	}
	if u, err := s.UserByEmail(ctx, mustEmail(t, "new@example.org")); err != nil || u.ID != a.ID {
		t.Fatalf("the new e-mail does not find the user: %v", err)
	}
	// The old address is free again.
	newUser(t, s, "a@example.org", festival.RoleProducer)
}

func TestConcurrentUpdatesDoNotLoseEachOther(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	u := newUser(t, s, "c@example.org", festival.RoleJury)
	var wg sync.WaitGroup
	fields := []func(*festival.User, string){
		func(u *festival.User, v string) { u.City = &v },
		func(u *festival.User, v string) { u.Country = &v },
		func(u *festival.User, v string) { u.Street = &v },
	}
	for i, set := range fields {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.UpdateUser(ctx, u.ID, func(u *festival.User) error { set(u, fmt.Sprint(i)); return nil }); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, _ := s.GetUser(ctx, u.ID)
	if got.City == nil || got.Country == nil || got.Street == nil {
		t.Fatalf("an update was lost: %+v", got)
	}
}

func TestListUsersPaginatesWithACursor(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	for i := range 5 {
		newUser(t, s, fmt.Sprintf("u%d@example.org", i), festival.RoleProducer)
	}
	var ids []int64
	cursor := ""
	pages := 0
	for {
		users, next, err := s.ListUsers(ctx, dynamo.Page{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, u := range users {
			ids = append(ids, u.ID)
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if len(ids) != 5 || ids[0] != 1 || ids[4] != 5 || pages != 3 {
		t.Fatalf("ids %v in %d pages", ids, pages)
	}
	// A page that holds the last item says there is no next page.
	if users, next, err := s.ListUsers(ctx, dynamo.Page{Limit: 5}); err != nil || len(users) != 5 || next != "" {
		t.Fatalf("limit 5 of 5: %d users, next %q, err %v", len(users), next, err)
	}
	forge := func(key string) string { return base64.RawURLEncoding.EncodeToString([]byte(key)) }
	for name, cursor := range map[string]string{
		"not base64":                  "garbage!",
		"not a key of this index":     forge(`{"PK":"x"}`),
		"another listing's partition": forge(`{"GSI1PK":"MOVIES","GSI1SK":"MOVIE#0000000001","PK":"MOVIE#1","SK":"MOVIE"}`),
		"missing attributes":          forge(`{"GSI1PK":"USERS","GSI1SK":"USER#0000000001"}`),
		"an attribute too many":       forge(`{"GSI1PK":"USERS","GSI1SK":"USER#0000000001","PK":"USER#1","SK":"USER","GSI2PK":"x"}`),
	} {
		if _, _, err := s.ListUsers(ctx, dynamo.Page{Limit: 2, Cursor: cursor}); !errors.Is(err, dynamo.ErrBadCursor) {
			t.Errorf("cursor %s: err = %v, want ErrBadCursor", name, err)
		}
	}
}

func TestDeleteUserRemovesUserAndMarkerAndFreesTheEmail(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 99, Role: festival.RoleAdmin}
	u := newUser(t, s, "gone@example.org", festival.RoleJury)
	if err := s.DeleteUser(ctx, admin, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetUser(ctx, u.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("user still there: %v", err)
	}
	if _, err := s.UserByEmail(ctx, mustEmail(t, "gone@example.org")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("marker still there: %v", err)
	}
	if err := s.DeleteUser(ctx, admin, u.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second delete err = %v", err)
	}
	newUser(t, s, "gone@example.org", festival.RoleJury)
}

func TestDeleteUserRefusesWhileTheProducerStillHasAMovie(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 99, Role: festival.RoleAdmin}
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	movie := newMovie(t, s, prod)
	if err := s.DeleteUser(ctx, admin, prod.ID); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("err = %v, want festival.ErrConflict (the film must be deleted first, with its files)", err)
	}
	if _, err := s.GetUser(ctx, prod.ID); err != nil {
		t.Fatalf("the refused deletion deleted the user: %v", err)
	}
	if _, err := s.GetMovie(ctx, movie.ID); err != nil {
		t.Fatalf("the refused deletion deleted the film item alone: %v", err)
	}
}

func TestDeleteUserRemovesTheMarkerOfTheCurrentEmail(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	u := newUser(t, s, "before@example.org", festival.RoleJury)
	if _, err := s.UpdateUser(ctx, u.ID, func(u *festival.User) error { u.Email = "after@example.org"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, festival.Actor{ID: 99, Role: festival.RoleAdmin}, u.ID); err != nil {
		t.Fatal(err)
	}
	// Both addresses are free again: no marker outlives the user.
	newUser(t, s, "after@example.org", festival.RoleJury)
	newUser(t, s, "before@example.org", festival.RoleJury)
}

// A jury member on more films than one transaction holds gets the copies of
// their name updated after the user; a film that lost them meanwhile is
// skipped rather than failing an update that has already happened.
func TestRenamingAJuryMemberOfManyMoviesSkipsAMovieThatChangedMeanwhile(t *testing.T) {
	t.Parallel()
	db, table := dynamotest.Table(t)
	s := dynamo.New(db, table, nil)
	ctx := context.Background()
	admin := festival.Actor{ID: 99, Role: festival.RoleAdmin}
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	var movies []festival.Movie
	for range 101 {
		m := newMovie(t, s, prod)
		if _, err := s.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{{ID: jury.ID, FirstName: jury.FirstName, LastName: jury.LastName, Email: jury.Email, Role: jury.Role}}); err != nil {
			t.Fatal(err)
		}
		movies = append(movies, m)
	}
	// The first film loses its embedded entry (as if unassigned between the
	// query of the user's films and the copies' update).
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &table, Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", movies[0].ID)}, "SK": &types.AttributeValueMemberS{Value: "MOVIE"}},
		UpdateExpression:         aws.String("REMOVE Juries.#id"),
		ExpressionAttributeNames: map[string]string{"#id": fmt.Sprint(jury.ID)},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateUser(ctx, jury.ID, func(u *festival.User) error { u.LastName = "Renommé"; return nil }); err != nil {
		t.Fatalf("update answered %v although the user was updated", err)
	}
	for _, m := range []festival.Movie{movies[1], movies[100]} {
		got, err := s.GetMovie(ctx, m.ID)
		if err != nil || len(got.Juries) != 1 || got.Juries[0].LastName != "Renommé" {
			t.Fatalf("film %d juries = %+v (%v)", m.ID, got.Juries, err)
		}
	}
}

// The audit entry of a role change counts toward the one-transaction limit:
// a jury member on 99 films (1 user write + 99 copies + 1 audit entry)
// cannot make a transaction of 101 items.
func TestAnAuditedRoleChangeOfAJuryMemberOn99MoviesFitsTheTransactionLimit(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 99, Role: festival.RoleAdmin}
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	for range 99 {
		m := newMovie(t, s, prod)
		if _, err := s.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{{ID: jury.ID, FirstName: jury.FirstName, LastName: jury.LastName, Email: jury.Email, Role: jury.Role}}); err != nil {
			t.Fatal(err)
		}
	}
	u, err := s.UpdateUserAs(ctx, &admin, jury.ID, func(u *festival.User) error { u.Role = festival.RoleAdmin; return nil })
	if err != nil || u.Role != festival.RoleAdmin {
		t.Fatalf("role change: %v", err)
	}
}

// mustEmail is email as the store takes it.
func mustEmail(t *testing.T, email string) festival.EmailKey {
	t.Helper()
	k, err := festival.ParseEmailKey(email)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
