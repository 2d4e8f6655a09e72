package movies_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

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
		TableName: aws.String(d.Config.Table), IndexName: aws.String(dynamo.IndexGSI1),
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
		"PK": fmt.Sprintf("CATEGORY#%d", id), "SK": "CATEGORY", "GSI1PK": "CATEGORIES#1", "edition": "1",
		"GSI1SK": fmt.Sprintf("CATEGORY#%010d", id), "type": "CATEGORY",
		"id_categorie": id, "name": name, "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z",
	})
	if _, err := d.DynamoDB.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(d.Config.Table), Item: item}); err != nil {
		t.Fatal(err)
	}
}

// failingS3 fails the uploads whose key contains a marker, or panics on
// them when panics is set (a bug part-way through a request).
type failingS3 struct {
	inner  aws.HTTPClient
	marker atomic.Value // string
	panics atomic.Bool
}

func (f *failingS3) Do(r *http.Request) (*http.Response, error) {
	if m, _ := f.marker.Load().(string); m != "" && r.Method == http.MethodPut && strings.Contains(r.URL.Path, m) {
		if f.panics.Load() {
			panic("injected panic during an S3 put")
		}
		return nil, fmt.Errorf("injected S3 failure")
	}
	return f.inner.Do(r)
}
