package mediajob

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the media job consumes (pkg/app wires the DynamoDB store's
// faces into them).

// Jobs is the queue of media jobs and the film's `media` they write.
type Jobs interface {
	// PendingMediaJobs lists every pending job.
	PendingMediaJobs(ctx context.Context) ([]festival.MediaJob, error)
	// ClaimMediaJob takes a film's job about file until until, if it is
	// due and free at now (ok false otherwise).
	ClaimMediaJob(ctx context.Context, movieID int64, file, lease string, now, until time.Time) (festival.MediaJob, bool, error)
	// SaveMediaJob writes a claimed job's progress (false: lease lost).
	SaveMediaJob(ctx context.Context, j festival.MediaJob) (bool, error)
	// SubtitlesChecked records the subtitle changes j counted as done.
	SubtitlesChecked(ctx context.Context, j festival.MediaJob) (bool, error)
	// FinishMediaJob removes a claimed job (false: it has more to do).
	FinishMediaJob(ctx context.Context, j festival.MediaJob) (bool, error)
	// DropMediaJob removes the job about file, if it is still about it.
	DropMediaJob(ctx context.Context, movieID int64, file string) error
	// SetFilmMedia writes a film's media with the messages it owes, if
	// the film still points at media.File (festival.ErrConflict
	// otherwise; festival.ErrNotFound when the film is gone).
	SetFilmMedia(ctx context.Context, movieID int64, media festival.FilmMedia, msgs []festival.Message) error
}

// Films reads a film with the festival's settings.
type Films interface {
	GetMovieAndSettings(ctx context.Context, id int64) (festival.Movie, festival.Settings, error)
}

// Stores are the stores the runner consumes.
type Stores struct {
	Jobs  Jobs
	Films Films
}
