package board

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the committee's board consumes, one small interface per
// aggregate (pkg/app wires the DynamoDB store's faces into them).

// Films lists the edition's films and changes one (its tags).
type Films interface {
	// ListMovies lists the films the filter keeps (all of them, from the
	// list kept in memory); with f.Settings set, the settings come in the
	// same request.
	ListMovies(ctx context.Context, f festival.MovieFilter, p festival.Page) ([]festival.Movie, string, error)
	// MoviesStamp says which state of the films and of the settings (read
	// into st) a listing made now reads ("" when the store cannot tell).
	MoviesStamp(ctx context.Context, st *festival.Settings) (string, error)
	// ChangeMovie applies edit to the film in one versioned write with its
	// audit entry.
	ChangeMovie(ctx context.Context, id int64, audit *festival.AuditInfo, edit festival.MovieEdit) (festival.Movie, error)
}

// Votes reads the edition's votes.
type Votes interface {
	// VoteScores reads every vote of the edition, its film and score only
	// (one Query per MB of them).
	VoteScores(ctx context.Context) ([]festival.Vote, error)
}

// Notes keeps the committee's notes on films.
type Notes interface {
	// MovieNotes reads a film's notes, oldest first, authors by id only
	// (festival.ErrNotFound: no such film).
	MovieNotes(ctx context.Context, movieID int64) ([]festival.Note, error)
	// AddMovieNote writes a note with the film's count and the audit entry.
	AddMovieNote(ctx context.Context, actor festival.Actor, n festival.Note) error
	// DeleteMovieNote deletes one of actor's notes (festival.ErrNotFound,
	// festival.ErrNotNoteAuthor).
	DeleteMovieNote(ctx context.Context, actor festival.Actor, movieID int64, noteID string) error
}

// People names the notes' authors.
type People interface {
	UsersByID(ctx context.Context, ids []int64) (map[int64]festival.User, error)
}

// Views keeps each admin's saved views of the board.
type Views interface {
	SavedViews(ctx context.Context, userID int64) ([]festival.SavedView, error)
	SaveViews(ctx context.Context, actor festival.Actor, views []festival.SavedView) error
}

// Stores are the stores the board consumes.
type Stores struct {
	Films  Films
	Votes  Votes
	Notes  Notes
	People People
	Views  Views
}
