package dynamo_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// A vote judged on a film still in the festival, written after its
// withdrawal, is refused by the write itself, whatever the vote does to the
// film (nothing, promote it, hold it candidate); nothing is stored.
func TestAVoteJudgedBeforeAWithdrawalIsRefusedByItsWrite(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	reason, _ := festival.ParseWithdrawalReason("Retenu ailleurs")
	yes := true
	cases := []struct {
		name   string
		status festival.SelectionStatus
		change festival.VoteChange
	}{
		{"a score", festival.StatusSubmitted, festival.VoteChange{Score: score(6)}},
		{"a promotion", festival.StatusSubmitted, festival.VoteChange{Score: score(9), IsCandidate: &yes}},
		{"a candidate held", festival.StatusCandidate, festival.VoteChange{Score: score(9), IsCandidate: &yes}},
	}
	for _, c := range cases {
		m := judgedMovie(t, s, prod)
		if c.status != festival.StatusSubmitted {
			if _, err := s.ChangeMovie(ctx, m.ID, nil, festival.SetStatus(c.status)); err != nil {
				t.Fatal(err)
			}
		}
		judged, err := s.VoteGround(ctx, m.ID, jury.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ChangeMovie(ctx, m.ID, nil, festival.Withdraw(actor(prod), reason, time.Now())); err != nil {
			t.Fatal(err)
		}
		_, err = s.SaveVote(ctx, actor(jury), m.ID, c.change, &judged)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Conflict || e.Text(texts.French) != texts.T(texts.French, texts.MovieOutWithdrawn) {
			t.Errorf("%s: vote after the withdrawal = %v, want the 409 of a withdrawn film", c.name, err)
		}
		if _, err := s.GetVote(ctx, m.ID, jury.ID); !errors.Is(err, festival.ErrNotFound) {
			t.Errorf("%s: a vote was stored: %v", c.name, err)
		}
		if got, _ := s.GetMovie(ctx, m.ID); got.SelectionStatus != c.status {
			t.Errorf("%s: status %s, want %s", c.name, got.SelectionStatus, c.status)
		}
	}
}

// Withdrawing a film deletes its jury links in the same write, and the
// ledger receives the entry; the admins are who ChangeMovieTelling's
// messages go to.
func TestAWithdrawalTakesTheJuryLinksAndTellsTheAdmins(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := newUser(t, s, "admin@example.org", festival.RoleAdmin)
	admin2 := newUser(t, s, "admin2@example.org", festival.RoleAdmin)
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	j1, j2 := newUser(t, s, "j1@example.org", festival.RoleJury), newUser(t, s, "j2@example.org", festival.RoleJury)
	m := judgedMovie(t, s, prod)
	if _, err := s.AssignJuries(ctx, actor(admin), m.ID, []int64{j1.ID, j2.ID}); err != nil {
		t.Fatal(err)
	}
	admins, err := s.Admins(ctx)
	if err != nil || !slices.Equal(admins, []int64{admin.ID, admin2.ID}) {
		t.Fatalf("Admins = %v, %v; want %d and %d", admins, err, admin.ID, admin2.ID)
	}
	reason, _ := festival.ParseWithdrawalReason("Retenu ailleurs")
	now := time.Now()
	got, err := s.ChangeMovieTelling(ctx, m.ID, festival.AuditInfo{Actor: actor(prod), Action: "movie.withdraw"},
		festival.WithdrawTelling(actor(prod), reason, now, admins))
	if err != nil || got.Withdrawn == nil || len(got.Juries) != 0 {
		t.Fatalf("withdrawal = %+v, %v", got, err)
	}
	for _, j := range []festival.User{j1, j2} {
		if on, err := s.IsJuryAssigned(ctx, m.ID, j.ID); on || err != nil {
			t.Errorf("juror %d still linked to the film (%v)", j.ID, err)
		}
	}
	if stored, err := s.GetMovie(ctx, m.ID); err != nil || stored.Withdrawn == nil || stored.Withdrawn.Reason != "Retenu ailleurs" || stored.Withdrawn.By != prod.ID ||
		!stored.Withdrawn.At.Equal(festival.NewTime(now).Time) || stored.Withdrawn.Status != festival.StatusSubmitted {
		t.Errorf("stored withdrawal %+v, %v", stored.Withdrawn, err)
	}
	if f, err := s.GetMovieFacts(ctx, m.ID); err != nil || f.InFestival() {
		t.Errorf("facts of the withdrawn film in the festival: %+v, %v", f, err)
	}
	msgs, _, err := s.ListMessages(ctx, festival.MessagePending, festival.Page{})
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, msg := range msgs {
		if msg.Kind == festival.MessageMovieWithdrawn && slices.Equal(msg.To, admins) {
			told++
		}
	}
	if told != 1 {
		t.Errorf("%d movie.withdrawn messages to the admins, want 1", told)
	}
	if _, err := s.AppendLedger(ctx); err != nil {
		t.Fatal(err)
	}
	entries, _, err := s.LedgerEntries(ctx, dynamo.Page{})
	if err != nil || len(entries) == 0 || entries[len(entries)-1].Kind != "movie.withdraw" {
		t.Fatalf("ledger %+v, %v; want movie.withdraw last", entries, err)
	}
	if _, broken := festival.VerifyLedger(entries); broken != nil {
		t.Errorf("ledger breaks: %+v", broken)
	}
}
