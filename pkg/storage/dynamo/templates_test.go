package dynamo_test

import (
	"context"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestTemplatesAreSavedBesideTheSettingsAndRemoved(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	if got, err := s.MessageTemplates(ctx); err != nil || len(got) != 0 {
		t.Fatalf("a fresh table: %v, %v", got, err)
	}
	at := festival.NewTime(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	for _, tpl := range []mailtemplate.Template{
		{Kind: festival.MessageMovieReceived, Subject: "Reçu : {{.Title}}", Body: "Merci.", UpdatedAt: at},
		{Kind: festival.MessageJuryReminder, Subject: "Rappel", Body: "{{.Count}}", UpdatedAt: at},
		{Kind: festival.MessageMovieReceived, Subject: "Bien reçu : {{.Title}}", Body: "Merci !", UpdatedAt: at},
	} {
		if err := s.SaveMessageTemplate(ctx, admin, tpl); err != nil {
			t.Fatal(err)
		}
	}
	// The settings item shares the partition: it is neither read as a template nor changed.
	if _, err := s.UpdateSettings(ctx, admin, func(st *festival.Settings) ([]festival.Message, error) { st.JuryReminderDays = 2; return nil, nil }); err != nil {
		t.Fatal(err)
	}
	got, err := s.MessageTemplates(ctx)
	if err != nil || len(got) != 2 {
		t.Fatalf("templates: %+v, %v", got, err)
	}
	if got[0].Kind != festival.MessageJuryReminder || got[1].Subject != "Bien reçu : {{.Title}}" || got[1].Body != "Merci !" || got[1].UpdatedAt != at {
		t.Errorf("templates: %+v", got)
	}
	if st, _ := s.GetSettings(ctx); st.JuryReminderDays != 2 {
		t.Errorf("settings beside the templates: %+v", st)
	}
	if err := s.DeleteMessageTemplate(ctx, admin, festival.MessageMovieReceived, texts.French); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteMessageTemplate(ctx, admin, festival.MessageMovieReceived, ""); err != nil {
		t.Fatalf("resetting a default again: %v", err)
	}
	if got, _ := s.MessageTemplates(ctx); len(got) != 1 || got[0].Kind != festival.MessageJuryReminder {
		t.Errorf("after the reset: %+v", got)
	}
	audit, _, err := s.ListAudit(ctx, festival.AuditFilter{Target: "template:movie.received"}, festival.Page{Limit: 10})
	if err != nil || len(audit) != 4 {
		t.Errorf("audit: %d entries, %v; want 2 saves and 2 resets", len(audit), err)
	}
}

// TestTemplatesAreKeptPerLanguage: a kind's English template is an item of
// its own beside the French one, read back with its language, saved and
// removed without touching the French one.
func TestTemplatesAreKeptPerLanguage(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	at := festival.NewTime(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	for _, tpl := range []mailtemplate.Template{
		{Kind: festival.MessageMovieStatus, Subject: "Décision : {{.Title}}", Body: "{{.Status}}", UpdatedAt: at},
		{Kind: festival.MessageMovieStatus, Lang: texts.English, Subject: "Decision: {{.Title}}", Body: "{{.Status}}", UpdatedAt: at},
	} {
		if err := s.SaveMessageTemplate(ctx, admin, tpl); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.MessageTemplates(ctx)
	if err != nil || len(got) != 2 || got[0].Language() != texts.French || got[0].Subject != "Décision : {{.Title}}" ||
		got[1].Lang != texts.English || got[1].Subject != "Decision: {{.Title}}" {
		t.Fatalf("templates: %+v, %v", got, err)
	}
	if err := s.DeleteMessageTemplate(ctx, admin, festival.MessageMovieStatus, texts.English); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.MessageTemplates(ctx); len(got) != 1 || got[0].Language() != texts.French {
		t.Errorf("after the English reset: %+v", got)
	}
	audit, _, _ := s.ListAudit(ctx, festival.AuditFilter{Target: "template:movie.status"}, festival.Page{Limit: 10})
	langs := 0
	for _, e := range audit {
		if e.Details["lang"] == "en" {
			langs++
		}
	}
	if len(audit) != 3 || langs != 2 {
		t.Errorf("audit: %+v; want 3 entries, the English save and reset naming their language", audit)
	}
}

// TestComposedMessagesAreWrittenInTransactionsWithOneAuditEntry: a group
// larger than one transaction is written whole, with one audit entry.
func TestComposedMessagesAreWrittenInTransactionsWithOneAuditEntry(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	now := time.Now()
	var msgs []festival.Message
	for i := range 150 {
		msgs = append(msgs, festival.NewMessage(festival.MessageFestival, []int64{int64(i + 1)}, mailtemplate.Composed("s", "b", "- t"), now))
	}
	admin := festival.Actor{ID: 1, Role: festival.RoleAdmin}
	if err := s.WriteMessages(ctx, admin, msgs, map[string]string{"role": "PRODUCER"}); err != nil {
		t.Fatal(err)
	}
	due, err := s.DueMessages(ctx, now.Add(time.Second), 1000)
	if err != nil || len(due) != 150 || due[0].Kind != festival.MessageFestival || due[0].Params["body"] != "b" {
		t.Fatalf("due: %d, %v", len(due), err)
	}
	audit, _, _ := s.ListAudit(ctx, festival.AuditFilter{Action: "notifications.compose"}, festival.Page{Limit: 10})
	if len(audit) != 1 || audit[0].Details["messages"] != "150" || audit[0].Details["role"] != "PRODUCER" {
		t.Errorf("audit: %+v", audit)
	}
}
