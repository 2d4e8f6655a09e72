package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// TestAReleaseMovesOnlyTheMessagesStillHeldAsSeen: 150 held decisions (two
// transactions' worth) are released from a list read before 3 of them were
// discarded and 2 rewritten: the discarded stay discarded, the rewritten go
// with their new texts, every other goes, and nothing is moved twice.
func TestAReleaseMovesOnlyTheMessagesStillHeldAsSeen(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	now := time.Now()
	season := festival.Season{DecisionsReleaseAt: festival.NewTime(now.Add(72 * time.Hour))}
	for batch := range 3 {
		var msgs []festival.Message
		for i := range 50 {
			m := festival.Movie{ID: int64(batch*50 + i + 1), Title: fmt.Sprintf("Film %d", batch*50+i), OwnerID: 7, SelectionStatus: festival.StatusSelected,
				Categories: []festival.MovieCategory{{ID: 3}}}
			msgs = append(msgs, festival.DecisionMessage(m, now, season))
		}
		if _, err := s.UpdateSettings(ctx, admin, func(*festival.Settings) ([]festival.Message, error) { return msgs, nil }); err != nil {
			t.Fatal(err)
		}
	}
	held, _, err := s.ListMessages(ctx, festival.MessageHeld, festival.Page{})
	if err != nil || len(held) != 150 {
		t.Fatalf("held: %d, %v", len(held), err)
	}
	for _, m := range held[:3] {
		if err := s.DiscardMessage(ctx, admin, m.ID, "objet", "texte"); err != nil {
			t.Fatal(err)
		}
	}
	text := "Texte réécrit."
	for _, m := range held[3:5] {
		if err := s.EditMessage(ctx, admin, m.ID, festival.MessageEdit{Text: &text}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.DiscardMessage(ctx, admin, held[0].ID, "", ""); !errors.Is(err, festival.ErrConflict) {
		t.Errorf("discarding a discarded message: %v, want festival.ErrConflict", err)
	}

	moved, err := s.MoveAllDue(ctx, held, now)
	if err != nil || moved != 147 {
		t.Fatalf("moved %d, %v: want the 147 still pending", moved, err)
	}
	if again, err := s.MoveAllDue(ctx, held, now); err != nil || again != 0 {
		t.Errorf("moving the same list again: %d, %v; want none (they moved)", again, err)
	}
	due, err := s.DueMessages(ctx, now.Add(time.Millisecond), 200)
	if err != nil || len(due) != 147 {
		t.Fatalf("due: %d, %v", len(due), err)
	}
	rewritten := 0
	for _, m := range due {
		if m.Text == text {
			rewritten++
		}
	}
	if rewritten != 2 {
		t.Errorf("%d due messages keep their rewrite, want 2", rewritten)
	}
	discarded, _, err := s.ListMessages(ctx, festival.MessageDiscarded, festival.Page{})
	if err != nil || len(discarded) != 3 || discarded[0].Params != nil || !strings.HasPrefix(discarded[0].Subject, "objet") {
		t.Errorf("discarded: %+v, %v (want 3, their params gone, their texts kept)", discarded, err)
	}
}
