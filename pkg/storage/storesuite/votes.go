package storesuite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var voteCases = []testCase{
	{"votes/a first vote creates it, the next ones change the same vote", voteCreatedThenChanged},
	{"votes/twenty concurrent first votes of one voter on one film make one", concurrentFirstVotes},
	{"votes/a first vote without a score is refused and writes nothing", firstVoteNeedsAScore},
	{"votes/a candidate mark promotes the film, then holds it", candidateMarkPromotes},
	{"votes/a promotion decided on a stale status is decided again", stalePromotionDecidedAgain},
	{"votes/a vote decided on a stale vote takes the other path", staleVoteDecidedAgain},
	{"votes/assigned-only voting refuses a jury member off the film's jury", assignedOnlyVoting},
	{"votes/a vote, and every vote of a film, can be deleted", votesDeleted},
	{"votes/an unknown film or vote is not found", unknownFilmOrVote},
	{"votes/a voter's cursor does not page another voter's votes", votersCursorsAreTheirs},
	{"votes/sharing the comment alone changes the vote and is kept", commentSharedAlone},
}

func commentSharedAlone(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "share@example.org"))
	m := newFilm(t, s)
	comment := "Un montage très libre"
	first := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(8), Comment: &comment, CommentSet: true})
	if first.Vote.CommentShared {
		t.Fatal("a comment is not shared unless the juror says so")
	}
	yes := true
	shared := castVote(t, s, j, m.ID, festival.VoteChange{CommentShared: &yes})
	if shared.Created || !shared.Vote.CommentShared || shared.Vote.Score != festival.MustDecimal("8") || shared.Vote.Comment == nil || *shared.Vote.Comment != comment {
		t.Fatalf("after sharing: %+v, want the same vote, its comment shared", shared.Vote)
	}
	stored, err := s.Votes.GetVote(ctx, m.ID, j.ID)
	if err != nil || !stored.CommentShared {
		t.Fatalf("stored: %+v, %v", stored, err)
	}
	no := false
	if o := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(6), CommentShared: &no}); o.Vote.CommentShared {
		t.Errorf("unshared: %+v", o.Vote)
	}
}

func scoreOf(v float64) *festival.Decimal {
	d, err := festival.DecimalFromFloat(v)
	if err != nil {
		panic(err)
	}
	return &d
}

func juror(u festival.User) festival.Actor { return festival.Actor{ID: u.ID, Role: u.Role} }

// castVote saves a voter's change on a film, reading the ground itself.
func castVote(t *testing.T, s Stores, voter festival.Actor, movieID int64, ch festival.VoteChange) festival.VoteOutcome {
	t.Helper()
	o, err := s.Votes.SaveVote(context.Background(), voter, movieID, ch, nil)
	if err != nil {
		t.Fatalf("SaveVote(voter %d, film %d): %v", voter.ID, movieID, err)
	}
	return o
}

// listedVotes lists every vote, as "film/voter" pairs in id order.
func listedVotes(t *testing.T, s Stores) []string {
	t.Helper()
	all, next, err := s.Votes.ListVotes(context.Background(), festival.Page{})
	if err != nil || next != "" {
		t.Fatalf("ListVotes = %q, %v", next, err)
	}
	out := []string{}
	for _, v := range all {
		out = append(out, fmt.Sprintf("%d/%d", v.MovieID, v.UserID))
	}
	return out
}

