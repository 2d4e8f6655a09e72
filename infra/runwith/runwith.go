// Package runwith runs a command for the duration of a service the caller
// started (DynamoDB Local, a local API), passing the service's address in the
// command's environment and the command's exit code back: infra/cmd/withdynamo
// and infra/cmd/withapi.
package runwith

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// Command runs args with the process's environment plus env, its standard
// streams connected to ours, and returns its exit code (1 when it could not
// run at all, after saying why under name).
func Command(ctx context.Context, name string, args []string, env ...string) int {
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
