// Package voting is the business of jury voting: casting and updating a
// vote, marking a film candidate, and the jury results for admins. It applies
// the festival's rules (conflict of interest, the jury_vote_assigned_only
// setting) before the store writes anything.
package voting

import (
	"context"
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// storeErr is the service's one translation of the store's outcomes into the
// API's answers; missing names what was not found (a film, a vote, a
// category).
func storeErr(err error, missing string) error {
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, missing)
	case errors.Is(err, festival.ErrScoreRequired):
		return apperr.E(apperr.Invalid, texts.ScoreRequired)
	case errors.Is(err, festival.ErrNotAssigned):
		return apperr.E(apperr.Forbidden, texts.NotAssigned)
	}
	return err
}

// Service runs the vote operations.
type Service struct {
	store *dynamo.Store
	now   func() time.Time
}

// New returns the voting service; now is the clock the voting window is
// checked against.
func New(st *dynamo.Store, now func() time.Time) *Service { return &Service{store: st, now: now} }

// Ballot is what a voter sends; a field that was not sent is nil (a comment
// sent empty or null clears it: CommentSet with a nil Comment). The API side
// decodes it (voteapi), checking each value with the festival's rules.
type Ballot struct {
	Score *float64
	// Criteria are marks by grid (nil: none); the score is then their
	// weighted mean (festival.Grid.Score).
	Criteria    map[string]*float64
	Comment     *string
	CommentSet  bool
	IsCandidate *bool
}

// judge checks that the caller may vote on the film: it exists, the vote is
// open (festival.Season.CheckVote), the caller has no conflict of interest, and (setting) is assigned to it when a jury
// member. The film, the settings and the caller's vote come in one request
// (VoteGround); the caller's record is the token check's.
// It returns what it read and whether the write must be conditional on the
// assignment (the store re-checks it in the write's transaction, so an
// assignment withdrawn meanwhile cannot slip through).
func (s *Service) judge(ctx context.Context, c festival.Actor, movieID int64) (dynamo.Ground, bool, error) {
	g, err := s.store.VoteGround(ctx, movieID, c.ID)
	if err != nil {
		return g, false, storeErr(err, texts.MovieNotFound)
	}
	cats := festival.Movie{Categories: g.Movie.Categories}.CategoryIDs()
	if err := g.Settings.CheckVoteIn(s.now(), cats); err != nil {
		return g, false, err // outside the voting window, or the results are published
	}
	if c.Role == festival.RoleJury {
		if err := g.Settings.CheckWatched(g.Viewing, g.Movie.Duration); err != nil {
			return g, false, err // watched too little of the film (festival setting)
		}
	}
	// The caller's record as the token check read it; read it here only
	// for a caller the check did not read (a direct call of the service).
	u := c.Record
	if u == nil {
		rec, err := s.store.GetUser(ctx, c.ID)
		if err != nil {
			return g, false, err
		}
		u = &rec
	}
	m := festival.Movie{ID: g.Movie.ID, OwnerID: g.Movie.OwnerID, Collaborators: g.Movie.Collaborators}
	if festival.ConflictOfInterest(m, *u) {
		return g, false, apperr.E(apperr.Forbidden, texts.ConflictOfInterest)
	}
	return g, g.Settings.JuryVoteAssignedOnly && c.Role == festival.RoleJury, nil
}

// Vote creates the caller's vote on a film or updates it (one per voter per
// film). is_candidate true moves the film to candidate in the same write.
func (s *Service) Vote(ctx context.Context, c festival.Actor, movieID int64, b Ballot) (dynamo.SavedVote, error) {
	ch := dynamo.VoteChange{Score: b.Score, Comment: b.Comment, CommentSet: b.CommentSet, IsCandidate: b.IsCandidate}
	g, requireAssignment, err := s.judge(ctx, c, movieID)
	if err != nil {
		return dynamo.SavedVote{}, err
	}
	ch.RequireAssignment, ch.Ground = requireAssignment, &g
	if b.Criteria != nil {
		grid := g.Settings.GridFor(festival.Movie{Categories: g.Movie.Categories}.CategoryIDs())
		score, kept, err := grid.Score(b.Criteria)
		if err != nil {
			return dynamo.SavedVote{}, err
		}
		ch.Score, ch.Criteria = &score, kept
	}
	if ch.IsCandidate != nil && *ch.IsCandidate && g.Movie.Status != festival.StatusCandidate {
		ch.Promote, ch.PromoteFrom = true, g.Movie.Status
	}
	saved, err := s.store.SaveVote(ctx, c, movieID, ch)
	return saved, storeErr(err, texts.MovieNotFound)
}

// Mine returns the caller's vote on one film; 404 when there is none.
func (s *Service) Mine(ctx context.Context, c festival.Actor, movieID int64) (festival.Vote, error) {
	v, err := s.store.GetVote(ctx, movieID, c.ID)
	return v, storeErr(err, texts.VoteNotFound)
}

// AllMine returns the caller's votes.
func (s *Service) AllMine(ctx context.Context, c festival.Actor, p dynamo.Page) ([]festival.Vote, string, error) {
	return s.store.VotesOf(ctx, c.ID, p)
}

// All returns every vote.
func (s *Service) All(ctx context.Context, p dynamo.Page) ([]festival.Vote, string, error) {
	return s.store.ListVotes(ctx, p)
}

// Delete removes one vote by id.
func (s *Service) Delete(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.DeleteVote(ctx, c, id)
	return storeErr(err, texts.VoteNotFound)
}

// DeleteOfMovie removes every vote on a film and returns how many.
func (s *Service) DeleteOfMovie(ctx context.Context, c festival.Actor, movieID int64) (int, error) {
	if _, err := s.store.GetMovieFacts(ctx, movieID); err != nil {
		return 0, storeErr(err, texts.MovieNotFound)
	}
	return s.store.DeleteMovieVotes(ctx, c, movieID)
}
