// Package runwith runs a command for the duration of a service it starts
// (DynamoDB Local, a local API), passing the service's address in the
// command's environment and the command's exit code back: infra/cmd/withdynamo
// and infra/cmd/withapi.
package runwith

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// Service is what a command runs next to: started with the cache directory,
// it says what it is (for the ready line), the environment entry that points
// at it (and any other the command needs to know), and how to stop it.
type Service struct {
	What string
	Env  string
	More []string
	Stop func()
}

// Main parses args as COMMAND [ARGS...], starts the service, runs the command
// until it ends or a signal arrives, stops the service and returns the exit
// code. name prefixes every line it writes.
func Main(name string, args []string, start func(ctx context.Context, cacheDir string) (Service, error)) int {
	if len(args) == 0 {
		fmt.Fprintf(os.Stderr, "usage: %s COMMAND [ARGS...]\n", name)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cache := os.Getenv("CACHE_DIR")
	if cache == "" {
		cache = ".cache"
	}
	started := time.Now()
	svc, err := start(ctx, cache)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		return 1
	}
	defer svc.Stop()
	fmt.Fprintf(os.Stderr, "%s: %s ready in %s\n", name, svc.What, time.Since(started).Round(time.Millisecond))
	return command(ctx, name, args, append([]string{svc.Env}, svc.More...)...)
}

// command runs args with the process's environment plus env, its standard
// streams connected to ours, and returns its exit code (1 when it could not
// run at all, after saying why under name).
func command(ctx context.Context, name string, args []string, env ...string) int {
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), env...)
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		return 1
	}
	return 0
}
