package dynamo_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// readCounter counts the reads a store sends.
type readCounter struct {
	dynamo.DB
	mu         sync.Mutex
	gets, bats int
}

func (c *readCounter) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.mu.Lock()
	c.gets++
	c.mu.Unlock()
	return c.DB.GetItem(ctx, in, o...)
}

func (c *readCounter) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.mu.Lock()
	c.bats++
	c.mu.Unlock()
	return c.DB.BatchGetItem(ctx, in, o...)
}

func (c *readCounter) take() (gets, batches int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	gets, batches, c.gets, c.bats = c.gets, c.bats, 0, 0
	return gets, batches
}

// setEditionAttr writes the settings item's `edition` as starting the next
// edition does.
func setEditionAttr(t *testing.T, db dynamo.DB, table string, id festival.EditionID) {
	t.Helper()
	_, err := db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: &table, Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "SETTINGS"}, "SK": &types.AttributeValueMemberS{Value: "SETTINGS"}},
		UpdateExpression:          aws.String("SET #e = :e"),
		ExpressionAttributeNames:  map[string]string{"#e": "edition"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":e": &types.AttributeValueMemberS{Value: string(id)}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTheCurrentEditionIsReadOncePerFreshnessAndRefreshedBySettingsReads:
// the settings item's `edition` (absent: the first edition), read by one
// GetItem when the memory is stale, by none while it is fresh, refreshed
// for free by a read of the settings and at once by the instance that
// starts the next edition; an explicit edition is taken as is.
func TestTheCurrentEditionIsReadOncePerFreshnessAndRefreshedBySettingsReads(t *testing.T) {
	t.Parallel()
	raw, table := dynamotest.Table(t)
	db := &readCounter{DB: raw}
	s := dynamo.New(db, table, nil)
	s.KeepCurrentEditionFor(time.Hour)
	ctx := context.Background()
	want := func(step string, id festival.EditionID, gets, batches int) {
		t.Helper()
		got, err := s.CurrentEdition(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g, b := db.take()
		if got != id || g != gets || b != batches {
			t.Errorf("%s: edition %q, %d GetItem, %d BatchGetItem; want %q, %d, %d", step, got, g, b, id, gets, batches)
		}
	}
	want("a fresh table", festival.FirstEdition, 1, 0)
	if err := s.SeedSettings(ctx, festival.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	want("fresh memory, settings with no edition", festival.FirstEdition, 0, 0)

	setEditionAttr(t, raw, table, "2027")
	want("another instance switched, memory still fresh", festival.FirstEdition, 0, 0)
	if _, err := s.GetSettings(ctx); err != nil {
		t.Fatal(err)
	}
	db.take()
	want("after a read of the settings", "2027", 0, 0)

	s.NoteCurrentEdition("2028")
	want("noted by the instance that switched", "2028", 0, 0)

	got, err := s.EditionOf(festival.WithEdition(ctx, "2026"))
	if g, b := db.take(); err != nil || got != "2026" || g+b != 0 {
		t.Errorf("explicit edition: %q (%v), %d requests; want 2026 and none", got, err, g+b)
	}
	if got, err := s.EditionOf(ctx); err != nil || got != "2028" {
		t.Errorf("no explicit edition: %q (%v), want the current one, 2028", got, err)
	}

	s.KeepCurrentEditionFor(0)
	want("stale memory", "2027", 1, 0)
	if _, err := s.UpdateSettings(ctx, festival.Actor{ID: 1, Role: festival.RoleAdmin}, func(st *festival.Settings) ([]festival.Message, error) {
		st.JuryReminderDays = 3
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	db.take()
	want("a settings update keeps the edition", "2027", 1, 0)
}

// TestEachEditionHasItsOwnLedgerAndPlans: votes of two editions queue on
// the one pending queue and are linked each into its edition's chain,
// whose head and entries a request reads in the edition it addresses; an
// assignment reads and plans the current edition's films only.
func TestEachEditionHasItsOwnLedgerAndPlans(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	vote := func(m festival.Movie, n float64) {
		t.Helper()
		score, _ := festival.DecimalFromFloat(n)
		if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: &score}, nil); err != nil {
			t.Fatal(err)
		}
	}
	old := newMovie(t, s, prod)
	vote(old, 6)
	if err := s.SwitchEdition(ctx, "2027"); err != nil {
		t.Fatal(err)
	}
	cur1, cur2 := newMovie(t, s, prod), newMovie(t, s, prod)
	vote(cur1, 7)
	vote(cur2, 8)
	if n, err := s.AppendLedger(ctx); err != nil || n != 3 {
		t.Fatalf("AppendLedger = %d, %v; want the 3 votes linked", n, err)
	}
	firstEd := festival.WithEdition(ctx, festival.FirstEdition)
	for _, c := range []struct {
		name string
		ctx  context.Context
		n    int
	}{{"the current edition", ctx, 2}, {"the first edition", firstEd, 1}} {
		head, err := s.LedgerHead(c.ctx)
		if err != nil || head.Seq != int64(c.n) {
			t.Errorf("%s: head %+v, %v; want seq %d", c.name, head, err, c.n)
		}
		entries, _, err := s.LedgerEntries(c.ctx, dynamo.Page{})
		if err != nil || len(entries) != c.n || entries[0].Seq != 1 || entries[0].Prev != "" {
			t.Errorf("%s: entries %+v, %v; want a chain of %d from seq 1", c.name, entries, err, c.n)
		}
	}
	films, err := s.AllMoviesVersioned(ctx)
	if err != nil || len(films) != 2 || films[0].Movie.ID != cur1.ID || films[1].Movie.ID != cur2.ID {
		t.Errorf("the films an assignment plans: %+v, %v; want the current edition's two", films, err)
	}
	if _, err := s.SavePlan(firstEd, actor(jury), festival.NewPlanID(time.Now()), nil); apperr.CodeOf(err) != apperr.Conflict {
		t.Errorf("a plan for the archived edition: %v, want a conflict", err)
	}
}

// TestAnErasureKeepsAnArchivedEditionsVotes: a juror erased while the
// current edition's results are unpublished loses their current votes,
// while their votes of an archived edition stay, anonymised, and its
// ledger head does not move.
func TestAnErasureKeepsAnArchivedEditionsVotes(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	comment := "Un regard"
	vote := func(m festival.Movie) {
		t.Helper()
		if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(6), Comment: &comment, CommentSet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	old := newMovie(t, s, prod)
	vote(old)
	if err := s.SwitchEdition(ctx, "2027"); err != nil {
		t.Fatal(err)
	}
	cur := newMovie(t, s, prod)
	vote(cur)
	if _, err := s.AppendLedger(ctx); err != nil {
		t.Fatal(err)
	}
	firstEd := festival.WithEdition(ctx, festival.FirstEdition)
	head, err := s.LedgerHead(firstEd)
	if err != nil {
		t.Fatal(err)
	}
	admin := festival.Actor{ID: prod.ID, Role: festival.RoleAdmin}
	if err := s.EraseUser(ctx, admin, jury.ID, festival.UserErasure{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendLedger(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetVote(ctx, cur.ID, jury.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Errorf("the current edition's vote: %v, want it deleted", err)
	}
	kept, err := s.GetVote(ctx, old.ID, jury.ID)
	if err != nil || kept.Score != festival.MustDecimal("6") || kept.Comment != nil {
		t.Errorf("the archived edition's vote: %+v, %v; want it kept, its comment removed", kept, err)
	}
	if after, err := s.LedgerHead(firstEd); err != nil || after != head {
		t.Errorf("the archived edition's ledger head: %+v, %v; want it unchanged, %+v", after, err, head)
	}
}
