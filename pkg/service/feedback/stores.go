package feedback

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores a film's feedback is read from; pkg/app wires the DynamoDB
// store's faces.

// Films reads the film with the settings, and every film's facts (for the
// category's ranking).
type Films interface {
	// GetMovieAndSettings reads both in one request (festival.ErrNotFound).
	GetMovieAndSettings(ctx context.Context, id int64) (festival.Movie, festival.Settings, error)
	ListMovieFacts(ctx context.Context) ([]festival.MovieFacts, error)
}

// Votes reads the film's votes and viewings, and every vote (the ranking).
type Votes interface {
	// MovieJudging reads the film's votes and what each juror played of it
	// in one query.
	MovieJudging(ctx context.Context, movieID int64) ([]festival.Vote, []festival.Watch, error)
	ListVotes(ctx context.Context, p festival.Page) ([]festival.Vote, string, error)
}

// Stores are the feedback's stores.
type Stores struct {
	Films Films
	Votes Votes
}