func voteCreatedThenChanged(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "jury@example.org"))
	m := newFilm(t, s)
	comment := "Très beau"
	first := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(7.5), Comment: &comment, CommentSet: true,
		Criteria: map[string]festival.Decimal{"image": festival.MustDecimal("7"), "son": festival.MustDecimal("8")}})
	if !first.Created || first.Vote.ID == 0 || first.Vote.Score != festival.MustDecimal("7.5") || first.Vote.Comment == nil || *first.Vote.Comment != comment ||
		first.Vote.MovieID != m.ID || first.Vote.UserID != j.ID || first.Promote || first.HoldCandidate || first.RequireAssignment {
		t.Fatalf("first vote = %+v", first)
	}
	second := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(9)})
	if second.Created || second.Vote.ID != first.Vote.ID || second.Vote.Score != festival.MustDecimal("9") || second.Vote.Criteria != nil {
		t.Fatalf("second vote = %+v", second)
	}
	got, err := s.Votes.GetVote(ctx, m.ID, j.ID)
	if err != nil || got.ID != first.Vote.ID || got.Score != festival.MustDecimal("9") || got.Criteria != nil || got.Comment == nil || *got.Comment != comment ||
		!got.CreatedAt.Equal(first.Vote.CreatedAt.Time) || got.IsCandidate {
		t.Fatalf("stored vote = %+v, %v (the comment and creation time survive an update; a score alone drops the marks)", got, err)
	}
	// A comment sent empty clears it; the score stays.
	third := castVote(t, s, j, m.ID, festival.VoteChange{CommentSet: true})
	if got, err := s.Votes.GetVote(ctx, m.ID, j.ID); err != nil || third.Created || got.Comment != nil || got.Score != festival.MustDecimal("9") {
		t.Fatalf("after clearing the comment: %+v, %v", got, err)
	}
	g, err := s.Votes.VoteGround(ctx, m.ID, j.ID)
	if err != nil || g.Vote == nil || g.Vote.ID != first.Vote.ID || g.Movie.ID != m.ID || g.Movie.OwnerID != m.OwnerID ||
		g.Movie.Status != festival.StatusSubmitted || g.Movie.Title != m.Title || len(g.Viewing) != 0 || g.Assigned || g.Archived {
		t.Fatalf("VoteGround = %+v, %v", g, err)
	}
	mine, next, err := s.Votes.VotesOf(ctx, j.ID, festival.Page{})
	if err != nil || next != "" || len(mine) != 1 || mine[0].ID != first.Vote.ID || mine[0].Score != festival.MustDecimal("9") {
		t.Fatalf("VotesOf = %+v, %q, %v", mine, next, err)
	}
	if all := listedVotes(t, s); len(all) != 1 {
		t.Fatalf("ListVotes = %v, want one vote", all)
	}
}

func concurrentFirstVotes(t *testing.T, s Stores) {
	j := juror(newUser(t, s, "jury@example.org"))
	m := newFilm(t, s)
	const n = 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, ids, failed := 0, map[int64]bool{}, []error{}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			candidate := i%2 == 0
			o, err := s.Votes.SaveVote(context.Background(), j, m.ID, festival.VoteChange{Score: scoreOf(float64(i % 11)), IsCandidate: &candidate}, nil)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed = append(failed, err)
				return
			}
			ids[o.Vote.ID] = true
			if o.Created {
				created++
			}
		}()
	}
	wg.Wait()
	if len(failed) > 0 {
		t.Fatalf("%d of %d concurrent votes failed, first: %v", len(failed), n, failed[0])
	}
	if all := listedVotes(t, s); len(all) != 1 || created != 1 || len(ids) != 1 {
		t.Fatalf("after %d concurrent first votes: %v stored, %d answered created, ids %v; want one of each", n, all, created, ids)
	}
	if got := film(t, s, m.ID); got.SelectionStatus != festival.StatusCandidate {
		t.Fatalf("film status %s, want candidate (half the votes marked it)", got.SelectionStatus)
	}
}

