package dynamo_test

import (
	"context"
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
