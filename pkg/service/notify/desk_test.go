package notify_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

var admin = festival.Actor{ID: 1, Role: festival.RoleAdmin}

// desk is the outbox's desk on the festival's store.
func (f *festivalT) desk() *notify.Desk {
	st := f.st
	return notify.NewDesk(notify.DeskStores{Outbox: st.Outbox, Recipients: st.Users, Settings: st.Settings, Categories: st.Catalog, Templates: st.Settings},
		notify.Config{Festival: "Cinéma du Sud", ConsoleURL: "http://127.0.0.1:3000/"}, f.clock.now)
}

// holdUntil sets the decisions' release date.
func (f *festivalT) holdUntil(t *testing.T, at time.Time) {
	t.Helper()
	_, err := f.st.UpdateSettings(context.Background(), admin, func(s *festival.Settings) ([]festival.Message, error) {
		s.DecisionsReleaseAt = festival.NewTime(at)
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// decide gives a film of the category cat (0: none) a decision.
func (f *festivalT) decide(t *testing.T, title string, cat festival.Category, st festival.SelectionStatus) festival.Movie {
	t.Helper()
	ctx := context.Background()
	m := f.submit(t, title)
	m, err := f.st.ChangeMovie(ctx, m.ID, nil, func(x *festival.Movie) (map[string]string, error) {
		if cat.ID != 0 {
			x.Categories = []festival.MovieCategory{{ID: cat.ID, Name: cat.Name}}
		}
		x.SelectionStatus = st
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func (f *festivalT) held(t *testing.T) []festival.Message {
	t.Helper()
	msgs, _, err := f.desk().List(context.Background(), festival.MessageHeld, festival.Page{})
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func code(err error) apperr.Code {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestHeldDecisionsWaitAreEditedOrDiscardedAndReleasedByCategory(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	release := f.clock.now().Add(7 * 24 * time.Hour)
	f.holdUntil(t, release)
	short, err := f.st.CreateCategory(ctx, admin, "Courts métrages")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := f.st.CreateCategory(ctx, admin, "Documentaires")
	if err != nil {
		t.Fatal(err)
	}
	f.decide(t, "Cléo de 5 à 7", short, festival.StatusSelected)
	f.decide(t, "Le Bonheur", short, festival.StatusRefused)
	f.decide(t, "Daguerréotypes", doc, festival.StatusFinalist)
	if r := f.deliver(t); r.Sent != 3 {
		t.Fatalf("first run: %+v, want the three films received, and no decision", r)
	}
	held := f.held(t)
	if len(held) != 3 {
		t.Fatalf("held: %d messages, want the three decisions", len(held))
	}
	for _, m := range held {
		if m.Kind != festival.MessageMovieStatus || !m.NextAttemptAt.Equal(release) || !strings.Contains(m.Text, "Bonjour Agnès,") || m.Subject == "" {
			t.Errorf("held message %+v: want a decision due at the release, rendered for its producer", m)
		}
	}

	// Rewrite the selection, discard the refusal.
	var selection, refusal festival.Message
	for _, m := range held {
		switch {
		case strings.Contains(m.Subject, "Cléo"):
			selection = m
		case strings.Contains(m.Subject, "Bonheur"):
			refusal = m
		}
	}
	subject := "[Cinéma du Sud] Votre film est en sélection"
	text := "Chère Agnès,\n\nCléo de 5 à 7 est sélectionné ; le jury l'a beaucoup aimé."
	edited, err := f.desk().Edit(ctx, admin, selection.ID, festival.MessageEdit{Subject: &subject, Text: &text})
	if err != nil || edited.Subject != subject || edited.Text != text {
		t.Fatalf("edit: %+v, %v", edited, err)
	}
	if err := f.desk().Discard(ctx, admin, refusal.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.desk().Discard(ctx, admin, refusal.ID); code(err) != apperr.Conflict {
		t.Errorf("discarding twice: %v, want a conflict", err)
	}
	if _, err := f.desk().Edit(ctx, admin, refusal.ID, festival.MessageEdit{Subject: &subject}); code(err) != apperr.Conflict {
		t.Errorf("editing a discarded message: %v, want a conflict", err)
	}
	if err := f.desk().Discard(ctx, admin, "20260301T090000000Z-000000000000"); code(err) != apperr.NotFound {
		t.Errorf("discarding no message: %v, want not found", err)
	}

	// Release the short films: the edited selection goes, as edited; the
	// discarded refusal stays discarded; the documentary waits.
	n, err := f.desk().Release(ctx, admin, short.ID)
	if err != nil || n != 1 {
		t.Fatalf("release of the short films: %d, %v; want the selection alone", n, err)
	}
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("after the release: %+v, want the selection sent", r)
	}
	mails, _ := f.mail.box.List()
	if !slices.ContainsFunc(mails, func(e festival.Email) bool { return e.Subject == subject && e.Text == text }) {
		t.Errorf("the mails sent: %+v, want one with the admin's texts", mails)
	}
	discarded, _, err := f.desk().List(ctx, festival.MessageDiscarded, festival.Page{})
	if err != nil || len(discarded) != 1 || !strings.Contains(discarded[0].Subject, "Le Bonheur") {
		t.Errorf("discarded: %+v, %v", discarded, err)
	}
	settings, _ := f.st.GetSettings(ctx)
	if _, ok := settings.ReleasedCategories[short.ID]; !ok {
		t.Errorf("released categories %v, want the short films", settings.ReleasedCategories)
	}
	if held := f.held(t); len(held) != 1 || !strings.Contains(held[0].Subject, "Daguerréotypes") {
		t.Errorf("still held: %+v, want the documentary", held)
	}

	// A decision made after its category's release goes at once.
	f.decide(t, "Jane B. par Agnès V.", short, festival.StatusAwarded)
	if r := f.deliver(t); r.Sent != 2 {
		t.Errorf("a decision after the release: %+v, want it sent with its film received", r)
	}

	// Release everything.
	if n, err := f.desk().Release(ctx, admin, 0); err != nil || n != 1 {
		t.Fatalf("release of everything: %d, %v", n, err)
	}
	if r := f.deliver(t); r.Sent != 1 {
		t.Errorf("after releasing everything: %+v, want the documentary sent", r)
	}
	if _, err := f.desk().Release(ctx, admin, 999); code(err) != apperr.NotFound {
		t.Errorf("release of no category: %v, want not found", err)
	}
	audit, _, err := f.st.ListAudit(ctx, festival.AuditFilter{Action: "notifications.release"}, festival.Page{Limit: 10})
	if err != nil || len(audit) != 2 {
		t.Errorf("release audit entries: %+v, %v", audit, err)
	}
}

func TestADecisionWhoseReleaseMovedLaterIsHeldAgainNotSent(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	f.decide(t, "Sans toit ni loi", festival.Category{}, festival.StatusSelected) // no release date: due now
	later := f.clock.now().Add(48 * time.Hour)
	f.holdUntil(t, later)
	if r := f.deliver(t); r.Sent != 1 || r.Held != 1 {
		t.Fatalf("run: %+v, want the film received sent and the decision held again", r)
	}
	held := f.held(t)
	if len(held) != 1 || !held[0].NextAttemptAt.Equal(later) || held[0].Attempts != 0 {
		t.Fatalf("held: %+v, want the decision due at the new date, not attempted", held)
	}
	f.clock.add(48 * time.Hour)
	if r := f.deliver(t); r.Sent != 1 {
		t.Errorf("at the release: %+v, want the decision sent", r)
	}
}

func TestAListedResetMessageNeverShowsItsToken(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	msg := festival.NewMessage(festival.MessagePasswordReset, []int64{f.prod.ID}, map[string]string{"token": "secret-token-123456"}, f.clock.now())
	if err := f.st.CreatePasswordReset(ctx, f.prod.ID, "hash-of-the-token", f.clock.now().Add(time.Hour), msg); err != nil {
		t.Fatal(err)
	}
	for _, st := range []festival.MessageState{festival.MessagePending, festival.MessageSent} {
		msgs, _, err := f.desk().List(ctx, st, dynamo.Page{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if strings.Contains(m.Text, "secret-token") {
				t.Errorf("%s: the token shows: %s", st, m.Text)
			}
			if m.Kind == festival.MessagePasswordReset && !strings.Contains(m.Text, festival.MaskedToken) {
				t.Errorf("%s: the reset's text %q, want the token masked", st, m.Text)
			}
		}
		f.deliver(t)
	}
}
