package votes_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/festival"
	"github.com/festivalapi/festival/pkg/store"
	"github.com/festivalapi/festival/pkg/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// newFilm stores a film of owner straight through the store (as an upload
// would leave it), so that these tests need no media files.
func newFilm(t testing.TB, api *apitest.API, owner apitest.Account, title string, collaborators ...festival.Collaborator) int64 {
	t.Helper()
	st := api.Server.Deps.Store
	ctx := context.Background()
	id, err := st.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	err = st.CreateMovie(ctx, festival.Movie{
		ID: id, Title: title, OwnerID: owner.ID, SelectionStatus: festival.StatusSubmitted,
		Producer: &festival.Producer{ID: owner.ID, FirstName: "Prénom", LastName: "Nom"}, Collaborators: collaborators,
		CreatedAt: now, UpdatedAt: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// countingDB counts the requests the API sends to DynamoDB.
type countingDB struct {
	store.DB
	mu sync.Mutex
	n  map[string]int
}

func (c *countingDB) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[op]++
}

// take returns the counts since the last call and resets them.
func (c *countingDB) take() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, total := c.n, 0
	for _, v := range out {
		total += v
	}
	c.n = map[string]int{}
	return out, total
}

func (c *countingDB) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.add("GetItem")
	return c.DB.GetItem(ctx, in, o...)
}

func (c *countingDB) PutItem(ctx context.Context, in *dynamodb.PutItemInput, o ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.add("PutItem")
	return c.DB.PutItem(ctx, in, o...)
}

func (c *countingDB) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, o ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.add("UpdateItem")
	return c.DB.UpdateItem(ctx, in, o...)
}

func (c *countingDB) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, o ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	c.add("DeleteItem")
	return c.DB.DeleteItem(ctx, in, o...)
}

func (c *countingDB) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.add("Query")
	return c.DB.Query(ctx, in, o...)
}

func (c *countingDB) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.add("BatchGetItem")
	return c.DB.BatchGetItem(ctx, in, o...)
}

func (c *countingDB) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.add("TransactWriteItems")
	return c.DB.TransactWriteItems(ctx, in, o...)
}

// startCounting starts an API whose DynamoDB requests are counted.
func startCounting(t *testing.T) (*apitest.API, *countingDB) {
	db := &countingDB{}
	api := apitest.Start(t, func(o *localserver.Options) {
		o.WrapDB = func(inner store.DB) store.DB { db.DB = inner; return db }
	})
	return api, db
}
