// Package localserver runs the whole API on one machine: DynamoDB Local, an
// embedded S3 (gofakes3) and every route group's handler, mounted on the
// routes template.yaml gives it. `make run` and the end-to-end tests use it.
package localserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/spf13/afero"

	"github.com/festivalapi/festival/infra/samtemplate"
	"github.com/festivalapi/festival/pkg/api/console"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/app"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/local/dynamolocal"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/service/voting"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/mailbox"
)

// Options configure a local server.
type Options struct {
	Addr     string // API address, e.g. 127.0.0.1:3000; "" picks a free port
	S3Addr   string // S3 address; "" picks a free port
	DataDir  string // where data persists; "" keeps everything in memory
	CacheDir string // where DynamoDB Local is installed
	Template string // path of template.yaml
	// DynamoEndpoint, when set, is a running DynamoDB Local to use instead of
	// starting one (the tests share one per run).
	DynamoEndpoint string
	Table          string // default "festival"
	Bucket         string // default "festival-files"
	Getenv         func(string) string
	Log            *slog.Logger
	// WrapDB lets tests inject DynamoDB failures.
	WrapDB func(dynamo.DB) dynamo.DB
	// WrapS3 lets tests inject S3 failures: it wraps the S3 client's HTTP client.
	WrapS3 func(aws.HTTPClient) aws.HTTPClient
	// FunctionTimeout, when set, replaces the functions' Timeout of
	// template.yaml (tests use a short one).
	FunctionTimeout time.Duration
	// JobsEvery is how often the server runs the background jobs
	// (app.NewJobs: the copy jobs first), as the background function's
	// schedule does on AWS (default 5 s).
	JobsEvery time.Duration
	// MediaJobs runs the films' media jobs (measure, check, encode: ffmpeg)
	// in a worker woken when a film's file arrives: `make run` and the
	// console's journeys do; the end-to-end harness only for the tests of
	// the media, so that the other tests' dummy films (no video) neither
	// spend the CPU nor mail their producers a failed check.
	MediaJobs bool
	// Now, when set, is the clock of every function (tests move it forward
	// to see windows and tokens expire); nil is the system clock.
	Now func() time.Time
}

// Server is a running local stack.
type Server struct {
	URL   string // base URL of the API
	S3URL string // base URL of the S3 endpoint
	// SetupCode is the code that creates the festival's first admin (POST
	// /auth/setup): SETUP_CODE, or the one generated on the first run and
	// kept in the data folder.
	SetupCode string
	Deps      *app.Deps
	// Mailbox keeps the messages the outbox delivers (the local mail:
	// Options.DataDir/mailbox, or a temporary folder), shown at /_mailbox.
	Mailbox *mailbox.Box
	// Outbox delivers due messages to the mailbox: every JobsEvery, or
	// at once through DeliverNow.
	Outbox *notify.Service
	// Jury writes the jury's reminders on the same clock.
	Jury *voting.Service

	api      *http.Server
	s3       *http.Server
	dynamo   *dynamolocal.Instance
	closers  []func()
	stopJobs func()
	media    *app.Worker
}

