// Command migrate-editions turns a festival table written before editions
// into its first edition (docs/data-model.md, "Editions"): every film,
// category, vote, award, jury link, watch, late code, plan and ledger entry
// is rewritten to the edition's key shapes, the settings name the edition
// and EDITIONS lists it. It is idempotent and resumable: a run killed
// part-way continues where it stopped, and a finished migration costs one
// read, so `make run` runs it before serving.
//
//	go run ./infra/cmd/migrate-editions -table festival -edition 2026 -name "Festival 2026"   # AWS (credentials, region from the environment)
//	go run ./infra/cmd/migrate-editions -local                                              # make run's table in .data
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "migrate-editions:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	fs := flag.NewFlagSet("migrate-editions", flag.ContinueOnError)
	table := fs.String("table", envOr(getenv, "TABLE_NAME", "festival"), "the festival's table (TABLE_NAME)")
	edition := fs.String("edition", string(festival.FirstEdition), "the id of the edition the existing records join (e.g. 2026)")
	name := fs.String("name", "", "the edition's name (its id when empty)")
	segments := fs.Int("segments", 4, "parallel Scan segments (a migration keeps those it started with)")
	pageSize := fs.Int("page-size", 200, "items per Scan page (progress is recorded after each)")
	local := fs.Bool("local", false, "migrate make run's table: DynamoDB Local with its data in DATA_DIR (.data), installed in CACHE_DIR (.cache)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var db *dynamodb.Client
	if *local {
		inst, err := dynamolocal.Start(ctx, dynamolocal.Options{
			CacheDir: envOr(getenv, "CACHE_DIR", ".cache"), DataDir: filepath.Join(envOr(getenv, "DATA_DIR", ".data"), "dynamodb"),
		})
		if err != nil {
			return err
		}
		defer inst.Stop()
		db = dynamolocal.Client(inst.Endpoint)
		if err := dynamo.EnsureTable(ctx, db, *table); err != nil {
			return err
		}
	} else {
		cfg, err := awsconfig.LoadDefaultConfig(ctx)
		if err != nil {
			return err
		}
		db = dynamodb.NewFromConfig(cfg)
	}
	m, err := dynamo.NewMigration(db, *table, nil, dynamo.MigrationOptions{
		Edition: festival.EditionID(*edition), Name: *name, Segments: *segments, PageSize: int32(*pageSize),
	})
	if err != nil {
		return err
	}
	started := time.Now()
	rep, err := m.Run(ctx)
	if err != nil {
		return fmt.Errorf("%w (run it again: it continues where it stopped)", err)
	}
	if rep.Already {
		fmt.Fprintf(out, "migrate-editions: table %s is in editions already (edition %s)\n", *table, rep.Edition)
		return nil
	}
	fmt.Fprintf(out, "migrate-editions: table %s: %d items read in %d pages, %d rewritten into edition %s (%d already), in %s\n",
		*table, rep.Scanned, rep.Pages, rep.Migrated, rep.Edition, rep.Skipped, time.Since(started).Round(time.Millisecond))
	return nil
}

func envOr(getenv func(string) string, k, def string) string {
	if v := getenv(k); v != "" {
		return v
	}
	return def
}
