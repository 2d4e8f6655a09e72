package app

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/lambdahttp"
	"github.com/festivalapi/festival/pkg/api/routes/auditapi"
	"github.com/festivalapi/festival/pkg/api/routes/authapi"
	"github.com/festivalapi/festival/pkg/api/routes/awardapi"
	"github.com/festivalapi/festival/pkg/api/routes/boardapi"
	"github.com/festivalapi/festival/pkg/api/routes/categoryapi"
	"github.com/festivalapi/festival/pkg/api/routes/decisionapi"
	"github.com/festivalapi/festival/pkg/api/routes/editionapi"
	"github.com/festivalapi/festival/pkg/api/routes/eventapi"
	"github.com/festivalapi/festival/pkg/api/routes/movieapi"
	"github.com/festivalapi/festival/pkg/api/routes/noticeapi"
	"github.com/festivalapi/festival/pkg/api/routes/notificationapi"
	"github.com/festivalapi/festival/pkg/api/routes/seasonapi"
	"github.com/festivalapi/festival/pkg/api/routes/settingsapi"
	"github.com/festivalapi/festival/pkg/api/routes/streamapi"
	"github.com/festivalapi/festival/pkg/api/routes/userapi"
	"github.com/festivalapi/festival/pkg/api/routes/voteapi"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/board"
	"github.com/festivalapi/festival/pkg/service/catalog"
	"github.com/festivalapi/festival/pkg/service/decisions"
	"github.com/festivalapi/festival/pkg/service/editions"
	"github.com/festivalapi/festival/pkg/service/feedback"
	"github.com/festivalapi/festival/pkg/service/festadmin"
	"github.com/festivalapi/festival/pkg/service/messaging"
	"github.com/festivalapi/festival/pkg/service/movies"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/service/voting"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// Deps are the dependencies of the route groups. The core (DynamoDB, store,
// tokens, guard) is built up front; the S3 clients and the services built on
// them are built when a group first needs them, so that a function whose
// group never touches S3 (categories, events, awards) does not link the S3
// SDK at all. (Votes links it for its answers too large for Lambda,
// answers.go.)
type Deps struct {
	Config   Config
	Log      *slog.Logger
	Now      func() time.Time
	DynamoDB *dynamodb.Client
	Store    *dynamo.Store
	Tokens   *auth.Tokens
	Guard    *auth.Guard
	// Notify names the festival in its messages and links to its console:
	// the outbox's desk shows messages as they will be sent.
	Notify notify.Config

	// Built on first use by the getters below, or up front by New.
	S3       *s3.Client
	Presign  *s3.PresignClient
	Files    *files.Store
	Movies   *movies.Service
	Accounts *accounts.Service

	aws *aws.Config // where a lazily built S3 client takes its configuration
	// largeAnswers sends answers too large for Lambda through the bucket
	// (answers.go), one per instance.
	largeAnswers *web.LargeAnswers
	// editions is the edge of ?edition= (editions.go), one per instance.
	editions *web.Editions
}

// NewLogger returns the JSON logger of the given level.
func NewLogger(level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(strings.ToUpper(level)))
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}

// loadAWS reads the standard AWS configuration (region, credentials, and
// AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_S3 for a local stack).
func loadAWS(ctx context.Context) (aws.Config, error) {
	ac, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return aws.Config{}, fmt.Errorf("aws config: %w", err)
	}
	return ac, nil
}

// newCore builds what every group needs. db may wrap ddb (tests inject
// failures there).
func newCore(cfg Config, log *slog.Logger, ddb *dynamodb.Client, db dynamo.DB, now func() time.Time) (*Deps, error) {
	if now == nil {
		now = time.Now
	}
	if db == nil {
		db = ddb
	}
	tokens, err := auth.NewTokens([]byte(cfg.JWTSecret), cfg.TokenTTL, now)
	if err != nil {
		return nil, err
	}
	st := dynamo.New(db, cfg.Table, now)
	return &Deps{Config: cfg, Log: log, Now: now, DynamoDB: ddb, Store: st, Tokens: tokens, Guard: auth.NewGuard(tokens, st),
		Notify: NotifyConfig(os.Getenv)}, nil
}

// New wires every dependency up front, with the given S3 client: the local
// server and the tests use it.
func New(cfg Config, log *slog.Logger, ddb *dynamodb.Client, db dynamo.DB, s3c *s3.Client, now func() time.Time) (*Deps, error) {
	d, err := newCore(cfg, log, ddb, db, now)
	if err != nil {
		return nil, err
	}
	d.S3 = s3c
	d.accounts()
	return d, nil
}

// FromEnv builds the dependencies of a Lambda function from its environment.
func FromEnv(ctx context.Context) (*Deps, error) {
	ac, err := loadAWS(ctx)
	if err != nil {
		return nil, err
	}
	getenv, err := SecretFromSSM(ctx, os.Getenv, func() ParameterReader { return ssm.NewFromConfig(ac) })
	if err != nil {
		return nil, err
	}
	// Only the auth function is given a setup code's parameter.
	if getenv, err = SetupCodeFromSSM(ctx, getenv, func() ParameterReader { return ssm.NewFromConfig(ac) }); err != nil {
		return nil, err
	}
	cfg, err := ReadConfig(getenv)
	if err != nil {
		return nil, err
	}
	d, err := newCore(cfg, NewLogger(cfg.LogLevel), dynamodb.NewFromConfig(ac), nil, nil)
	if err != nil {
		return nil, err
	}
	d.aws = &ac
	return d, nil
}

