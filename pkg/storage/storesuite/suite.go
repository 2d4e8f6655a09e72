// Package storesuite is the repository test suite: the behaviour the
// services rely on from their stores (uniqueness, not found, conflicts,
// pagination and cursors, ids from counters), written once and run over
// every implementation: the DynamoDB store on DynamoDB Local
// (pkg/storage/dynamo's suite_test.go) and the memory store
// (pkg/storage/memory's suite_test.go). An implementation that passes it
// answers as the services expect; where two could differ, DynamoDB is right.
//
// The interfaces below are the method sets the suite drives, with the
// DynamoDB store's signatures.
package storesuite

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Catalog is the store of categories, events and awards: the methods
// pkg/service/catalog calls, and GetCategory and EventByName.
type Catalog interface {
	CreateCategory(ctx context.Context, actor festival.Actor, name string) (festival.Category, error)
	GetCategory(ctx context.Context, id int64) (festival.Category, error)
	ListCategories(ctx context.Context, p festival.Page) ([]festival.Category, string, error)
	RenameCategory(ctx context.Context, actor festival.Actor, id int64, name string) (festival.Category, error)
	DeleteCategory(ctx context.Context, actor festival.Actor, id int64) (festival.Category, error)

	CreateEvent(ctx context.Context, actor festival.Actor, e festival.Event) (festival.Event, bool, error)
	GetEvent(ctx context.Context, id int64) (festival.Event, error)
	EventByName(ctx context.Context, name string) (festival.Event, error)
	ListEvents(ctx context.Context, p festival.Page) ([]festival.Event, string, error)
	UpdateEvent(ctx context.Context, actor festival.Actor, id int64, change func(*festival.Event) error) (festival.Event, error)
	DeleteEvent(ctx context.Context, actor festival.Actor, id int64) (festival.Event, error)

	CreateAward(ctx context.Context, actor festival.Actor, movieID int64, name string) (festival.Award, error)
	ListAwards(ctx context.Context, p festival.Page) ([]festival.Award, string, error)
	DeleteAward(ctx context.Context, actor festival.Actor, id int64) (festival.Award, error)
}

// Users is the store of accounts: the methods pkg/service/accounts and the
// other services call, but the deletion (its cascade to films and votes is
// the DynamoDB store's alone).
type Users interface {
	NewUserID(ctx context.Context) (int64, error)
	CreateUser(ctx context.Context, u festival.User) error
	GetUser(ctx context.Context, id int64) (festival.User, error)
	UserByEmail(ctx context.Context, email festival.EmailKey) (festival.User, error)
	ListUsers(ctx context.Context, p festival.Page) ([]festival.User, string, error)
	UpdateUser(ctx context.Context, id int64, change func(*festival.User) error) (festival.User, error)
	UpdateUserAs(ctx context.Context, actor *festival.Actor, id int64, change func(*festival.User) error) (festival.User, error)
}

// Setup is the first admin's setup and the confirmation of an account's
// address.
type Setup interface {
	SetupNeeded(ctx context.Context) (bool, error)
	Setup(ctx context.Context, u festival.User, roles []festival.Role, confirm bool) error
	CreateConfirmation(ctx context.Context, uid int64, c festival.EmailConfirmation) error
	ConfirmEmail(ctx context.Context, tokenHash string, now time.Time) (int64, error)
}

// Resets is the store of password resets.
type Resets interface {
	CreatePasswordReset(ctx context.Context, userID int64, tokenHash string, expires time.Time, msg festival.Message) error
	ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time, passwordHash string) (int64, error)
}

// LateCodes is the store of late-entry codes.
type LateCodes interface {
	CreateLateCode(ctx context.Context, c festival.LateCode) error
	GetLateCode(ctx context.Context, code festival.LateCodeID) (festival.LateCode, error)
	ListLateCodes(ctx context.Context, p festival.Page) ([]festival.LateCode, string, error)
	DeleteLateCode(ctx context.Context, code festival.LateCodeID) error
}

