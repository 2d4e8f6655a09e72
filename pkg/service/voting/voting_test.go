package voting

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// oneFilm is a VoteStore of one film: it serves the ground it holds and
// writes what the domain decides on the ground it is handed, as the
// DynamoDB store does without a race. Other methods are not needed here (the
// embedded nil interface panics if one is called).
type oneFilm struct {
	VoteStore
	ground festival.VoteGround
	judged []festival.VoteGround // the grounds SaveVote was handed
}

func (f *oneFilm) VoteGround(_ context.Context, movieID, _ int64) (festival.VoteGround, error) {
	if movieID != f.ground.Movie.ID {
		return festival.VoteGround{}, festival.ErrNotFound
	}
	return f.ground, nil
}

func (f *oneFilm) SaveVote(_ context.Context, actor festival.Actor, _ int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error) {
	f.judged = append(f.judged, *judged)
	return festival.DecideVote(actor, *judged, ch, festival.NewTime(time.Now()))
}

func TestAVoteIsJudgedThenDecidedOnTheGroundReadOnce(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	open := festival.DefaultSettings()
	open.VotingOpenAt, open.VotingCloseAt = festival.NewTime(now.Add(-time.Hour)), festival.NewTime(now.Add(time.Hour))
	open.ScoringGrid = festival.Grid{{Key: "image", Name: "Image", Weight: festival.MustDecimal("1")}, {Key: "son", Name: "Son", Weight: festival.MustDecimal("3")}}
	closed := open
	closed.VotingCloseAt = festival.NewTime(now.Add(-time.Minute))
	juror := festival.User{ID: 4, Role: festival.RoleJury, Email: "jury@example.org"}
	producer := festival.User{ID: 9, Role: festival.RoleProducer}
	film := festival.MovieFacts{ID: 12, OwnerID: producer.ID, Status: festival.StatusAssigned}
	six, ten := festival.WholeDecimal(6), festival.WholeDecimal(10)
	yes := true
	cases := map[string]struct {
		settings festival.Settings
		voter    festival.User
		movieID  int64
		ballot   Ballot
		score    float64 // the vote's score when saved
		code     apperr.Code
		message  string
	}{
		"a ballot by criteria is scored by the grid": {
			settings: open, voter: juror, movieID: 12, score: 9,
			ballot: Ballot{Criteria: map[string]*festival.Decimal{"image": &six, "son": &ten}, IsCandidate: &yes},
		},
		"an unknown film": {
			settings: open, voter: juror, movieID: 13, ballot: Ballot{Score: &six},
			code: apperr.NotFound, message: texts.T(texts.French, texts.MovieNotFound),
		},
		"a vote outside the window is refused before any write": {
			settings: closed, voter: juror, movieID: 12, ballot: Ballot{Score: &six}, code: apperr.Forbidden,
		},
		"a producer cannot vote on their film": {
			settings: open, voter: producer, movieID: 12, ballot: Ballot{Score: &six},
			code: apperr.Forbidden, message: texts.T(texts.French, texts.ConflictOfInterest),
		},
		"a first vote without a score is refused by the domain": {
			settings: open, voter: juror, movieID: 12, ballot: Ballot{IsCandidate: &yes},
			code: apperr.Invalid, message: texts.T(texts.French, texts.ScoreRequired),
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			st := &oneFilm{ground: festival.VoteGround{Movie: film, Settings: c.settings}}
			s := &Service{votes: st, now: func() time.Time { return now }}
			voter := c.voter
			got, err := s.Vote(context.Background(), festival.Actor{ID: voter.ID, Role: voter.Role, Record: &voter}, c.movieID, c.ballot)
			if c.code != "" {
				var e *apperr.Error
				if !errors.As(err, &e) || e.Code != c.code || (c.message != "" && e.Text(texts.French) != c.message) {
					t.Fatalf("err = %v, want %s %q", err, c.code, c.message)
				}
				if c.message != texts.T(texts.French, texts.ScoreRequired) && len(st.judged) != 0 {
					t.Fatalf("a refused vote reached the store: %+v", st.judged)
				}
				return
			}
			if err != nil || !got.Created || got.Vote.Score.Float64() != c.score || !got.Promote || got.From != festival.StatusAssigned {
				t.Fatalf("Vote = %+v, %v", got, err)
			}
			if len(st.judged) != 1 || st.judged[0].Movie.ID != film.ID {
				t.Fatalf("SaveVote was handed %+v, want the ground judged", st.judged)
			}
		})
	}
}
