// Package dynamotest gives integration tests a real DynamoDB: DynamoDB Local,
// one per `make test` run (its endpoint in DYNAMODB_TEST_ENDPOINT), or one
// started for the test binary when the variable is unset, so that a plain
// `go test ./...` works too. Each test gets a table of its own.
package dynamotest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// EndpointVar names the variable carrying a running DynamoDB Local's endpoint.
const EndpointVar = "DYNAMODB_TEST_ENDPOINT"

var endpoint string

// Main runs a package's tests with a DynamoDB Local; call it from TestMain.
func Main(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynamotest:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	endpoint = os.Getenv(EndpointVar)
	if endpoint == "" {
		root, err := RepoRoot()
		if err != nil {
			return 0, err
		}
		inst, err := dynamolocal.Start(context.Background(), dynamolocal.Options{CacheDir: filepath.Join(root, ".cache")})
		if err != nil {
			return 0, err
		}
		defer inst.Stop()
		endpoint = inst.Endpoint
	}
	return m.Run(), nil
}

// Endpoint returns the endpoint of the tests' DynamoDB Local.
func Endpoint() string { return endpoint }

// Table creates a fresh table for one test and returns a client and its name.
func Table(t testing.TB) (*dynamodb.Client, string) {
	t.Helper()
	if endpoint == "" {
		t.Fatal("dynamotest: call dynamotest.Main from TestMain")
	}
	db := dynamolocal.Client(endpoint)
	name := "test-" + RandomSuffix()
	if err := dynamo.EnsureTable(context.Background(), db, name); err != nil {
		t.Fatalf("create table: %v", err)
	}
	t.Cleanup(func() {
		_, _ = db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: &name})
	})
	return db, name
}

// RandomSuffix returns a short random name part.
func RandomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// RepoRoot finds the module root (the folder holding go.mod).
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}