// Start starts the stack and returns once it serves.
func Start(ctx context.Context, o Options) (_ *Server, err error) {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Log == nil {
		o.Log = app.NewLogger(o.Getenv("LOG_LEVEL"))
	}
	if o.Table == "" {
		o.Table = "festival"
	}
	if o.Bucket == "" {
		o.Bucket = "festival-files"
	}
	if o.Template == "" {
		o.Template = "template.yaml"
	}
	if o.CacheDir == "" {
		// Never the working directory: a test's is its package's folder.
		o.CacheDir = filepath.Join(filepath.Dir(o.Template), ".cache")
	}
	srv := &Server{}
	defer func() {
		if err != nil {
			srv.Close()
		}
	}()

	endpoint := o.DynamoEndpoint
	if endpoint == "" {
		dataDir := ""
		if o.DataDir != "" {
			dataDir = filepath.Join(o.DataDir, "dynamodb")
		}
		logf, err := openLog(o.DataDir)
		if err != nil {
			return nil, err
		}
		started := time.Now()
		srv.dynamo, err = dynamolocal.Start(ctx, dynamolocal.Options{CacheDir: o.CacheDir, DataDir: dataDir, Log: logf})
		if err != nil {
			return nil, err
		}
		o.Log.Info("DynamoDB Local ready", "endpoint", srv.dynamo.Endpoint, "startup_ms", time.Since(started).Milliseconds())
		endpoint = srv.dynamo.Endpoint
	}
	ddb := dynamolocal.Client(endpoint)
	if err := dynamo.EnsureTable(ctx, ddb, o.Table); err != nil {
		return nil, err
	}

	// S3: gofakes3 on its own port, reachable by a browser, since presigned
	// URLs carry the host.
	backend, err := s3Backend(o.DataDir)
	if err != nil {
		return nil, err
	}
	fake := gofakes3.New(backend, gofakes3.WithAutoBucket(true), gofakes3.WithTimeSkewLimit(0))
	s3ln, err := listen(o.S3Addr)
	if err != nil {
		return nil, fmt.Errorf("S3 address: %w", err)
	}
	srv.S3URL = "http://" + s3ln.Addr().String()
	srv.s3 = &http.Server{Handler: corsS3(fake.Server()), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.s3.Serve(s3ln) }()
	s3opts := s3.Options{
		Region: dynamolocal.Region, BaseEndpoint: aws.String(srv.S3URL), UsePathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider(dynamolocal.AccessKey, dynamolocal.SecretKey, ""),
	}
	if o.WrapS3 != nil {
		s3opts.HTTPClient = o.WrapS3(http.DefaultClient)
	}
	s3c := s3.New(s3opts)
	if err := backend.CreateBucket(o.Bucket); err != nil && !gofakes3.IsAlreadyExists(err) {
		return nil, fmt.Errorf("create bucket: %w", err)
	}

	secret, err := jwtSecret(o.DataDir, o.Getenv("JWT_SECRET"))
	if err != nil {
		return nil, err
	}
	if srv.SetupCode, err = setupCode(o.DataDir, o.Getenv("SETUP_CODE")); err != nil {
		return nil, err
	}
	cfg, err := app.ReadConfig(func(k string) string {
		switch k {
		case "TABLE_NAME":
			return o.Table
		case "BUCKET_NAME":
			return o.Bucket
		case "JWT_SECRET":
			return secret
		case "SETUP_CODE":
			return srv.SetupCode
		}
		return o.Getenv(k)
	})
	if err != nil {
		return nil, err
	}
	var db dynamo.DB = ddb
	if o.WrapDB != nil {
		db = o.WrapDB(ddb)
	}
	srv.Deps, err = app.New(cfg, o.Log, ddb, db, s3c, o.Now)
	if err != nil {
		return nil, err
	}
	if srv.Mailbox, err = openMailbox(srv, o.DataDir, o.Now); err != nil {
		return nil, err
	}
	ln, err := listen(o.Addr)
	if err != nil {
		return nil, fmt.Errorf("API address: %w", err)
	}
	srv.URL = "http://" + ln.Addr().String()
	// Links in messages point at this server's console unless CONSOLE_URL
	// says otherwise (the outbox's desk shows them as they will be sent).
	notifyCfg := app.NotifyConfig(o.Getenv)
	if notifyCfg.ConsoleURL == "" {
		notifyCfg.ConsoleURL = srv.URL + "/"
	}
	srv.Deps.Notify = notifyCfg
	router, err := Router(srv.Deps, o.Template, o.CacheDir, o.FunctionTimeout)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	handler := withMailbox(srv.Mailbox, router)
	srv.Outbox = notify.New(srv.Deps.Store, srv.Mailbox, notifyCfg, srv.Deps.Now, o.Log)
	srv.Jury = voting.New(srv.Deps.Store, srv.Deps.Now)
	srv.api = &http.Server{Handler: cors(o.Getenv("CORS_ALLOW_ORIGIN"), handler), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.api.Serve(ln) }()
	// The local counterpart of the background function and its schedule:
	// each job logs its own failure, and the next tick tries again.
	jobs := app.NewJobs(srv.Deps.Store, srv.Jury, srv.Outbox, o.Log)
	srv.stopJobs = app.StartWorker(o.JobsEvery, func(ctx context.Context) { _ = jobs.Run(ctx) }).Stop
	// The media jobs run in their own worker, woken when a film's write
	// queues one, on a store of the unwrapped client: an encoding's
	// requests are not the requests a test counts or fails on purpose (nor
	// are its S3 requests).
	if o.MediaJobs {
		s3opts.HTTPClient = nil
		srv.media = app.StartMediaWorker(srv.Deps.MediaRunner(dynamo.New(ddb, o.Table, o.Now), s3.New(s3opts)), o.JobsEvery, o.Log)
		srv.Deps.Movies.OnMediaQueued(srv.media.Wake)
	}
	return srv, nil
}

// Unthrottle gives a fresh festival the default settings with the throttle
// lifted to its maximum numbers: the test and load-test harnesses make many
// accounts and failed logins from one address (a test of the throttle then
// sets its own numbers through the API). It refuses settings already written.
func (s *Server) Unthrottle(ctx context.Context) error {
	st := festival.DefaultSettings()
	st.Throttle = festival.Throttle{
		LoginFailuresPerAccount: festival.MaxThrottleAttempts, LoginFailuresPerAddress: festival.MaxThrottleAttempts,
		RegistrationsPerAddress: festival.MaxThrottleAttempts, WindowSeconds: st.WindowSeconds,
	}
	return s.Deps.Store.SeedSettings(ctx, st)
}

