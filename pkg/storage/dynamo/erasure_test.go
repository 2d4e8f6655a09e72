package dynamo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// An erasure decided on one state of the results' publication is refused
// (festival.ErrConflict, nothing written to the votes) when the publication
// changed before its votes' transaction: the caller decides again.
func TestAnErasureDecidedOnAnotherPublicationIsRefused(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 99, Role: festival.RoleAdmin}
	prod := newUser(t, s, "prod@example.org", festival.RoleProducer)
	jury := newUser(t, s, "jury@example.org", festival.RoleJury)
	comment := "Très beau"
	for range 2 {
		m := judgedMovie(t, s, prod)
		if _, err := s.SaveVote(ctx, actor(jury), m.ID, festival.VoteChange{Score: score(6), Comment: &comment, CommentSet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	// Not published: keeping the votes is refused.
	if err := s.EraseUser(ctx, admin, jury.ID, festival.UserErasure{KeepVotes: true}); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("keep before publication: %v, want ErrConflict", err)
	}
	if _, err := s.UpdateSettings(ctx, admin, func(st *festival.Settings) ([]festival.Message, error) {
		st.ResultsPublishedAt = festival.NewTime(time.Now())
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	// Published: deleting them is refused.
	if err := s.EraseUser(ctx, admin, jury.ID, festival.UserErasure{}); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("delete after publication: %v, want ErrConflict", err)
	}
	votes, _, err := s.VotesOf(ctx, jury.ID, dynamo.Page{})
	if err != nil || len(votes) != 2 || votes[0].Comment == nil {
		t.Fatalf("the refused erasures touched the votes: %+v, %v", votes, err)
	}
	// Decided right, the votes stay without their comment, off the account.
	if err := s.EraseUser(ctx, admin, jury.ID, festival.UserErasure{KeepVotes: true, Self: true}); err != nil {
		t.Fatal(err)
	}
	all, _, err := s.ListVotes(ctx, dynamo.Page{})
	if err != nil || len(all) != 2 || all[0].UserID != jury.ID || all[0].Comment != nil || all[1].Comment != nil {
		t.Fatalf("kept votes: %+v, %v", all, err)
	}
	if mine, _, err := s.VotesOf(ctx, jury.ID, dynamo.Page{}); err != nil || len(mine) != 0 {
		t.Fatalf("the kept votes still hang off the account: %+v, %v", mine, err)
	}
	if _, err := s.GetUser(ctx, jury.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("the user is still there: %v", err)
	}
}
