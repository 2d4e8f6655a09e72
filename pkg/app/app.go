package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/accounts"
	"github.com/festivalapi/festival/pkg/auth"
	"github.com/festivalapi/festival/pkg/authapi"
	"github.com/festivalapi/festival/pkg/awardapi"
	"github.com/festivalapi/festival/pkg/catalog"
	"github.com/festivalapi/festival/pkg/categoryapi"
	"github.com/festivalapi/festival/pkg/eventapi"
	"github.com/festivalapi/festival/pkg/festadmin"
	"github.com/festivalapi/festival/pkg/files"
	"github.com/festivalapi/festival/pkg/movieapi"
	"github.com/festivalapi/festival/pkg/movies"
	"github.com/festivalapi/festival/pkg/store"
	"github.com/festivalapi/festival/pkg/userapi"
	"github.com/festivalapi/festival/pkg/voteapi"
	"github.com/festivalapi/festival/pkg/voting"
	"github.com/festivalapi/festival/pkg/web"
)

// Deps are the dependencies of the route groups.
type Deps struct {
	Config   Config
	Log      *slog.Logger
	Now      func() time.Time
	DynamoDB *dynamodb.Client
	S3       *s3.Client
	Presign  *s3.PresignClient
	Store    *store.Store
	Tokens   *auth.Tokens
	Guard    *auth.Guard
	Accounts *accounts.Service
	Files    *files.Store
	Movies   *movies.Service
}

// NewLogger returns the JSON logger of the given level.
func NewLogger(level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(strings.ToUpper(level)))
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}

// LoadAWS builds the AWS clients from the standard AWS configuration
// (region, credentials, and AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_S3
// for the local stack).
func LoadAWS(ctx context.Context, cfg Config) (*dynamodb.Client, *s3.Client, error) {
	ac, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("aws config: %w", err)
	}
	ddb := dynamodb.NewFromConfig(ac)
	s3c := s3.NewFromConfig(ac, func(o *s3.Options) { o.UsePathStyle = cfg.S3PathStyle })
	return ddb, s3c, nil
}

// New wires the dependencies. db may wrap ddb (tests inject failures there).
func New(cfg Config, log *slog.Logger, ddb *dynamodb.Client, db store.DB, s3c *s3.Client, now func() time.Time) (*Deps, error) {
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
	st := store.New(db, cfg.Table, now)
	d := &Deps{
		Config: cfg, Log: log, Now: now, DynamoDB: ddb, S3: s3c, Presign: s3.NewPresignClient(s3c),
		Store: st, Tokens: tokens, Guard: auth.NewGuard(tokens, st),
	}
	d.Files = files.New(s3c, d.Presign, cfg.Bucket, files.Options{
		MaxVideoBytes: cfg.MaxVideoBytes, MaxUploadBytes: cfg.MaxUploadBytes,
		MaxImageBytes: cfg.MaxImageBytes, MaxSubtitleBytes: cfg.MaxSubtitleBytes,
		PresignTTL: cfg.PresignTTL, Now: now,
	})
	d.Movies = movies.New(st, d.Files, now)
	// Deleting a user deletes the films they produced (and their files) first.
	d.Accounts = accounts.New(st, tokens, d.Movies, now)
	return d, nil
}

// FromEnv builds the dependencies of a Lambda function from its environment.
func FromEnv(ctx context.Context) (*Deps, error) {
	cfg, err := ReadConfig(os.Getenv)
	if err != nil {
		return nil, err
	}
	ddb, s3c, err := LoadAWS(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return New(cfg, NewLogger(cfg.LogLevel), ddb, nil, s3c, nil)
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

// Handler returns the HTTP handler of one route group, wrapped with the
// request id, logging and recovery middleware.
func (d *Deps) Handler(group string) (http.Handler, error) {
	var h http.Handler
	switch group {
	case GroupAuth:
		h = authapi.New(d.Accounts, d.Movies)
	case GroupUsers:
		h = userapi.New(d.Accounts, d.Guard, festadmin.New(d.Store))
	case GroupMovies:
		h = movieapi.New(d.Movies, d.Guard)
	case GroupVotes:
		h = voteapi.New(voting.New(d.Store), d.Guard)
	case GroupCategories:
		h = categoryapi.New(catalog.New(d.Store), d.Guard)
	case GroupEvents:
		h = eventapi.New(catalog.New(d.Store), d.Guard)
	case GroupAwards:
		h = awardapi.New(catalog.New(d.Store), d.Guard)
	default:
		return nil, fmt.Errorf("unknown route group %q", group)
	}
	return web.Serve(d.Log, group, h), nil
}