// Router mounts each route group's handler on the routes template.yaml
// declares for its function, exactly as API Gateway routes them, behind the
// edge that API Gateway and Lambda put in front of a function (payload quotas,
// function timeout: edge.go). A request that matches no declared route gets
// API Gateway's own 404. The API documentation (docs.go; Swagger UI installed
// under cacheDir) is a local convenience that the deployed API does not have.
// timeout, when positive, replaces the template's function timeout.
func Router(d *app.Deps, templatePath, cacheDir string, timeout time.Duration) (http.Handler, error) {
	t, err := samtemplate.Load(templatePath)
	if err != nil {
		return nil, err
	}
	routes, err := t.Routes()
	if err != nil {
		return nil, err
	}
	if timeout <= 0 {
		timeout = time.Duration(t.Globals.Function.Timeout) * time.Second
	}
	mux := http.NewServeMux()
	groups := map[string]http.Handler{}
	for _, r := range routes {
		g := samtemplate.Group(r.Function)
		h, ok := groups[g]
		if !ok {
			if g == ConsoleGroup {
				h = web.Serve(d.Log, g, console.New(ConsoleDir(templatePath)))
			} else if h, err = d.Handler(g); err != nil {
				return nil, fmt.Errorf("route %s %s: %w", r.Method, r.Path, err)
			}
			h = edge{next: h, timeout: timeout, log: d.Log}
			groups[g] = h
		}
		mux.Handle(r.Pattern(), h)
	}
	mountDocs(mux, templatePath, cacheDir)
	mux.HandleFunc("/", notDeclared)
	return mux, nil
}

// ConsoleGroup is the console function's group: it serves the built web
// client, not the API.
const ConsoleGroup = "console"

// ConsoleDir is where `npm run build` puts the console, beside the template.
func ConsoleDir(templatePath string) string {
	return filepath.Join(filepath.Dir(templatePath), "functions", "console", "web", "dist")
}

// Close stops everything Start started.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s.api != nil {
		_ = s.api.Shutdown(ctx)
	}
	if s.stopJobs != nil {
		s.stopJobs()
	}
	if s.media != nil {
		s.media.Stop()
	}
	if s.s3 != nil {
		_ = s.s3.Shutdown(ctx)
	}
	if s.dynamo != nil {
		s.dynamo.Stop()
	}
	for _, c := range s.closers {
		c()
	}
}

func listen(addr string) (net.Listener, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	return net.Listen("tcp", addr)
}

func s3Backend(dataDir string) (gofakes3.Backend, error) {
	if dataDir == "" {
		return s3mem.New(), nil
	}
	dir := filepath.Join(dataDir, "s3")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return s3afero.MultiBucket(afero.NewBasePathFs(afero.NewOsFs(), dir))
}

func openLog(dataDir string) (*os.File, error) {
	if dataDir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	return os.OpenFile(filepath.Join(dataDir, "dynamodb-local.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
}

// jwtSecret returns the configured secret, or the one generated on the first
// run and kept in the data folder (so tokens survive a restart), or a fresh
// one for an in-memory stack.
func jwtSecret(dataDir, configured string) (string, error) {
	if configured != "" {
		return configured, nil
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return kept(dataDir, "jwt-secret", hex.EncodeToString(b[:]), func(old string) bool { return len(old) >= 32 })
}

// kept returns the value kept in the data folder's file name when it is
// valid, else fresh, written there for the next start; fresh alone for an
// in-memory stack (no data folder).
func kept(dataDir, name, fresh string, valid func(string) bool) (string, error) {
	if dataDir == "" {
		return fresh, nil
	}
	path := filepath.Join(dataDir, name)
	if old, err := os.ReadFile(path); err == nil && valid(strings.TrimSpace(string(old))) {
		return strings.TrimSpace(string(old)), nil
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return "", err
	}
	return fresh, os.WriteFile(path, []byte(fresh+"\n"), 0o600)
}

// setupCode returns the configured setup code, or the one generated on the
// first run and kept in the data folder beside the table's data (so that
// it holds until the first admin exists, across restarts), or a fresh one
// for an in-memory stack: 12 characters a person can type, from an alphabet
// without look-alikes, in groups of four.
func setupCode(dataDir, configured string) (string, error) {
	if configured = strings.TrimSpace(configured); configured != "" {
		return configured, nil
	}
	const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	var code strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			code.WriteByte('-')
		}
		code.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return kept(dataDir, "setup-code", code.String(), func(old string) bool { return old != "" })
}

// cors answers preflights and tags responses as API Gateway's CORS
// configuration does in AWS.
func cors(origin string, next http.Handler) http.Handler {
	if origin == "" {
		origin = "*"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", "X-Request-Id, X-Next-Cursor")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// corsS3 lets a browser PUT parts to presigned URLs and read the ETag, as the
// bucket's CORS rules allow in AWS.
func corsS3(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Expose-Headers", "ETag")
		if r.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, PUT, HEAD")
			h.Set("Access-Control-Allow-Headers", "*")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Discard is a logger that writes nothing (tests).
var Discard = slog.New(slog.NewTextHandler(io.Discard, nil))
