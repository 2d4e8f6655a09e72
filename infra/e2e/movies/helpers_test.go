package movies_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/files/filestest"
	"github.com/festivalapi/festival/pkg/store"
	"github.com/festivalapi/festival/pkg/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// film is a complete valid submission form; pairs of extra replace or add
// text fields.
func film(title string, extra ...string) *apitest.Multipart {
	fields := [][2]string{{"title", title}, {"synopsis", "Un synopsis."}, {"duration", "95"},
		{"release_year", "2024"}, {"language", "fr"}}
	for i := 0; i+1 < len(extra); i += 2 {
		replaced := false
		for j := range fields {
			if fields[j][0] == extra[i] {
				fields[j][1], replaced = extra[i+1], true
			}
		}
		if !replaced {
			fields = append(fields, [2]string{extra[i], extra[i+1]})
		}
	}
	f := apitest.NewMultipart()
	for _, kv := range fields {
		f.Field(kv[0], kv[1])
	}
	return f.File("filmFile", "film.mp4", filestest.MP4()).
		File("thumbnail1", "a.png", filestest.PNG()).
		File("thumbnail2", "b.jpg", filestest.JPEG()).
		File("subtitlesSrt", "st.srt", filestest.SRT()).
		Close()
}

// upload submits a valid film as the producer and returns its id.
func upload(t *testing.T, api *apitest.API, token, title string) int64 {
	t.Helper()
	r := api.Do("POST", "/movies/upload", token, film(title)).Expect(http.StatusCreated)
	return int64(r.JSON()["movie"].(map[string]any)["id_movie"].(float64))
}

// objects lists every key in the API's bucket.
func objects(t *testing.T, api *apitest.API) []string {
	t.Helper()
	d := api.Server.Deps
	out, err := d.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(d.Config.Bucket)})
	if err != nil {
		t.Fatalf("list bucket: %v", err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	sort.Strings(keys)
	return keys
}

// items lists the keys (PK|SK) of every item of the table whose PK starts
// with prefix. A Scan is fine in a test.
func items(t *testing.T, api *apitest.API, prefix string) []string {
	t.Helper()
	d := api.Server.Deps
	var keys []string
	p := dynamodb.NewScanPaginator(d.DynamoDB, &dynamodb.ScanInput{TableName: aws.String(d.Config.Table)})
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatalf("scan: %v", err)
		}
		for _, it := range out.Items {
			var k struct{ PK, SK string }
			_ = attributevalue.UnmarshalMap(it, &k)
			if strings.HasPrefix(k.PK, prefix) {
				keys = append(keys, k.PK+"|"+k.SK)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// auditActions lists the actions of the audit trail, oldest first.
func auditActions(t *testing.T, api *apitest.API) []string {
	t.Helper()
	d := api.Server.Deps
	out, err := d.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(d.Config.Table), IndexName: aws.String(store.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "AUDIT"}},
	})
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	var actions []string
	for _, it := range out.Items {
		var a struct {
			Action string `dynamodbav:"action"`
		}
		_ = attributevalue.UnmarshalMap(it, &a)
		actions = append(actions, a.Action)
	}
	return actions
}

// putCategory writes a category item as the categories route group stores
// it (docs/data-model.md), so these tests do not depend on that group.
func putCategory(t *testing.T, api *apitest.API, id int64, name string) {
	t.Helper()
	d := api.Server.Deps
	item, _ := attributevalue.MarshalMap(map[string]any{
		"PK": fmt.Sprintf("CATEGORY#%d", id), "SK": "CATEGORY", "GSI1PK": "CATEGORIES",
		"GSI1SK": fmt.Sprintf("CATEGORY#%010d", id), "type": "CATEGORY",
		"id_categorie": id, "name": name, "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z",
	})
	if _, err := d.DynamoDB.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(d.Config.Table), Item: item}); err != nil {
		t.Fatal(err)
	}
}

// countingDB counts the requests the API sends to DynamoDB.
type countingDB struct {
	store.DB
	mu     sync.Mutex
	counts map[string]int
	failTx atomic.Bool // when set, TransactWriteItems fails
}

func (c *countingDB) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[op]++
}

// take returns the counts since the last call and resets them.
func (c *countingDB) take() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, total := c.counts, 0
	for _, n := range out {
		total += n
	}
	c.counts = map[string]int{}
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
	if c.failTx.Load() {
		return nil, fmt.Errorf("injected failure")
	}
	return c.DB.TransactWriteItems(ctx, in, o...)
}

// startCounting starts an API whose DynamoDB requests are counted.
func startCounting(t *testing.T) (*apitest.API, *countingDB) {
	db := &countingDB{}
	api := apitest.Start(t, func(o *localserver.Options) { o.WrapDB = wrapCounting(db) })
	return api, db
}

// wrapCounting is a localserver.Options.WrapDB that routes through db.
func wrapCounting(db *countingDB) func(store.DB) store.DB {
	return func(inner store.DB) store.DB { db.DB = inner; return db }
}

// failingS3 fails the uploads whose key contains a marker.
type failingS3 struct {
	inner  aws.HTTPClient
	marker atomic.Value // string
}

func (f *failingS3) Do(r *http.Request) (*http.Response, error) {
	if m, _ := f.marker.Load().(string); m != "" && r.Method == http.MethodPut && strings.Contains(r.URL.Path, m) {
		return nil, fmt.Errorf("injected S3 failure")
	}
	return f.inner.Do(r)
}
