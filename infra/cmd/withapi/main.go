// Command withapi runs a command against a whole local API for its duration:
// the local server with in-memory data on free ports, its URL in
// FESTIVAL_URL. `make test` runs the console's browser tests through it. It
// uses the DynamoDB Local of DYNAMODB_TEST_ENDPOINT when set (withdynamo), or
// starts its own.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/runwith"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: withapi COMMAND [ARGS...]")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cache := os.Getenv("CACHE_DIR")
	if cache == "" {
		cache = ".cache"
	}
	started := time.Now()
	srv, err := localserver.Start(ctx, localserver.Options{
		CacheDir:       cache,
		DynamoEndpoint: os.Getenv(dynamotest.EndpointVar),
		Table:          "console-" + dynamotest.RandomSuffix(),
		Bucket:         "console-" + dynamotest.RandomSuffix(),
		Getenv:         os.Getenv,
		Log:            localserver.Discard,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "withapi:", err)
		return 1
	}
	defer srv.Close()
	fmt.Fprintf(os.Stderr, "withapi: local API ready at %s in %s\n", srv.URL, time.Since(started).Round(time.Millisecond))
	return runwith.Command(ctx, "withapi", args, "FESTIVAL_URL="+srv.URL)
}