func firstVoteNeedsAScore(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "jury@example.org"))
	m := newFilm(t, s)
	yes := true
	if _, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{IsCandidate: &yes}, nil); !errors.Is(err, festival.ErrScoreRequired) {
		t.Fatalf("first vote without a score: err %v, want festival.ErrScoreRequired", err)
	}
	if _, err := s.Votes.GetVote(ctx, m.ID, j.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetVote after a refused vote: err %v, want festival.ErrNotFound", err)
	}
	if all := listedVotes(t, s); len(all) != 0 {
		t.Fatalf("votes stored: %v, want none", all)
	}
	if got := film(t, s, m.ID); got.SelectionStatus != festival.StatusSubmitted {
		t.Fatalf("film status %s, want submitted (a refused vote promotes nothing)", got.SelectionStatus)
	}
	// With a score it is a first vote; then a change without one is fine.
	castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(4)})
	if o := castVote(t, s, j, m.ID, festival.VoteChange{IsCandidate: &yes}); o.Created || o.Vote.Score != festival.MustDecimal("4") || !o.Vote.IsCandidate {
		t.Fatalf("change without a score = %+v", o)
	}
}

func candidateMarkPromotes(t *testing.T, s Stores) {
	ctx := context.Background()
	a, b := juror(newUser(t, s, "a@example.org")), juror(newUser(t, s, "b@example.org"))
	m := newFilm(t, s)
	yes := true
	first := castVote(t, s, a, m.ID, festival.VoteChange{Score: scoreOf(8), IsCandidate: &yes})
	if !first.Promote || first.From != festival.StatusSubmitted || first.HoldCandidate || !first.Vote.IsCandidate {
		t.Fatalf("candidate vote = %+v, want a promotion from submitted", first)
	}
	got := film(t, s, m.ID)
	if got.SelectionStatus != festival.StatusCandidate || got.Status != festival.StatusCandidate.Guide() {
		t.Fatalf("film status %s (%s), want candidate", got.SelectionStatus, got.Status)
	}
	if g, err := s.Votes.VoteGround(ctx, m.ID, b.ID); err != nil || g.Movie.Status != festival.StatusCandidate || g.Vote != nil {
		t.Fatalf("VoteGround of another voter = %+v, %v", g, err)
	}
	second := castVote(t, s, b, m.ID, festival.VoteChange{Score: scoreOf(6), IsCandidate: &yes})
	if second.Promote || !second.HoldCandidate {
		t.Fatalf("a candidate vote on a candidate film = %+v, want it held, not promoted", second)
	}
	// Withdrawing the mark leaves the film candidate: an admin decides.
	no := false
	if o := castVote(t, s, a, m.ID, festival.VoteChange{IsCandidate: &no}); o.Promote || o.HoldCandidate || o.Vote.IsCandidate {
		t.Fatalf("withdrawn mark = %+v", o)
	}
	if got := film(t, s, m.ID); got.SelectionStatus != festival.StatusCandidate {
		t.Fatalf("film status %s after a withdrawn mark, want candidate", got.SelectionStatus)
	}
}

// stalePromotionDecidedAgain: the voter judged the film on a status that is
// no longer its own (an admin's decision since); the promotion is decided
// again on the status it has.
func stalePromotionDecidedAgain(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "jury@example.org"))
	yes := true
	for _, read := range []festival.SelectionStatus{festival.StatusRefused, festival.StatusCandidate} {
		m := newFilm(t, s)
		judged, err := s.Votes.VoteGround(ctx, m.ID, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		judged.Movie.Status = read // as the voter read it
		o, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(9), IsCandidate: &yes}, &judged)
		if err != nil || !o.Created || !o.Promote || o.From != festival.StatusSubmitted {
			t.Fatalf("judged %s: vote = %+v, %v; want a promotion from submitted", read, o, err)
		}
		if got := film(t, s, m.ID); got.SelectionStatus != festival.StatusCandidate {
			t.Fatalf("judged %s: film status %s, want candidate", read, got.SelectionStatus)
		}
	}
}

