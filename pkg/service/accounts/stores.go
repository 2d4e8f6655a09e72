package accounts

import (
	"context"
	"io"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the account operations read and write, one per aggregate, each
// with only the methods the service calls. pkg/app wires the DynamoDB store
// into every one of them.

// Users is the store of accounts: an e-mail belongs to one account at most
// (festival.ErrEmailTaken), a missing account is festival.ErrNotFound.
type Users interface {
	NewUserID(ctx context.Context) (int64, error)
	CreateUser(ctx context.Context, u festival.User) error
	GetUser(ctx context.Context, id int64) (festival.User, error)
	UserByEmail(ctx context.Context, email festival.EmailKey) (festival.User, error)
	ListUsers(ctx context.Context, p festival.Page) ([]festival.User, string, error)
	// Admins lists the ids of every ADMIN account.
	Admins(ctx context.Context) ([]int64, error)
	// UpdateUserAs reads the user, applies change and writes it back if
	// nobody changed it meanwhile; a change of role is audited as actor's.
	UpdateUserAs(ctx context.Context, actor *festival.Actor, id int64, change func(*festival.User) error) (festival.User, error)
	// DeleteUserAfter deletes the user and what hangs off the account once
	// first has run and said how (festival.UserErasure), running both again
	// while a film of the user remains or the results' publication changed
	// meanwhile (festival.ErrConflict after the last try).
	DeleteUserAfter(ctx context.Context, actor festival.Actor, id int64, first func(context.Context) (festival.UserErasure, error)) error
}

// Jury is what a jury member declares on their account: the categories they
// judge and the films they must not (festival.JuryProfileError names what is
// refused), the languages they understand, and whether they receive
// reminders.
type Jury interface {
	// SetJuryProfile replaces the categories and conflicts, and the
	// languages when languages is not nil (nil keeps the stored ones).
	SetJuryProfile(ctx context.Context, uid int64, categories, conflicts []int64, languages *[]festival.LanguageCode) (festival.User, error)
	// JuryMails reads members' reminder state (absent: never reminded, reminders on).
	JuryMails(ctx context.Context, ids []int64) (map[int64]festival.JuryMail, error)
	SetReminders(ctx context.Context, uid int64, on bool) error
}

// Counters are the throttle's counters (festival.CounterKey).
type Counters interface {
	// SettingsAndCounts reads the settings and counters in one request.
	SettingsAndCounts(ctx context.Context, keys ...festival.CounterKey) (festival.Settings, map[festival.CounterKey]festival.Count, error)
	// AddCount counts one attempt on each counter, a new window of the given
	// length starting when none is live, and returns the counts after it.
	AddCount(ctx context.Context, window time.Duration, keys ...festival.CounterKey) (map[festival.CounterKey]festival.Count, error)
	ResetCount(ctx context.Context, k festival.CounterKey) error
}

// Resets are the password resets: a token's hash, stored with the message
// that mails the token, and used once (festival.ErrResetInvalid otherwise).
type Resets interface {
	CreatePasswordReset(ctx context.Context, userID int64, tokenHash string, expires time.Time, msg festival.Message) error
	ConsumePasswordReset(ctx context.Context, tokenHash string, now time.Time, passwordHash string) (int64, error)
}

// Setup is the first admin's setup and the confirmations of accounts'
// addresses.
type Setup interface {
	// SetupNeeded reports whether the festival has never had an admin.
	SetupNeeded(ctx context.Context) (bool, error)
	// Setup creates the first admin and sets the roles open to
	// self-registration and the e-mail confirmation, all or nothing
	// (festival.ErrSetupDone, festival.ErrEmailTaken).
	Setup(ctx context.Context, u festival.User, roles []festival.Role, confirm bool) error
	// CreateConfirmation stores a new confirmation of an unconfirmed
	// account with its message (festival.ErrConfirmInvalid otherwise).
	CreateConfirmation(ctx context.Context, uid int64, c festival.EmailConfirmation) error
	// ConfirmEmail uses a confirmation once (festival.ErrConfirmInvalid).
	ConfirmEmail(ctx context.Context, tokenHash string, now time.Time) (int64, error)
}

// Settings reads the festival's settings (the defaults when never set).
type Settings interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
}

// Stores are the stores of the account operations.
type Stores struct {
	Users    Users
	Jury     Jury
	Counters Counters
	Resets   Resets
	Settings Settings
	Setup    Setup
}

// ExportSources are what a person's export reads besides their account and
// films, and where it records that it was made.
type ExportSources interface {
	VotesOf(ctx context.Context, uid int64, p festival.Page) ([]festival.Vote, string, error)
	WatchesOf(ctx context.Context, uid int64) ([]festival.Watch, error)
	// MessagesTo are the messages addressed to the person (not discarded).
	MessagesTo(ctx context.Context, uid int64) ([]festival.Message, error)
	// RecordExport writes the message that gives the link, with the audit
	// entry user.export, in one transaction.
	RecordExport(ctx context.Context, actor festival.Actor, m festival.Message) error
}

// Bucket is where exports are written and films' answer files are read.
type Bucket interface {
	// PutStream writes an object as it is read; nothing on failure.
	PutStream(ctx context.Context, key string, r io.Reader, contentType string) error
	// MovieFile opens one of a film's files by its stored name.
	MovieFile(ctx context.Context, movieID int64, name string) (io.ReadCloser, error)
	// Stat is when an object was written and its size (festival.ErrNotFound).
	Stat(ctx context.Context, key string) (time.Time, int64, error)
	PresignDownload(ctx context.Context, key, filename string) (string, error)
}

// ProducedMovies are a producer's films as they read them (GET /movies/mine).
type ProducedMovies interface {
	Mine(ctx context.Context, c festival.Actor, p festival.Page) ([]festival.Movie, string, error)
}

// Exports are what the export of a person's data needs.
type Exports struct {
	Sources ExportSources
	Bucket  Bucket
	Movies  ProducedMovies
}
