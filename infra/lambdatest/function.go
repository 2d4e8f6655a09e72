package lambdatest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/festivalapi/festival/infra/procstat"
)

// Build compiles ./functions/<group> of the module at root into
// dir/<group>/bootstrap with the Makefile's recipe (MakefileRecipe) but for
// the host's architecture, so that the bootstraps run here, all groups in
// one `go build` so the compiler works on them in parallel. It returns the
// bootstrap path of each group.
func Build(ctx context.Context, root, dir string, groups []string) (map[string]string, error) {
	r, err := MakefileRecipe(root)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	if err := GoBuild(ctx, root, out, r.HostEnv(), r.Flags, groups); err != nil {
		return nil, err
	}
	bins := map[string]string{}
	for _, g := range groups {
		bin := filepath.Join(dir, g, "bootstrap")
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			return nil, err
		}
		if err := os.Rename(filepath.Join(out, g), bin); err != nil {
			return nil, err
		}
		bins[g] = bin
	}
	return bins, nil
}

// HostEnv is the recipe's environment with the host's architecture, for a
// bootstrap that runs on this machine.
func (r Recipe) HostEnv() []string {
	env := make([]string, 0, len(r.Env))
	for _, kv := range r.Env {
		if strings.HasPrefix(kv, "GOARCH=") {
			kv = "GOARCH=" + runtime.GOARCH
		}
		env = append(env, kv)
	}
	return env
}

// GoBuild runs one `go build` of ./functions/<group> for each group, with
// env (NAME=value, over the process's environment: a Recipe's) and flags,
// into the folder out. Builds of the functions wait for each other across
// the test binaries of one machine (this package's and infra/samtemplate's
// run side by side under go test ./...): built one after the other, the
// second finds the first's compiled packages in the build cache, rather
// than both compiling the same packages at once on a cold cache.
func GoBuild(ctx context.Context, root, out string, env, flags, groups []string) error {
	unlock, err := lockBuilds()
	if err != nil {
		return err
	}
	defer unlock()
	args := append(append([]string{"build"}, flags...), "-o", out+string(filepath.Separator))
	for _, g := range groups {
		args = append(args, "./functions/"+g)
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s go %s: %v\n%s", strings.Join(env, " "), strings.Join(args, " "), err, b)
	}
	return nil
}

// lockBuilds takes the machine's lock on function builds (a file lock in
// the temporary folder, let go when the process ends whatever happens).
func lockBuilds() (func(), error) {
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "festival-function-builds.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}

// Function is one running instance of a function's bootstrap.
type Function struct {
	Runtime *Runtime
	// ColdStart is the time from exec to the function's first /next.
	ColdStart time.Duration

	cmd    *exec.Cmd
	stderr *lockedBuffer
	exited chan struct{}
	err    error // the process's exit status, once exited is closed
}

// Start execs bootstrap with env (plus AWS_LAMBDA_RUNTIME_API) in its own
// Runtime API and waits until it asks for its first event. An error carries
// what the process wrote to stderr.
func Start(ctx context.Context, bootstrap string, env []string, timeout time.Duration) (*Function, error) {
	rt, err := StartRuntime(timeout)
	if err != nil {
		return nil, err
	}
	f := &Function{Runtime: rt, stderr: &lockedBuffer{}, exited: make(chan struct{})}
	f.cmd = exec.Command(bootstrap)
	f.cmd.Dir = filepath.Dir(bootstrap) // Lambda's /var/task
	f.cmd.Env = append(env, "AWS_LAMBDA_RUNTIME_API="+rt.Addr)
	f.cmd.Stdout, f.cmd.Stderr = f.stderr, f.stderr
	f.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	started := time.Now()
	if err := f.cmd.Start(); err != nil {
		rt.Close()
		return nil, err
	}
	go func() { f.err = f.cmd.Wait(); close(f.exited) }()
	select {
	case <-rt.Ready():
		f.ColdStart = rt.ReadyAt().Sub(started)
		return f, nil
	case <-f.exited:
		rt.Close()
		return nil, fmt.Errorf("%s exited before its first /next (%v): %s", filepath.Base(filepath.Dir(bootstrap)), f.err, f.Output())
	case <-ctx.Done():
		f.Stop()
		return nil, fmt.Errorf("%s did not reach /next: %w: %s", filepath.Base(filepath.Dir(bootstrap)), ctx.Err(), f.Output())
	}
}

// CPUTime is the processor time (user and system) the function's process
// has used so far, read from /proc (Linux). Lambda gives a function CPU in
// proportion to its memory (1,769 MB is one vCPU), so the CPU time of an
// invocation tells how long it takes at each memory size.
func (f *Function) CPUTime() (time.Duration, error) {
	return procstat.CPUTime(f.cmd.Process.Pid)
}

// Output is what the function has logged so far.
func (f *Function) Output() string { return f.stderr.String() }

// Stop kills the process, as Lambda does when it retires an instance.
func (f *Function) Stop() {
	_ = f.cmd.Process.Kill()
	<-f.exited
	f.Runtime.Close()
}

// Invoke sends an API Gateway HTTP API event and decodes the function's
// answer. A function error (posted to .../error) is returned as a
// *FunctionError.
func (f *Function) Invoke(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, string, error) {
	payload, err := json.Marshal(ev)
	if err != nil {
		return events.APIGatewayV2HTTPResponse{}, "", err
	}
	return f.InvokeRaw(ctx, payload)
}

// InvokeRaw sends payload as it is and decodes the answer as an API Gateway
// HTTP API response. It also returns the invocation's request id.
func (f *Function) InvokeRaw(ctx context.Context, payload []byte) (events.APIGatewayV2HTTPResponse, string, error) {
	var resp events.APIGatewayV2HTTPResponse
	res, err := f.Runtime.Invoke(ctx, payload)
	if err != nil {
		select {
		case <-f.exited:
			return resp, "", fmt.Errorf("the function exited (%v): %s", f.err, f.Output())
		default:
		}
		return resp, "", err
	}
	if res.Err != nil {
		return resp, res.RequestID, res.Err
	}
	if err := json.Unmarshal(res.Payload, &resp); err != nil {
		return resp, res.RequestID, fmt.Errorf("answer is not an API Gateway v2 response: %v: %s", err, res.Payload)
	}
	return resp, res.RequestID, nil
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
