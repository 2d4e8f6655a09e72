package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// planFixture is a festival of n films by one producer and three jury
// members, with a plan giving every film all three.
type planFixture struct {
	s      *dynamo.Store
	db     *dynamodb.Client
	table  string
	admin  festival.Actor
	jurors []festival.User
	films  []festival.Movie
}

func newPlanFixture(t *testing.T, n int) planFixture {
	s, db, table := movieStore(t)
	f := planFixture{s: s, db: db, table: table}
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	f.admin = actor(newUser(t, s, "admin@example.org", festival.RoleAdmin))
	for i := range 3 {
		f.jurors = append(f.jurors, newUser(t, s, fmt.Sprintf("jury%d@example.org", i), festival.RoleJury))
	}
	for range n {
		f.films = append(f.films, newMovie(t, s, prod))
	}
	return f
}

// plan is every film given all three members, from the films as stored now.
func (f planFixture) plan(t *testing.T) festival.PlanID {
	t.Helper()
	ctx := context.Background()
	stored, err := f.s.AllMoviesVersioned(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var films []festival.PlanFilm
	for _, vm := range stored {
		films = append(films, festival.PlanFilm{MovieID: vm.Movie.ID, Version: vm.Version, After: ids(f.jurors)})
	}
	id := festival.NewPlanID(time.Now())
	if _, err := f.s.SavePlan(ctx, f.admin, id, films); err != nil {
		t.Fatal(err)
	}
	return id
}

func ids(users []festival.User) []int64 {
	out := make([]int64, len(users))
	for i, u := range users {
		out[i] = u.ID
	}
	return out
}

func digest(uid int64, films []festival.Movie) festival.Message {
	return festival.NewMessage(festival.MessageJuryAssignment, []int64{uid}, map[string]string{"count": fmt.Sprint(len(films))}, time.Now())
}

// assignedLinks counts the jury link items of every film.
func (f planFixture) assignedLinks(t *testing.T) int {
	t.Helper()
	n := 0
	for _, m := range f.films {
		out, err := f.db.Query(context.Background(), &dynamodb.QueryInput{
			TableName: &f.table, KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :jury)"), ConsistentRead: aws.Bool(true),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", m.ID)}, ":jury": &types.AttributeValueMemberS{Value: "JURY#"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		n += len(out.Items)
	}
	return n
}

// embeddedJuries counts the members embedded in every film item.
func (f planFixture) embeddedJuries(t *testing.T) int {
	t.Helper()
	stored, err := f.s.AllMoviesVersioned(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, vm := range stored {
		n += len(vm.Movie.Juries)
	}
	return n
}

func TestAnAssignmentPlanRefusedInItsLastTransactionLeavesEveryFilmAsItWas(t *testing.T) {
	t.Parallel()
	f := newPlanFixture(t, 60) // 4 writes a film: three transactions
	ctx := context.Background()
	id := f.plan(t)
	// After the preview, the third member declares a conflict with the
	// last film: the check of the last transaction fails.
	last := f.films[len(f.films)-1]
	if _, err := f.s.SetJuryProfile(ctx, f.jurors[2].ID, nil, []int64{last.ID}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ApplyPlan(ctx, f.admin, id, digest); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("apply = %v, want festival.ErrConflict", err)
	}
	if n, e := f.assignedLinks(t), f.embeddedJuries(t); n != 0 || e != 0 {
		t.Fatalf("after the refusal: %d jury links and %d embedded members left, want none", n, e)
	}
	if mine, _, err := f.s.ListMovies(ctx, festival.MovieFilter{JuryID: f.jurors[0].ID}, dynamo.Page{}); err != nil || len(mine) != 0 {
		t.Fatalf("assigned films of the first member: %d, %v; want none", len(mine), err)
	}
	var state *festival.PlanStateError
	if _, err := f.s.ApplyPlan(ctx, f.admin, id, digest); !errors.As(err, &state) || state.State != festival.PlanRolledBack {
		t.Fatalf("second apply = %v, want the plan rolled_back", err)
	}

	// The conflict withdrawn, a new preview applies in full.
	if _, err := f.s.SetJuryProfile(ctx, f.jurors[2].ID, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	id = f.plan(t)
	if n, err := f.s.ApplyPlan(ctx, f.admin, id, digest); err != nil || n != 60 {
		t.Fatalf("apply = %d, %v; want 60 films", n, err)
	}
	if n, e := f.assignedLinks(t), f.embeddedJuries(t); n != 180 || e != 180 {
		t.Fatalf("%d jury links and %d embedded members, want 180 each", n, e)
	}
	mine, _, err := f.s.ListMovies(ctx, festival.MovieFilter{JuryID: f.jurors[1].ID}, dynamo.Page{})
	if err != nil || len(mine) != 60 {
		t.Fatalf("assigned films of the second member: %d, %v; want 60", len(mine), err)
	}
	msgs, err := f.s.DueMessages(ctx, time.Now().Add(time.Minute), 100)
	if err != nil {
		t.Fatal(err)
	}
	var digests []int64
	for _, m := range msgs {
		if m.Kind == festival.MessageJuryAssignment && m.Params["count"] == "60" {
			digests = append(digests, m.To...)
		}
	}
	slices.Sort(digests)
	if !slices.Equal(digests, ids(f.jurors)) {
		t.Errorf("digests to %v, want one to each of %v", digests, ids(f.jurors))
	}
	if _, err := f.s.ApplyPlan(ctx, f.admin, id, digest); !errors.As(err, &state) || state.State != festival.PlanApplied {
		t.Fatalf("applying twice = %v, want the plan applied", err)
	}
}

func TestAnAssignmentPlanWhoseFilmChangedSincePreviewWritesNothing(t *testing.T) {
	t.Parallel()
	f := newPlanFixture(t, 5)
	ctx := context.Background()
	id := f.plan(t)
	changed := f.films[3]
	if _, err := f.s.ChangeMovie(ctx, changed.ID, nil, func(m *festival.Movie) (map[string]string, error) {
		m.Title = "Retitled"
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	var stale *festival.PlanStaleError
	if _, err := f.s.ApplyPlan(ctx, f.admin, id, digest); !errors.As(err, &stale) || stale.MovieID != changed.ID {
		t.Fatalf("apply = %v, want film %d stale", err, changed.ID)
	}
	if n, e := f.assignedLinks(t), f.embeddedJuries(t); n != 0 || e != 0 {
		t.Fatalf("%d jury links and %d embedded members written, want none", n, e)
	}
	if _, err := f.s.ApplyPlan(ctx, f.admin, festival.NewPlanID(time.Now()), digest); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("apply of an unknown plan = %v, want festival.ErrNotFound", err)
	}
}

func TestAnApplyThatDiesPartWayIsPutBackOnceItsLeaseRunsOut(t *testing.T) {
	t.Parallel()
	f := newPlanFixture(t, 40)
	ctx := context.Background()
	id := f.plan(t)
	// The apply dies after writing every film, before the plan is marked
	// applied (the digests are built in between).
	func() {
		defer func() { _ = recover() }()
		_, _ = f.s.ApplyPlan(ctx, f.admin, id, func(int64, []festival.Movie) festival.Message { panic("function timed out") })
	}()
	if n := f.assignedLinks(t); n != 120 {
		t.Fatalf("%d jury links written before dying, want 120", n)
	}
	if n, err := f.s.RecoverPlans(ctx); err != nil || n != 0 || f.assignedLinks(t) != 120 {
		t.Fatalf("recovery within the lease: %d plans, %v, links %d; want nothing undone", n, err, f.assignedLinks(t))
	}
	later := dynamo.New(f.db, f.table, func() time.Time { return time.Now().Add(3 * time.Minute) })
	if n, err := later.RecoverPlans(ctx); err != nil || n != 1 {
		t.Fatalf("recovery after the lease: %d plans, %v; want 1", n, err)
	}
	if n, e := f.assignedLinks(t), f.embeddedJuries(t); n != 0 || e != 0 {
		t.Fatalf("after recovery: %d jury links and %d embedded members, want none", n, e)
	}
	var state *festival.PlanStateError
	if _, err := later.ApplyPlan(ctx, f.admin, id, digest); !errors.As(err, &state) || state.State != festival.PlanRolledBack {
		t.Fatalf("apply after recovery = %v, want the plan rolled_back", err)
	}
}

func TestAJuryMemberWhoDeclaredAConflictCannotBeAssignedTheFilm(t *testing.T) {
	t.Parallel()
	f := newPlanFixture(t, 2)
	ctx := context.Background()
	m, j := f.films[0], f.jurors[0]
	if _, err := f.s.SetJuryProfile(ctx, j.ID, nil, []int64{m.ID}, nil); err != nil {
		t.Fatal(err)
	}
	var coi *festival.ConflictOfInterestError
	if _, err := f.s.AssignJuries(ctx, f.admin, m.ID, []int64{j.ID}); !errors.As(err, &coi) || !slices.Equal(coi.IDs, []int64{j.ID}) {
		t.Fatalf("assign = %v, want a conflict of interest for %d", err, j.ID)
	}
	// The store's own check holds even when the caller did not read the
	// declaration (SetMovieJuries is given the members as they are).
	if _, err := f.s.SetMovieJuries(ctx, f.admin, m.ID, []festival.Jury{{ID: j.ID, Email: j.Email, Role: festival.RoleJury}}); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("SetMovieJuries = %v, want festival.ErrConflict", err)
	}
	// And a conflict cannot be declared on a film already assigned.
	if _, err := f.s.AssignJuries(ctx, f.admin, f.films[1].ID, []int64{j.ID}); err != nil {
		t.Fatal(err)
	}
	var bad *festival.JuryProfileError
	if _, err := f.s.SetJuryProfile(ctx, j.ID, []int64{}, []int64{m.ID, f.films[1].ID, 999}, nil); !errors.As(err, &bad) ||
		!slices.Equal(bad.AssignedFilms, []int64{f.films[1].ID}) || !slices.Equal(bad.UnknownFilms, []int64{999}) {
		t.Fatalf("declaring on an assigned film = %v, want it named (and 999 unknown)", err)
	}
}

func TestAPlanAppliedTwiceAtOnceIsWrittenOnce(t *testing.T) {
	t.Parallel()
	f := newPlanFixture(t, 30)
	ctx := context.Background()
	id := f.plan(t)
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := f.s.ApplyPlan(ctx, f.admin, id, digest)
			errs <- err
		}()
	}
	var ok, refused int
	for range 2 {
		var state *festival.PlanStateError
		switch err := <-errs; {
		case err == nil:
			ok++
		case errors.As(err, &state):
			refused++
		default:
			t.Fatalf("apply: %v", err)
		}
	}
	if ok != 1 || refused != 1 {
		t.Fatalf("%d applies succeeded, %d refused; want one of each", ok, refused)
	}
	if n, e := f.assignedLinks(t), f.embeddedJuries(t); n != 90 || e != 90 {
		t.Fatalf("%d jury links and %d embedded members, want 90 each", n, e)
	}
}
