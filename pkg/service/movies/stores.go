package movies

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the film service consumes, one small interface per aggregate
// (pkg/app wires the DynamoDB store into each). Their errors are the
// domain's (festival.ErrNotFound, festival.ErrConflict,
// *festival.UnknownIDsError...), which storeErr turns into the API's.

// Films reads, lists and changes films.
type Films interface {
	// GetMovie reads one film whole.
	GetMovie(ctx context.Context, id int64) (festival.Movie, error)
	// GetMovieAndSettings reads one film and the festival's settings (what a
	// caller may see of the film depends on them) in one request.
	GetMovieAndSettings(ctx context.Context, id int64) (festival.Movie, festival.Settings, error)
	// ListMovies lists the films the filter keeps, one page or all; with
	// f.Settings set, the settings come in the same request.
	ListMovies(ctx context.Context, f festival.MovieFilter, p festival.Page) ([]festival.Movie, string, error)
	// MoviesStamp says which state of the films and of the settings (read
	// into st) a listing made now reads: listings with equal stamps read the
	// same ("" when the store cannot tell).
	MoviesStamp(ctx context.Context, st *festival.Settings) (string, error)
	// ChangeMovie applies edit to the film as stored, in one versioned
	// write with the audit entry (when audit is set), the messages the
	// change owes and its ledger entry; edit runs again after a conflict.
	ChangeMovie(ctx context.Context, id int64, audit *festival.AuditInfo, edit festival.MovieEdit) (festival.Movie, error)
	// SetMovieStatus is ChangeMovie of a status decision (audited as
	// movie.status): a decision that loses a race with another write is
	// applied again to what won, patiently, since two decisions do not
	// truly conflict (the later one wins, both are in the trail).
	SetMovieStatus(ctx context.Context, actor festival.Actor, id int64, to festival.SelectionStatus) (festival.Movie, error)
	// ChangeMovieTelling is ChangeMovie for an edit that also returns the
	// messages it owes (an entry's edit tells the jurors who voted), always
	// audited.
	ChangeMovieTelling(ctx context.Context, id int64, audit festival.AuditInfo, edit festival.MovieEditTelling) (festival.Movie, error)
	// MovieVoterIDs lists the jury members who voted on a film.
	MovieVoterIDs(ctx context.Context, id int64) ([]int64, error)
	// SetMovieCategories assigns exactly cats (checked by CategoryNames).
	SetMovieCategories(ctx context.Context, actor festival.Actor, id int64, cats []festival.MovieCategory) (festival.Movie, error)
	// AssignJuries assigns exactly the jury members userIDs (unknown or not
	// JURY: *festival.UnknownIDsError; a conflict of interest:
	// *festival.ConflictOfInterestError).
	AssignJuries(ctx context.Context, actor festival.Actor, id int64, userIDs []int64) (festival.Movie, error)
	// NewCollaboratorIDs draws n collaborator ids.
	NewCollaboratorIDs(ctx context.Context, n int) ([]int64, error)
	// NewMovieID draws a new film's id.
	NewMovieID(ctx context.Context) (int64, error)
	// CreateMovie stores a new film (its categories must exist:
	// festival.ErrConflict; a late code spent: festival.ErrLateCodeSpent).
	CreateMovie(ctx context.Context, m festival.Movie, a festival.Admission) error
	// CreateProducerWithMovie creates an account and its first film in one
	// transaction (an e-mail taken: festival.ErrEmailTaken).
	CreateProducerWithMovie(ctx context.Context, u festival.User, m festival.Movie, a festival.Admission) error
}

// FilmRemover deletes films: marked first (they read as gone), their files
// deleted by the service, then their records.
type FilmRemover interface {
	// MovieIDsOfProducer lists every film a producer owns, those whose
	// deletion did not finish included.
	MovieIDsOfProducer(ctx context.Context, producerID int64) ([]int64, error)
	// MarkMovieDeleting marks a film as being deleted and returns its title.
	MarkMovieDeleting(ctx context.Context, id int64) (string, error)
	// MarkCurrentMovieDeleting is MarkMovieDeleting refused (409) for a
	// film of an archived edition: an admin's deletion.
	MarkCurrentMovieDeleting(ctx context.Context, id int64) (string, error)
	// DeleteMarkedMovie deletes a marked film's records (audited when actor
	// is set).
	DeleteMarkedMovie(ctx context.Context, actor *festival.Actor, id int64, title string) error
}

// Plans keeps the automatic assignment's plans (festival.Plan).
type Plans interface {
	// RecoverPlans puts back the films of applies that died part-way.
	RecoverPlans(ctx context.Context) (int, error)
	// AllMoviesVersioned reads every film with its version, which a plan is
	// made from.
	AllMoviesVersioned(ctx context.Context) ([]festival.VersionedMovie, error)
	// SavePlan stores a previewed plan and returns until when it applies.
	SavePlan(ctx context.Context, actor festival.Actor, id festival.PlanID, films []festival.PlanFilm) (festival.Time, error)
	// ApplyPlan applies a plan, all or nothing, with one digest message per
	// member given films, and returns how many films changed.
	ApplyPlan(ctx context.Context, actor festival.Actor, id festival.PlanID, digest func(uid int64, films []festival.Movie) festival.Message) (int, error)
}

// People reads the accounts the film rules look at.
type People interface {
	GetUser(ctx context.Context, id int64) (festival.User, error)

	// Jurors lists every JURY account.
	Jurors(ctx context.Context) ([]festival.User, error)
}

// Producers are the accounts register-film checks and creates with a film.
type Producers interface {
	UserByEmail(ctx context.Context, email festival.EmailKey) (festival.User, error)
	// NewUserID draws a new account's id.
	NewUserID(ctx context.Context) (int64, error)
}

// Catalog reads the categories films are filed in.
type Catalog interface {
	// CategoryNames reads categories by id, in the order of ids (unknown
	// ones: *festival.UnknownIDsError).
	CategoryNames(ctx context.Context, ids []int64) ([]festival.MovieCategory, error)
	ListCategories(ctx context.Context, p festival.Page) ([]festival.Category, string, error)
}

// SettingsReader reads the festival's settings and its late-entry codes.
type SettingsReader interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
	GetLateCode(ctx context.Context, code festival.LateCodeID) (festival.LateCode, error)
}

// Viewings records what jury members watched of a film.
type Viewings interface {
	// RecordWatch counts a film as opened by a jury member.
	RecordWatch(ctx context.Context, movieID, userID int64) error
	// RecordViewing adds a span watched and returns the member's watch
	// (every span so far, the keys fetched).
	RecordViewing(ctx context.Context, movieID, userID int64, span festival.Span) (festival.Watch, error)
	// WatchOf returns what a jury member watched of a film: the spans
	// their player reported and the keys it fetched.
	WatchOf(ctx context.Context, movieID, userID int64) (festival.Watch, error)
}

// Stores are the stores the service consumes, one per aggregate.
type Stores struct {
	Films     Films
	Remover   FilmRemover
	Plans     Plans
	People    People
	Producers Producers
	Catalog   Catalog
	Settings  SettingsReader
	Viewings  Viewings
	// Admins are who hear of a film's withdrawal (withdrawal.go).
	Admins Admins
}

// Admins lists the festival's admins, by id.
type Admins interface {
	Admins(ctx context.Context) ([]int64, error)
}