// Settings reads and seeds the festival's settings (their update is being
// reshaped into a typed patch, and is not driven here).
type Settings interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
	SeedSettings(ctx context.Context, st festival.Settings) error
}

// Films is what the suite reads of films (the catalogue's writes and the
// votes' promotions show in them) and their jury, which an assigned-only
// vote needs.
type Films interface {
	NewMovieID(ctx context.Context) (int64, error)
	GetMovie(ctx context.Context, id int64) (festival.Movie, error)
	SetMovieJuries(ctx context.Context, actor festival.Actor, id int64, juries []festival.Jury) (festival.Movie, error)
}

// Votes is the store of the votes: the methods of voting.VoteStore.
type Votes interface {
	VoteGround(ctx context.Context, movieID, voterID int64) (festival.VoteGround, error)
	SaveVote(ctx context.Context, actor festival.Actor, movieID int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error)
	GetVote(ctx context.Context, movieID, userID int64) (festival.Vote, error)
	VotesOf(ctx context.Context, userID int64, p festival.Page) ([]festival.Vote, string, error)
	ListVotes(ctx context.Context, p festival.Page) ([]festival.Vote, string, error)
	DeleteVote(ctx context.Context, actor festival.Actor, id int64) (festival.Vote, error)
	DeleteMovieVotes(ctx context.Context, actor festival.Actor, movieID int64) (int, error)
}

// Stores are one backend's stores over one new, empty festival.
type Stores struct {
	Catalog   Catalog
	Users     Users
	Resets    Resets
	Setup     Setup
	LateCodes LateCodes
	Settings  Settings
	Films     Films
	Votes     Votes
	// AddFilm stores a new film whose id, owner, Producer and timestamps
	// are set (the DynamoDB store's CreateMovie takes an admission besides,
	// so each backend says how it stores one).
	AddFilm func(ctx context.Context, m festival.Movie) error
	// SwitchEdition makes id the current edition as starting the next
	// edition leaves the store: the current settings kept as the archived
	// edition's, and the settings naming id (no records copied).
	SwitchEdition func(ctx context.Context, id festival.EditionID) error
}

// A test case of the suite.
type testCase struct {
	name string
	run  func(t *testing.T, s Stores)
}

// Run runs every case of the suite, each in parallel on the stores fresh
// returns for it.
func Run(t *testing.T, fresh func(t *testing.T) Stores) {
	var cases []testCase
	cases = append(cases, categoryCases...)
	cases = append(cases, eventCases...)
	cases = append(cases, awardCases...)
	cases = append(cases, userCases...)
	cases = append(cases, resetCases...)
	cases = append(cases, setupCases...)
	cases = append(cases, lateCodeCases...)
	cases = append(cases, settingsCases...)
	cases = append(cases, juryCases...)
	cases = append(cases, voteCases...)
	cases = append(cases, pagingCases...)
	cases = append(cases, editionCases...)
	cases = append(cases, languageCases...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, fresh(t))
		})
	}
}

// admin is the actor of the suite's writes.
var admin = festival.Actor{ID: 1, Role: festival.RoleAdmin}

// newFilm stores a submitted film in the given categories and returns it.
func newFilm(t *testing.T, s Stores, cats ...festival.MovieCategory) festival.Movie {
	t.Helper()
	ctx := context.Background()
	id, err := s.Films.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	m := festival.Movie{
		ID: id, Title: fmt.Sprintf("Film %d", id), OwnerID: 7, SelectionStatus: festival.StatusSubmitted,
		Producer:   &festival.Producer{ID: 7, FirstName: "Agnès", LastName: "Varda"},
		Categories: cats, CreatedAt: now, UpdatedAt: now,
	}
	if err := s.AddFilm(ctx, m); err != nil {
		t.Fatal(err)
	}
	return m
}

// film reads a film back.
func film(t *testing.T, s Stores, id int64) festival.Movie {
	t.Helper()
	m, err := s.Films.GetMovie(context.Background(), id)
	if err != nil {
		t.Fatalf("GetMovie(%d): %v", id, err)
	}
	return m
}