func (d *Deps) files() *files.Store {
	if d.Files == nil {
		d.Presign = s3.NewPresignClient(d.s3())
		d.Files = files.New(d.S3, d.Presign, d.Config.Bucket, files.Options{
			MaxVideoBytes: d.Config.MaxVideoBytes, MaxUploadBytes: d.Config.MaxUploadBytes,
			MaxImageBytes: d.Config.MaxImageBytes, MaxSubtitleBytes: d.Config.MaxSubtitleBytes,
			PresignTTL: d.Config.PresignTTL, Now: d.Now,
		})
	}
	return d.Files
}

func (d *Deps) movies() *movies.Service {
	if d.Movies == nil {
		st := d.Store // each interface gets the face of the DynamoDB store it names
		d.Movies = movies.New(movies.Stores{Films: st.Films, Remover: st.Films, Plans: st.Plans, People: st.Users, Producers: st.Users,
			Catalog: st.Catalog, Settings: st.Settings, Viewings: st.Votes, Admins: st.Users}, d.files(), d.Now).WithEditions(st.Settings)
	}
	return d.Movies
}

func (d *Deps) accounts() *accounts.Service {
	if d.Accounts == nil {
		// Deleting a user deletes the films they produced (and their files) first.
		st := d.Store
		d.Accounts = accounts.New(accounts.Stores{Users: st.Users, Jury: st.Users, Counters: st.Users, Resets: st.Users, Settings: st.Settings, Setup: st.Users}, d.Tokens, d.movies(), d.Now).
			WithSetupCode(d.Config.SetupCode).
			WithExports(accounts.Exports{Sources: exportSources{st.Votes, st.Outbox}, Bucket: d.files(), Movies: d.movies()})
	}
	return d.Accounts
}

// exportSources are the faces a person's export reads: their votes and
// viewings, and the messages addressed to them (where the export's own is
// written).
type exportSources struct {
	*dynamo.Votes
	*dynamo.Outbox
}

// catalog is the catalogue's service (categories, events, awards).
func (d *Deps) catalog() *catalog.Service {
	st := d.Store
	return catalog.New(catalog.Stores{Categories: st.Catalog, Events: st.Catalog, Awards: st.Catalog})
}

// admin is the festival's administration (settings, late codes, audit, outbox).
func (d *Deps) admin() *festadmin.Service {
	st := d.Store
	return festadmin.New(festadmin.Stores{Settings: st.Settings, Form: st.Settings, LateCodes: st.Settings, Audit: st.Trail, Outbox: st.Outbox,
		Films: st.Films, Ledger: st.Trail, Categories: st.Catalog}, d.Now)
}

// desk is the outbox's desk: admins read, rewrite, discard and release messages.
func (d *Deps) desk() *notify.Desk {
	st := d.Store
	return notify.NewDesk(notify.DeskStores{Outbox: st.Outbox, Recipients: st.Users, Settings: st.Settings, Categories: st.Catalog,
		Templates: st.Settings}, d.Notify, d.Now)
}

// messaging is what the festival writes: its message templates and the composer.
func (d *Deps) messaging() *messaging.Service {
	st := d.Store
	return messaging.New(messaging.Stores{Templates: st.Settings, Films: st.Films, Votes: st.Votes, People: st.Users, Outbox: st.Outbox},
		d.Config.Festival, d.Now)
}

// Group names, one per Lambda function.
const (
	GroupAuth       = "auth"
	GroupUsers      = "users"
	GroupMovies     = "movies"
	GroupVotes      = "votes"
	GroupCategories = "categories"
	GroupEvents     = "events"
	GroupAwards     = "awards"
)

// The handler of each route group, wrapped with the request id, logging and
// recovery middleware. A function's main calls exactly one of them, so its
// binary links only what that group uses.

// Auth serves /auth.
func (d *Deps) Auth() http.Handler {
	return d.serve(GroupAuth, authapi.New(d.accounts(), movies.NewRegistrar(d.movies(), d.accounts()), d.Guard))
}

// Users serves /users, and the administration's routes that need no
// function of their own: /settings (with the late-entry codes), /season,
// /editions, /audit and /notifications.
func (d *Deps) Users() http.Handler {
	adm := d.admin()
	mux := http.NewServeMux()
	mount(mux, "/users", userapi.New(d.accounts(), d.Guard))
	mount(mux, "/users/me/notices", noticeapi.New(notify.NewInbox(d.Store.Users), d.Guard))
	msg := d.messaging()
	mount(mux, "/settings", settingsapi.New(adm, msg, d.Guard))
	mount(mux, "/season", seasonapi.New(adm))
	mount(mux, "/editions", editionapi.New(editions.New(d.Store.Settings), d.Guard))
	audit := auditapi.New(adm, d.Guard)
	mount(mux, "/audit", audit)
	mux.Handle("/audit.csv", audit)
	mount(mux, "/notifications", notificationapi.New(d.desk(), msg, d.Guard))
	routes(mux, boardapi.ViewRoutes, boardapi.New(d.board(), d.Guard))
	return d.large(d.serve(GroupUsers, mux))
}

