package dynamo_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// judgedFilm stores a film of the producer, as an upload would.
func judgedMovie(t testing.TB, s *dynamo.Store, producer festival.User, cats ...festival.MovieCategory) festival.Movie {
	t.Helper()
	ctx := context.Background()
	id, err := s.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	m := festival.Movie{
		ID: id, Title: fmt.Sprintf("Film %d", id), OwnerID: producer.ID, SelectionStatus: festival.StatusSubmitted,
		Producer:   &festival.Producer{ID: producer.ID, FirstName: producer.FirstName, LastName: producer.LastName},
		Categories: cats, CreatedAt: now, UpdatedAt: now,
	}
	if err := s.CreateMovie(ctx, m, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	return m
}

func actor(u festival.User) festival.Actor { return festival.Actor{ID: u.ID, Role: u.Role} }

func score(v float64) *festival.Decimal {
	d, err := festival.DecimalFromFloat(v)
	if err != nil {
		panic(err)
	}
	return &d
}

func TestFirstVoteCreatesAndResubmittingUpdatesTheSameVote(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)

	comment := "Très beau"
	first, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(7.5), Comment: &comment, CommentSet: true}, nil)
	if err != nil || !first.Created || first.Vote.Score != festival.MustDecimal("7.5") || first.Vote.ID == 0 || *first.Vote.Comment != comment {
		t.Fatalf("first vote = %+v, %v", first, err)
	}
	yes := true
	second, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(9), IsCandidate: &yes}, nil)
	if err != nil || second.Created || second.Vote.ID != first.Vote.ID || second.Vote.Score != festival.MustDecimal("9") || !second.Vote.IsCandidate {
		t.Fatalf("second vote = %+v, %v", second, err)
	}
	got, err := s.GetVote(ctx, m.ID, jury.ID)
	if err != nil || got.Score != festival.MustDecimal("9") || got.Comment == nil || *got.Comment != comment || !got.CreatedAt.Equal(first.Vote.CreatedAt.Time) {
		t.Fatalf("stored vote = %+v, %v (the comment and createdAt must survive an update)", got, err)
	}
	byID, err := s.VoteByID(ctx, first.Vote.ID)
	if err != nil || byID.MovieID != m.ID || byID.UserID != jury.ID {
		t.Fatalf("VoteByID = %+v, %v", byID, err)
	}
	mine, _, err := s.VotesOf(ctx, jury.ID, dynamo.Page{})
	if err != nil || len(mine) != 1 {
		t.Fatalf("VotesOf = %+v, %v", mine, err)
	}
	all, _, err := s.ListVotes(ctx, dynamo.Page{})
	if err != nil || len(all) != 1 {
		t.Fatalf("ListVotes = %+v, %v", all, err)
	}
}

func TestFiftyConcurrentVotesOfOneJurorOnOneMovieMakeExactlyOneVote(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)

	const n = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, failed := 0, []error{}
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			yes := i%2 == 0
			r, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(float64(i % 11)), IsCandidate: &yes}, nil)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed = append(failed, err)
			} else if r.Created {
				created++
			}
		}(i)
	}
	wg.Wait()
	if len(failed) > 0 {
		t.Fatalf("%d of %d concurrent votes failed, first: %v", len(failed), n, failed[0])
	}
	votes, err := s.MovieVotes(ctx, m.ID)
	if err != nil || len(votes) != 1 || created != 1 {
		t.Fatalf("after %d concurrent votes: %d stored, %d answered created (want 1 and 1), err %v", n, len(votes), created, err)
	}
	all, _, _ := s.ListVotes(ctx, dynamo.Page{})
	if len(all) != 1 {
		t.Fatalf("GSI1 VOTES lists %d votes, want 1", len(all))
	}
	f, _ := s.GetMovieFacts(ctx, m.ID)
	if f.Status != festival.StatusCandidate {
		t.Fatalf("film status %s, want candidate", f.Status)
	}
}

