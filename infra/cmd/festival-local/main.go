// Command festival-local serves the whole API on this machine with DynamoDB
// Local and an embedded S3: what `make run` starts.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "festival-local:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("festival-local", flag.ContinueOnError)
	host := envOr(getenv, "HOST", "127.0.0.1")
	port := fs.String("port", envOr(getenv, "PORT", "3000"), "API port (PORT)")
	s3port := fs.String("s3-port", envOr(getenv, "S3_PORT", "4569"), "embedded S3 port (S3_PORT)")
	data := fs.String("data", envOr(getenv, "DATA_DIR", ".data"), "folder where the data persists between runs (DATA_DIR)")
	cache := fs.String("cache", envOr(getenv, "CACHE_DIR", ".cache"), "folder where DynamoDB Local is installed (CACHE_DIR)")
	tmpl := fs.String("template", "template.yaml", "SAM template that routes requests to functions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	log := app.NewLogger(getenv("LOG_LEVEL"))
	started := time.Now()
	srv, err := localserver.Start(ctx, localserver.Options{
		Addr: host + ":" + *port, S3Addr: host + ":" + *s3port,
		DataDir: *data, CacheDir: *cache, Template: *tmpl, Getenv: getenv, Log: log, MediaJobs: true,
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	fmt.Fprintf(stdout, "Festival console at %s/ and API on %s (API docs at %s/docs; S3 on %s; data in %s; ready in %s). Ctrl-C stops it.\n",
		srv.URL, srv.URL, srv.URL, srv.S3URL, *data, time.Since(started).Round(time.Millisecond))
	// While the festival has no admin, the console's first-run page asks
	// for this code: whoever reads this terminal owns the deployment.
	if needed, err := srv.Deps.Store.Users.SetupNeeded(ctx); err != nil {
		return err
	} else if needed {
		fmt.Fprintf(stdout, "First start: setup code %s (open %s/#/installation to create the first admin).\n", srv.SetupCode, srv.URL)
	}
	<-ctx.Done()
	fmt.Fprintln(stdout, "stopping")
	return nil
}

func envOr(getenv func(string) string, k, def string) string {
	if v := getenv(k); v != "" {
		return v
	}
	return def
}
