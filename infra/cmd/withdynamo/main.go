// Command withdynamo runs a command with one in-memory DynamoDB Local for its
// whole duration, its endpoint in DYNAMODB_TEST_ENDPOINT: `make test` runs
// `go test ./...` through it so that every test package shares one instance.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"

	"github.com/festivalapi/festival/pkg/dynamolocal"
	"github.com/festivalapi/festival/pkg/storetest"
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
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), storetest.EndpointVar+"="+inst.Endpoint)
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "withdynamo:", err)
		return 1
	}
	return 0
}