func TestAVoteOnAnUnknownMovieOrWithoutScoreStoresNothing(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)
	if _, err := s.SaveVote(ctx, actor(jury), m.ID+99, festival.VoteChange{Score: score(5)}, nil); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("vote on unknown film: err %v, want festival.ErrNotFound", err)
	}
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{}, nil); !errors.Is(err, festival.ErrScoreRequired) {
		t.Fatalf("first vote without score: err %v, want festival.ErrScoreRequired", err)
	}
	if all, _, _ := s.ListVotes(ctx, dynamo.Page{}); len(all) != 0 {
		t.Fatalf("%d votes stored, want none", len(all))
	}
	if trail, _, _ := s.ListAudit(ctx, festival.AuditFilter{Action: "vote.create"}, dynamo.Page{Limit: 10}); len(trail) != 0 {
		t.Fatalf("audit has %d vote entries, want none", len(trail))
	}
}

func TestACandidateVoteMovesTheMovieAndIsAudited(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)
	yes := true
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(8), IsCandidate: &yes}, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetMovie(ctx, m.ID)
	if err != nil || got.SelectionStatus != festival.StatusCandidate {
		t.Fatalf("film = %+v, %v; want candidate", got.SelectionStatus, err)
	}
	trail, _, err := s.ListAudit(ctx, festival.AuditFilter{ActorID: jury.ID}, dynamo.Page{Limit: 10})
	if err != nil || len(trail) != 2 {
		t.Fatalf("audit of the juror = %+v, %v; want vote.create and movie.candidate", trail, err)
	}
	actions := map[string]bool{trail[0].Action: true, trail[1].Action: true}
	if !actions["vote.create"] || !actions["movie.candidate"] || trail[0].Target != fmt.Sprintf("movie:%d", m.ID) {
		t.Fatalf("audit entries = %+v", trail)
	}
	// An optimistic film update that read the film before still works: the
	// status change bumped the version it checks.
	if _, err := s.ChangeMovie(ctx, m.ID, nil, func(mv *festival.Movie) (map[string]string, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
}

func TestAssignedOnlyVotingRequiresTheAssignment(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)
	if _, err := s.UpdateSettings(ctx, actor(admin), func(x *festival.Settings) ([]festival.Message, error) {
		x.JuryVoteAssignedOnly = true
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(5)}, nil); !errors.Is(err, festival.ErrNotAssigned) {
		t.Fatalf("unassigned vote: err %v, want festival.ErrNotAssigned", err)
	}
	if _, err := s.SetMovieJuries(ctx, actor(prod), m.ID, []festival.Jury{{ID: jury.ID, FirstName: jury.FirstName, LastName: jury.LastName, Email: jury.Email, Role: jury.Role}}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.IsJuryAssigned(ctx, m.ID, jury.ID); err != nil || !ok {
		t.Fatalf("IsJuryAssigned = %v, %v", ok, err)
	}
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(5)}, nil); err != nil {
		t.Fatalf("assigned vote: %v", err)
	}
}

func TestDeleteOneVoteAndAllVotesOfAMovie(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	m := judgedMovie(t, s, prod)
	var ids []int64
	for i := 0; i < 3; i++ {
		j := newUser(t, s, fmt.Sprintf("j%d@example.org", i), festival.RoleJury)
		r, err := s.SaveVote(ctx, actor(j), m.ID, festival.VoteChange{Score: score(float64(i))}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.Vote.ID)
	}
	if _, err := s.DeleteVote(ctx, actor(admin), ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteVote(ctx, actor(admin), ids[0]); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second delete: err %v, want festival.ErrNotFound", err)
	}
	n, err := s.DeleteMovieVotes(ctx, actor(admin), m.ID)
	if err != nil || n != 2 {
		t.Fatalf("DeleteMovieVotes = %d, %v; want 2", n, err)
	}
	if left, _ := s.MovieVotes(ctx, m.ID); len(left) != 0 {
		t.Fatalf("%d votes left", len(left))
	}
}