// routes sends each of the given routes (method and pattern) to h.
func routes(mux *http.ServeMux, patterns []string, h http.Handler) {
	for _, p := range patterns {
		mux.Handle(p, h)
	}
}

// board is the selection committee's board: the edition's films and votes,
// the committee's notes, and each admin's saved views.
func (d *Deps) board() *board.Service {
	st := d.Store
	return board.New(board.Stores{Films: st.Films, Votes: st.Votes, Notes: st.Films, People: st.Users, Views: st.Users}, d.Now)
}

// mount sends a path and every path under it to the route package h, whose
// own mux answers its routes (and 404 or 405 for the rest).
func mount(mux *http.ServeMux, path string, h http.Handler) {
	mux.Handle(path, h)
	mux.Handle(path+"/", h)
}

// MoviesAPI serves /movies, with its bulk decisions (/movies/decisions), a
// film's feedback to its producer (/movies/{id}/feedback) and its stream
// (/movies/{id}/stream, /movies/{id}/keys).
func (d *Deps) MoviesAPI() http.Handler {
	st := d.Store
	fb := feedback.New(feedback.Stores{Films: st.Films, Votes: st.Votes}, d.Now)
	mux := http.NewServeMux()
	mount(mux, "/movies", movieapi.New(d.movies(), d.Guard))
	// Route by route: a prefix pattern would overlap POST /movies/{id}/notes.
	routes(mux, []string{"POST /movies/decisions/preview", "POST /movies/decisions/apply"}, decisionapi.New(d.decisions(), d.Guard))
	mux.Handle("GET /movies/{id}/feedback", movieapi.NewFeedback(fb, d.Guard))
	routes(mux, boardapi.MovieRoutes, boardapi.New(d.board(), d.Guard))
	stream := streamapi.New(d.screeningRoom(), d.Guard)
	for _, route := range []string{"GET /movies/{id}/stream", "GET /movies/{id}/stream/{file}", "GET /movies/{id}/keys/{minute}"} {
		mux.Handle(route, stream)
	}
	return d.large(d.serve(GroupMovies, mux))
}

// decisions is the bulk decisions' service. Its preview renders each
// message as the outbox will (the festival's templates and name), and reads
// the jury results for score and rank filters.
func (d *Deps) decisions() *decisions.Service {
	st := d.Store
	return decisions.New(decisions.Stores{Plans: st.Plans, Settings: st.Settings, Results: voting.New(st, d.Now)},
		d.Notify.Renderer(st.Settings), d.Now)
}

// Votes serves /votes.
func (d *Deps) Votes() http.Handler {
	return d.large(d.serve(GroupVotes, voteapi.New(voting.New(d.Store, d.Now), d.Guard)))
}

// Categories serves /categories.
func (d *Deps) Categories() http.Handler {
	return d.serve(GroupCategories, categoryapi.New(d.catalog(), d.Guard))
}

// Events serves /events.
func (d *Deps) Events() http.Handler {
	return d.serve(GroupEvents, eventapi.New(d.catalog(), d.Guard))
}

// Awards serves /awards.
func (d *Deps) Awards() http.Handler {
	return d.serve(GroupAwards, awardapi.New(d.catalog(), d.Guard))
}

// Handler returns the handler of a group by name; the local server mounts
// every group through it. (A function, not a package-level map, so that the
// Lambda binaries, which never call it, do not link every group.)
func (d *Deps) Handler(group string) (http.Handler, error) {
	switch group {
	case GroupAuth:
		return d.Auth(), nil
	case GroupUsers:
		return d.Users(), nil
	case GroupMovies:
		return d.MoviesAPI(), nil
	case GroupVotes:
		return d.Votes(), nil
	case GroupCategories:
		return d.Categories(), nil
	case GroupEvents:
		return d.Events(), nil
	case GroupAwards:
		return d.Awards(), nil
	}
	return nil, fmt.Errorf("unknown route group %q", group)
}

// Run is a function's whole main: build the dependencies from the
// environment, then serve the group's handler as a Lambda function. A
// configuration error stops the process before it asks for its first event,
// so Lambda reports an init failure.
func Run(group string, handler func(*Deps) http.Handler) {
	deps, err := FromEnv(context.Background())
	if err != nil {
		log.Fatalf("%s: %v", group, err)
	}
	lambdahttp.Start(handler(deps))
}

// NotifyConfig reads how messages name the festival (FESTIVAL_NAME, default
// "Festival du film") and where they link to (CONSOLE_URL, the console's address).
func NotifyConfig(getenv func(string) string) notify.Config {
	return notify.Config{Festival: festivalName(getenv), ConsoleURL: strings.TrimSpace(getenv("CONSOLE_URL"))}
}
