package apitest

import (
	"context"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// StartOnTable starts a local API on a table the test filled itself (a
// dump of an older version, migrated), with a fresh bucket: unlike Start it
// seeds no settings, and the background jobs run only when the test says.
func StartOnTable(t testing.TB, table string) *API {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := localserver.Start(context.Background(), localserver.Options{
		DynamoEndpoint: dynamotest.Endpoint(), Table: table, Bucket: "e2e-" + dynamotest.RandomSuffix(),
		Template: filepath.Join(root, "template.yaml"), Getenv: func(string) string { return "" },
		Log: localserver.Discard, JobsEvery: time.Hour,
	})
	if err != nil {
		t.Fatalf("start local API: %v", err)
	}
	t.Cleanup(srv.Close)
	api := &API{t: t, URL: srv.URL, Server: srv, client: &http.Client{Timeout: 60 * time.Second}}
	return api.CheckOpenAPI()
}