func TestAForgedCursorOutsideTheSortKeyConditionIsABadCursor(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	// A well-formed key of the right index and partition, but outside
	// begins_with(GSI2SK, "VOTE#MOVIE#"): DynamoDB refuses it, and that is the
	// client's cursor's fault, not a server failure.
	forged := base64.RawURLEncoding.EncodeToString([]byte(`{"GSI2PK":"USER#1","GSI2SK":"JURY#MOVIE#0000000001","PK":"MOVIE#1","SK":"JURY#0000000001"}`))
	if _, _, err := s.VotesOf(context.Background(), 1, dynamo.Page{Limit: 5, Cursor: forged}); !errors.Is(err, dynamo.ErrBadCursor) {
		t.Fatalf("err = %v, want ErrBadCursor", err)
	}
}

func TestACandidateVoteReadsTheStatusAgainWhenAnAdminChangedIt(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	yes := true
	setStatus := func(id int64, st festival.SelectionStatus) {
		t.Helper()
		if _, err := s.ChangeMovie(ctx, id, &festival.AuditInfo{Actor: actor(admin), Action: "movie.status"}, func(m *festival.Movie) (map[string]string, error) {
			m.SelectionStatus = st
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	// The ground a voter judged their vote on, before an admin's change.
	ground := func(id int64) festival.VoteGround {
		t.Helper()
		g, err := s.VoteGround(ctx, id, jury.ID)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	candidateEntries := func(id int64) []festival.AuditEntry {
		t.Helper()
		trail, _, err := s.ListAudit(ctx, festival.AuditFilter{ActorID: jury.ID, Action: "movie.candidate", Target: fmt.Sprintf("movie:%d", id)}, dynamo.Page{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		return trail
	}

	// The voter read "submitted"; an admin refused the film meanwhile. The
	// move is not made from the stale status: the film is read again and the
	// promotion recorded from the status it really had.
	refused := judgedMovie(t, s, prod)
	judged := ground(refused.ID)
	setStatus(refused.ID, festival.StatusRefused)
	if _, err := s.SaveVote(ctx, actor(jury), refused.ID, festival.VoteChange{Score: score(8), IsCandidate: &yes}, &judged); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetMovie(ctx, refused.ID); got.SelectionStatus != festival.StatusCandidate {
		t.Errorf("status = %s, want candidate", got.SelectionStatus)
	}
	if trail := candidateEntries(refused.ID); len(trail) != 1 || trail[0].Details["from"] != string(festival.StatusRefused) {
		t.Errorf("movie.candidate entries = %+v, want one from refused", trail)
	}

	// An admin made it candidate meanwhile: the vote is saved, the film is
	// not moved again and no second status change is recorded.
	already := judgedMovie(t, s, prod)
	judged = ground(already.ID)
	setStatus(already.ID, festival.StatusCandidate)
	before, err := s.GetMovieFacts(ctx, already.ID)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := s.SaveVote(ctx, actor(jury), already.ID, festival.VoteChange{Score: score(7), IsCandidate: &yes}, &judged)
	if err != nil || !saved.Created {
		t.Fatalf("vote = %+v, %v", saved, err)
	}
	if after, _ := s.GetMovieFacts(ctx, already.ID); after.Version != before.Version || after.Status != festival.StatusCandidate {
		t.Errorf("film went from version %d to %d (%s): the vote should not have written it", before.Version, after.Version, after.Status)
	}
	if trail := candidateEntries(already.ID); len(trail) != 0 {
		t.Errorf("movie.candidate entries = %+v, want none", trail)
	}
}

// The voter read "candidate", so no promotion was decided; an admin refused
// the film meanwhile. The vote's is_candidate still promotes it: the vote is
// the later decision.
func TestACandidateVoteOnAMovieAnAdminJustMovedPromotesItAgain(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)
	if _, err := s.ChangeMovie(ctx, m.ID, &festival.AuditInfo{Actor: actor(admin), Action: "movie.status"}, func(m *festival.Movie) (map[string]string, error) {
		m.SelectionStatus = festival.StatusRefused
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	judged, err := s.VoteGround(ctx, m.ID, jury.ID)
	if err != nil {
		t.Fatal(err)
	}
	judged.Movie.Status = festival.StatusCandidate // as the voter read it
	yes := true
	if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(9), IsCandidate: &yes}, &judged); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetMovie(ctx, m.ID); got.SelectionStatus != festival.StatusCandidate {
		t.Fatalf("status = %s, want candidate", got.SelectionStatus)
	}
}
