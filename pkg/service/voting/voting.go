// Package voting is the business of jury voting: casting and updating a
// vote, marking a film candidate, and the jury results for admins. It applies
// the festival's rules (the voting window, conflict of interest, what a jury
// member watched) before the store writes anything; the store writes what
// the domain decides of the vote (festival.DecideVote: created or changed,
// the film promoted, the jury_vote_assigned_only setting held).
package voting

import (
	"context"
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// storeErr is the service's one translation of the store's outcomes into the
// API's answers; missing names what was not found (a film, a vote, a
// category).
func storeErr(err error, missing texts.Key) error {
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
	votes      VoteStore
	progress   ProgressStore
	ledger     LedgerReader
	films      FilmReader
	categories CategoryReader
	settings   SettingsReader
	users      UserReader
	now        func() time.Time
}

// New returns the voting service on the stores st serves; now is the clock
// the voting window is checked against.
func New(st Store, now func() time.Time) *Service {
	return &Service{votes: st, progress: st, ledger: st, films: st, categories: st, settings: st, users: st, now: now}
}

// Ballot is what a voter sends; a field that was not sent is nil (a comment
// sent empty or null clears it: CommentSet with a nil Comment). The API side
// decodes it (voteapi), checking each value with the festival's rules.
type Ballot struct {
	Score *festival.Decimal
	// Criteria are marks by grid (nil: none); the score is then their
	// weighted mean (festival.Grid.Score).
	Criteria    map[string]*festival.Decimal
	Comment     *string
	CommentSet  bool
	IsCandidate *bool
	// CommentShared, when sent, says whether the comment may be shown to
	// the film's producer.
	CommentShared *bool
}

// judge checks that the caller may vote on the film: the ground (the film,
// the settings, the caller's vote, assignment and what they watched) comes
// in one request (VoteGround), the caller's record is the token check's,
// and the rules are mayJudge's. It returns what it read, which the vote is
// then decided on (festival.DecideVote).
func (s *Service) judge(ctx context.Context, c festival.Actor, movieID int64) (festival.VoteGround, error) {
	g, u, err := s.ground(ctx, c, movieID)
	if err != nil {
		return g, err
	}
	_, err = s.mayJudge(c, u, g)
	return g, err
}

// ground reads what the rules judge a vote on: the film's ground
// (VoteGround, one request) and the caller's record. The vote (judge) and
// the answer of what a juror may do (Allowed) read the same.
func (s *Service) ground(ctx context.Context, c festival.Actor, movieID int64) (festival.VoteGround, festival.User, error) {
	g, err := s.votes.VoteGround(ctx, movieID, c.ID)
	if err != nil {
		return g, festival.User{}, storeErr(err, texts.MovieNotFound)
	}
	u, err := s.caller(ctx, c)
	return g, u, err
}

// caller is the caller's record as the token check read it; read here only
// for a caller the check did not read (a direct call of the service).
func (s *Service) caller(ctx context.Context, c festival.Actor) (festival.User, error) {
	if c.Record != nil {
		return *c.Record, nil
	}
	return s.users.GetUser(ctx, c.ID)
}

// mayJudge runs the rules of a vote on its ground, without writing: the
// film is of the current edition, the rules of every judgement pass
// (festival.CheckJudging: in the festival, the vote open, no conflict of
// interest, assigned when the festival requires it), and a jury member has
// watched enough of it (setting min_watched_share). shared is the refusal
// of festival.CheckJudging alone, which a candidate mark meets too (nil
// when it passes); err is the vote's.
func (s *Service) mayJudge(c festival.Actor, u festival.User, g festival.VoteGround) (shared, err error) {
	if g.Archived {
		err := apperr.E(apperr.Conflict, texts.EditionArchivedReadOnly)
		return err, err
	}
	if err := festival.CheckJudging(c, u, g.Settings, s.now(), g.Movie.Judged(), g.Assigned); err != nil {
		return err, err
	}
	if c.Role == festival.RoleJury {
		return nil, s.checkWatched(g) // watched too little of the film (festival setting)
	}
	return nil, nil
}

// Vote creates the caller's vote on a film or updates it (one per voter per
// film): the store writes what the domain decides on the ground judged
// (festival.DecideVote). is_candidate true moves the film to candidate in
// the same write. A ballot by criteria is scored by the film's grid.
func (s *Service) Vote(ctx context.Context, c festival.Actor, movieID int64, b Ballot) (festival.VoteOutcome, error) {
	g, err := s.judge(ctx, c, movieID)
	if err != nil {
		return festival.VoteOutcome{}, err
	}
	ch := festival.VoteChange{Score: b.Score, Comment: b.Comment, CommentSet: b.CommentSet, IsCandidate: b.IsCandidate, CommentShared: b.CommentShared}
	if b.Criteria != nil {
		grid := g.Settings.GridFor(festival.Movie{Categories: g.Movie.Categories}.CategoryIDs())
		score, kept, err := grid.Score(b.Criteria)
		if err != nil {
			return festival.VoteOutcome{}, err
		}
		ch.Score, ch.Criteria = &score, kept
	}
	saved, err := s.votes.SaveVote(ctx, c, movieID, ch, &g)
	return saved, storeErr(err, texts.MovieNotFound)
}

// Mine returns the caller's vote on one film; 404 when there is none.
func (s *Service) Mine(ctx context.Context, c festival.Actor, movieID int64) (festival.Vote, error) {
	v, err := s.votes.GetVote(ctx, movieID, c.ID)
	return v, storeErr(err, texts.VoteNotFound)
}

// AllMine returns the caller's votes.
func (s *Service) AllMine(ctx context.Context, c festival.Actor, p festival.Page) ([]festival.Vote, string, error) {
	return s.votes.VotesOf(ctx, c.ID, p)
}

// All returns every vote.
func (s *Service) All(ctx context.Context, p festival.Page) ([]festival.Vote, string, error) {
	return s.votes.ListVotes(ctx, p)
}

// Delete removes one vote by id.
func (s *Service) Delete(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.votes.DeleteVote(ctx, c, id)
	return storeErr(err, texts.VoteNotFound)
}

// DeleteOfMovie removes every vote on a film and returns how many.
func (s *Service) DeleteOfMovie(ctx context.Context, c festival.Actor, movieID int64) (int, error) {
	if _, err := s.films.GetMovieFacts(ctx, movieID); err != nil {
		return 0, storeErr(err, texts.MovieNotFound)
	}
	return s.votes.DeleteMovieVotes(ctx, c, movieID)
}
