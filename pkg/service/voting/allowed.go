package voting

import (
	"context"
	"errors"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Allowance is what a juror may do on a film, as the writes would answer
// it now: vote (POST /votes/mine/:id), mark it candidate (PUT
// /movies/:id/jury-candidate), and, when the vote is refused, the first
// rule that refuses it (the candidate mark's too when Candidate is false:
// both run the same rules in the same order, the vote one more, what the
// juror watched).
type Allowance struct {
	Vote      bool
	Candidate bool
	Refusal   *apperr.Error
	// Mine is the juror's vote on the film (nil: none yet), read with the
	// rest: the jury page needs no second request, and no 404.
	Mine *festival.Vote
}

// allowance is the answer of the rules (mayJudge) on a ground.
func (s *Service) allowance(c festival.Actor, u festival.User, g festival.VoteGround) Allowance {
	shared, err := s.mayJudge(c, u, g)
	a := Allowance{Vote: err == nil, Candidate: shared == nil && c.Role == festival.RoleJury, Mine: g.Vote}
	if err != nil {
		a.Refusal = asAppErr(err)
	}
	return a
}

// asAppErr is a rule's refusal as the API words it; every rule refuses with
// an *apperr.Error (an error of another kind would be a fault, which the
// write would answer 500).
func asAppErr(err error) *apperr.Error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e
	}
	return &apperr.Error{Code: apperr.Internal, Err: err}
}

// Allowed says what the calling jury member may do on a film, by running
// the vote's rules (judge) on the ground a vote would read, without
// writing: one BatchGetItem, and the caller's record the token check read.
func (s *Service) Allowed(ctx context.Context, c festival.Actor, movieID int64) (Allowance, error) {
	g, u, err := s.ground(ctx, c, movieID)
	if err != nil {
		return Allowance{}, err
	}
	return s.allowance(c, u, g), nil
}

// The state of a film in a juror's queue.
const (
	ToWatch = "to_watch"
	Watched = "watched"
	Voted   = "voted"
)

// QueueEntry is one film of a juror's queue: the film, where the juror
// stands with it (ToWatch, Watched: they opened it, Voted) and what they
// may do on it.
type QueueEntry struct {
	Movie festival.MovieFacts
	State string
	Allowance
}

// Queue is the calling jury member's films, those assigned to them in the
// current edition (withdrawn and draft films too: their entry says why no
// vote is taken), each with its state and what they may do on it, and next,
// the first film they may judge and have not voted on (0: none). The reads
// are those of GET /votes/progress/mine: the assigned films with the
// settings, the caller's votes and their watches, one request each however
// many films; the rules run on each film's ground as a vote's would.
func (s *Service) Queue(ctx context.Context, c festival.Actor) ([]QueueEntry, int64, error) {
	u, err := s.caller(ctx, c)
	if err != nil {
		return nil, 0, err
	}
	var st festival.Settings
	films, _, err := s.films.ListMovies(ctx, festival.MovieFilter{JuryID: c.ID, Settings: &st}, festival.Page{})
	if err != nil || len(films) == 0 {
		return []QueueEntry{}, 0, err
	}
	votes, _, err := s.votes.VotesOf(ctx, c.ID, festival.Page{})
	if err != nil {
		return nil, 0, err
	}
	watches, err := s.progress.WatchesOf(ctx, c.ID)
	if err != nil {
		return nil, 0, err
	}
	return s.queue(c, u, st, films, votes, watches)
}

// queue decides each film's entry on the ground read for it.
func (s *Service) queue(c festival.Actor, u festival.User, st festival.Settings, films []festival.Movie, votes []festival.Vote, watches []festival.Watch) ([]QueueEntry, int64, error) {
	voteOn := make(map[int64]festival.Vote, len(votes))
	for _, v := range votes {
		voteOn[v.MovieID] = v
	}
	watchOf := make(map[int64]festival.Watch, len(watches))
	for _, w := range watches {
		watchOf[w.MovieID] = w
	}
	out := make([]QueueEntry, 0, len(films))
	var next int64
	for _, m := range films {
		w, watched := watchOf[m.ID]
		g := festival.VoteGround{Movie: m.Facts(), Settings: st, Assigned: m.HasJury(c.ID),
			Viewing: w.Spans, Keys: w.Keys, KeysIssued: w.KeysIssued}
		if v, ok := voteOn[m.ID]; ok {
			g.Vote = &v
		}
		e := QueueEntry{Movie: g.Movie, State: ToWatch, Allowance: s.allowance(c, u, g)}
		switch {
		case g.Vote != nil:
			e.State = Voted
		case watched:
			e.State = Watched
		}
		if e.Refusal != nil && e.Refusal.Code == apperr.Internal {
			return nil, 0, e.Refusal
		}
		// A film the juror may judge: the shared rules pass, and what is
		// left (watching enough) is theirs to do.
		if next == 0 && e.State != Voted && e.Candidate {
			next = m.ID
		}
		out = append(out, e)
	}
	return out, next, nil
}