// staleVoteDecidedAgain: a creation judged before the voter's vote existed
// becomes its update, and an update of a vote deleted since becomes a
// creation.
func staleVoteDecidedAgain(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "jury@example.org"))
	m := newFilm(t, s)
	before, err := s.Votes.VoteGround(ctx, m.ID, j.ID)
	if err != nil || before.Vote != nil {
		t.Fatalf("VoteGround = %+v, %v", before, err)
	}
	first := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(3)})
	late, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(5)}, &before)
	if err != nil || late.Created || late.Vote.ID != first.Vote.ID || late.Vote.Score != festival.MustDecimal("5") {
		t.Fatalf("a creation judged before the vote existed = %+v, %v; want the vote's update", late, err)
	}
	withVote, err := s.Votes.VoteGround(ctx, m.ID, j.ID)
	if err != nil || withVote.Vote == nil {
		t.Fatalf("VoteGround = %+v, %v", withVote, err)
	}
	if _, err := s.Votes.DeleteVote(ctx, admin, first.Vote.ID); err != nil {
		t.Fatal(err)
	}
	again, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(6)}, &withVote)
	if err != nil || !again.Created || again.Vote.ID <= first.Vote.ID || again.Vote.Score != festival.MustDecimal("6") {
		t.Fatalf("an update of a deleted vote = %+v, %v; want a creation with a new id", again, err)
	}
	if got, err := s.Votes.GetVote(ctx, m.ID, j.ID); err != nil || got.ID != again.Vote.ID || got.Score != festival.MustDecimal("6") {
		t.Fatalf("stored vote = %+v, %v", got, err)
	}
}

func assignedOnlyVoting(t *testing.T, s Stores) {
	ctx := context.Background()
	st := festival.DefaultSettings()
	st.JuryVoteAssignedOnly = true
	if err := s.Settings.SeedSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	u := newUser(t, s, "jury@example.org")
	j := juror(u)
	m := newFilm(t, s)
	if _, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(5)}, nil); !errors.Is(err, festival.ErrNotAssigned) {
		t.Fatalf("unassigned vote: err %v, want festival.ErrNotAssigned", err)
	}
	if all := listedVotes(t, s); len(all) != 0 {
		t.Fatalf("votes stored: %v, want none", all)
	}
	// The rule is the jury's: an admin votes unassigned.
	if o := castVote(t, s, festival.Actor{ID: u.ID + 100, Role: festival.RoleAdmin}, m.ID, festival.VoteChange{Score: scoreOf(5)}); o.RequireAssignment {
		t.Fatalf("admin's vote = %+v, want no assignment required", o)
	}
	jury := []festival.Jury{{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}}
	if _, err := s.Films.SetMovieJuries(ctx, admin, m.ID, jury); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Votes.VoteGround(ctx, m.ID, j.ID); err != nil || !g.Assigned {
		t.Fatalf("VoteGround of an assigned member = %+v, %v, want Assigned", g, err)
	}
	if o := castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(5)}); !o.Created || !o.RequireAssignment {
		t.Fatalf("assigned vote = %+v", o)
	}
	// Withdrawn from the jury, the member can no longer change their vote.
	if _, err := s.Films.SetMovieJuries(ctx, admin, m.ID, nil); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Votes.VoteGround(ctx, m.ID, j.ID); err != nil || g.Assigned {
		t.Fatalf("VoteGround after the assignment was withdrawn = %+v, %v, want not Assigned", g, err)
	}
	if _, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(9)}, nil); !errors.Is(err, festival.ErrNotAssigned) {
		t.Fatalf("vote after the assignment was withdrawn: err %v, want festival.ErrNotAssigned", err)
	}
	if got, err := s.Votes.GetVote(ctx, m.ID, j.ID); err != nil || got.Score != festival.MustDecimal("5") {
		t.Fatalf("stored vote = %+v, %v; want the score of before", got, err)
	}
}

