// Command withdynamo runs a command with one in-memory DynamoDB Local for its
// whole duration, its endpoint in DYNAMODB_TEST_ENDPOINT: `make test` runs
// `go test ./...` through it so that every test package shares one instance.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/festivalapi/festival/infra/runwith"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: withdynamo COMMAND [ARGS...]")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cache := os.Getenv("CACHE_DIR")
	if cache == "" {
		cache = ".cache"
	}
	started := time.Now()
	inst, err := dynamolocal.Start(ctx, dynamolocal.Options{CacheDir: cache})
	if err != nil {
		fmt.Fprintln(os.Stderr, "withdynamo:", err)
		return 1
	}
	defer inst.Stop()
	fmt.Fprintf(os.Stderr, "withdynamo: DynamoDB Local (in memory) ready at %s in %s\n", inst.Endpoint, time.Since(started).Round(time.Millisecond))
	return runwith.Command(ctx, "withdynamo", args, dynamotest.EndpointVar+"="+inst.Endpoint)
}
