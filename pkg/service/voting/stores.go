package voting

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the service consumes, one small interface per aggregate;
// pkg/app wires the DynamoDB store into them.

// VoteStore keeps the votes: one per voter per film.
type VoteStore interface {
	// VoteGround reads what a vote is judged on, in one request:
	// festival.ErrNotFound when the film is not there.
	VoteGround(ctx context.Context, movieID, voterID int64) (festival.VoteGround, error)
	// SaveVote writes the outcome of the voter's change (festival.DecideVote)
	// in one transaction, on the ground judged (nil: it reads it), and
	// decides again on what it reads again when it loses a race.
	SaveVote(ctx context.Context, actor festival.Actor, movieID int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error)
	GetVote(ctx context.Context, movieID, userID int64) (festival.Vote, error)
	VotesOf(ctx context.Context, userID int64, p festival.Page) ([]festival.Vote, string, error)
	ListVotes(ctx context.Context, p festival.Page) ([]festival.Vote, string, error)
	DeleteVote(ctx context.Context, actor festival.Actor, id int64) (festival.Vote, error)
	DeleteMovieVotes(ctx context.Context, actor festival.Actor, movieID int64) (int, error)
}

// ProgressStore holds what jury members watched and their reminders.
type ProgressStore interface {
	Watches(ctx context.Context) ([]festival.Watch, error)
	WatchesOf(ctx context.Context, userID int64) ([]festival.Watch, error)
	// JuryMails is the reminder state of jury members (absent: never
	// reminded, reminders on).
	JuryMails(ctx context.Context, ids []int64) (map[int64]festival.JuryMail, error)
	// Remind writes a reminder unless the member was reminded after
	// notBefore or turned reminders off; it reports whether it wrote it.
	Remind(ctx context.Context, uid int64, notBefore time.Time, msg festival.Message) (bool, error)
}

// LedgerReader reads the vote ledger.
type LedgerReader interface {
	LedgerEntries(ctx context.Context, p festival.Page) ([]festival.LedgerEntry, string, error)
	LedgerHead(ctx context.Context) (festival.LedgerHead, error)
}

// FilmReader reads the films votes are about.
type FilmReader interface {
	// ListMovies lists films; f.Settings, when set, receives the festival
	// settings read in the same request.
	ListMovies(ctx context.Context, f festival.MovieFilter, p festival.Page) ([]festival.Movie, string, error)
	ListMovieFacts(ctx context.Context) ([]festival.MovieFacts, error)
	GetMovieFacts(ctx context.Context, id int64) (festival.MovieFacts, error)
}

// CategoryReader reads the categories results are computed by.
type CategoryReader interface {
	GetCategory(ctx context.Context, id int64) (festival.Category, error)
}

// SettingsReader reads the festival settings.
type SettingsReader interface {
	GetSettings(ctx context.Context) (festival.Settings, error)
}

// UserReader reads a voter's record when the token check did not.
type UserReader interface {
	GetUser(ctx context.Context, id int64) (festival.User, error)
}

// Store is every store the service consumes, as pkg/app hands it over.
type Store interface {
	VoteStore
	ProgressStore
	LedgerReader
	FilmReader
	CategoryReader
	SettingsReader
	UserReader
}