func votesDeleted(t *testing.T, s Stores) {
	ctx := context.Background()
	m, other := newFilm(t, s), newFilm(t, s)
	var ids []int64
	var kept []string // the other film's votes, as listedVotes shows them
	for i := range 3 {
		j := juror(newUser(t, s, fmt.Sprintf("j%d@example.org", i)))
		ids = append(ids, castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(float64(i))}).Vote.ID)
		castVote(t, s, j, other.ID, festival.VoteChange{Score: scoreOf(1)})
		kept = append(kept, fmt.Sprintf("%d/%d", other.ID, j.ID))
	}
	gone, err := s.Votes.DeleteVote(ctx, admin, ids[0])
	if err != nil || gone.ID != ids[0] || gone.MovieID != m.ID || gone.Score != festival.MustDecimal("0") {
		t.Fatalf("DeleteVote = %+v, %v", gone, err)
	}
	if _, err := s.Votes.DeleteVote(ctx, admin, ids[0]); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second DeleteVote: err %v, want festival.ErrNotFound", err)
	}
	if _, err := s.Votes.GetVote(ctx, m.ID, gone.UserID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetVote of a deleted vote: err %v, want festival.ErrNotFound", err)
	}
	if n, err := s.Votes.DeleteMovieVotes(ctx, admin, m.ID); err != nil || n != 2 {
		t.Fatalf("DeleteMovieVotes = %d, %v; want 2", n, err)
	}
	if n, err := s.Votes.DeleteMovieVotes(ctx, admin, m.ID); err != nil || n != 0 {
		t.Fatalf("DeleteMovieVotes again = %d, %v; want 0", n, err)
	}
	if all := listedVotes(t, s); !slices.Equal(all, kept) {
		t.Fatalf("votes left = %v, want the other film's %v", all, kept)
	}
}

func unknownFilmOrVote(t *testing.T, s Stores) {
	ctx := context.Background()
	j := juror(newUser(t, s, "jury@example.org"))
	m := newFilm(t, s)
	missing := m.ID + 99
	if _, err := s.Votes.VoteGround(ctx, missing, j.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("VoteGround of an unknown film: err %v, want festival.ErrNotFound", err)
	}
	if _, err := s.Votes.SaveVote(ctx, j, missing, festival.VoteChange{Score: scoreOf(5)}, nil); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("vote on an unknown film: err %v, want festival.ErrNotFound", err)
	}
	if _, err := s.Votes.GetVote(ctx, m.ID, j.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetVote without a vote: err %v, want festival.ErrNotFound", err)
	}
	if _, err := s.Votes.DeleteVote(ctx, admin, 12345); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("DeleteVote of an unknown vote: err %v, want festival.ErrNotFound", err)
	}
	if all := listedVotes(t, s); len(all) != 0 {
		t.Fatalf("votes stored: %v, want none", all)
	}
}

func votersCursorsAreTheirs(t *testing.T, s Stores) {
	ctx := context.Background()
	a, b := festival.Actor{ID: 31, Role: festival.RoleJury}, festival.Actor{ID: 32, Role: festival.RoleJury}
	for range 3 {
		m := newFilm(t, s)
		castVote(t, s, a, m.ID, festival.VoteChange{Score: scoreOf(1)})
		castVote(t, s, b, m.ID, festival.VoteChange{Score: scoreOf(2)})
	}
	_, next, err := s.Votes.VotesOf(ctx, a.ID, festival.Page{Limit: 1})
	if err != nil || next == "" {
		t.Fatalf("VotesOf(a) = %q, %v", next, err)
	}
	if _, _, err := s.Votes.VotesOf(ctx, b.ID, festival.Page{Limit: 1, Cursor: next}); !isBadCursor(err) {
		t.Fatalf("another voter's cursor: err %v, want invalid \"Paramètre cursor invalide\"", err)
	}
	if _, _, err := s.Votes.ListVotes(ctx, festival.Page{Limit: 1, Cursor: next}); !isBadCursor(err) {
		t.Fatalf("a voter's cursor on every vote: err %v, want invalid \"Paramètre cursor invalide\"", err)
	}
}
