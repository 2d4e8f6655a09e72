package notify_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/mailbox"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// clock is a time the test moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// flaky is a mailer that fails its first failures sends (forever when
// failures < 0), and counts every send by delivery id.
type flaky struct {
	box      *mailbox.Box
	failures atomic.Int64
	mu       sync.Mutex
	sends    map[string]int
}

func (f *flaky) Send(ctx context.Context, e festival.Email) error {
	f.mu.Lock()
	f.sends[e.ID]++
	f.mu.Unlock()
	if n := f.failures.Load(); n != 0 {
		f.failures.Add(-1)
		return errors.New("SES: Throttling: Maximum sending rate exceeded")
	}
	return f.box.Send(ctx, e)
}

type festivalT struct {
	st     *dynamo.Store
	clock  *clock
	mail   *flaky
	runner *notify.Service
	prod   festival.User
}

func newFestival(t *testing.T) *festivalT {
	t.Helper()
	db, table := dynamotest.Table(t)
	c := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	st := dynamo.New(db, table, c.now)
	box, err := mailbox.Open(t.TempDir(), c.now)
	if err != nil {
		t.Fatal(err)
	}
	mail := &flaky{box: box, sends: map[string]int{}}
	f := &festivalT{st: st, clock: c, mail: mail, runner: notify.New(st, mail, notify.Config{Festival: "Cinéma du Sud", ConsoleURL: "http://127.0.0.1:3000/"}, c.now, slog.New(slog.DiscardHandler))}
	ctx := context.Background()
	id, err := st.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f.prod = festival.User{ID: id, FirstName: "Agnès", LastName: "Varda", Email: "agnes@example.org", PasswordHash: "$2a$10$hash",
		Role: festival.RoleProducer, CreatedAt: festival.NewTime(c.now()), UpdatedAt: festival.NewTime(c.now())}
	if err := st.CreateUser(ctx, f.prod); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *festivalT) submit(t *testing.T, title string) festival.Movie {
	t.Helper()
	ctx := context.Background()
	id, err := f.st.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(f.clock.now())
	m := festival.Movie{ID: id, Title: title, OwnerID: f.prod.ID, SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now,
		Producer: &festival.Producer{ID: f.prod.ID, FirstName: f.prod.FirstName, LastName: f.prod.LastName}}
	if err := f.st.CreateMovie(ctx, m, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	return m
}

func (f *festivalT) deliver(t *testing.T) notify.Report {
	t.Helper()
	r, err := f.runner.DeliverDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAFilmReceivedAndItsSelectionAreMailedToItsProducerOnce(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	m := f.submit(t, "Cléo de 5 à 7")
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("first run: %+v, want the film received sent", r)
	}
	if r := f.deliver(t); r != (notify.Report{}) {
		t.Fatalf("second run: %+v, want nothing left to send", r)
	}
	for _, st := range []festival.SelectionStatus{festival.StatusCandidate, festival.StatusSelected} {
		if _, err := f.st.ChangeMovie(ctx, m.ID, nil, func(x *festival.Movie) (map[string]string, error) { x.SelectionStatus = st; return nil, nil }); err != nil {
			t.Fatal(err)
		}
	}
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("after the decision: %+v, want one message (candidate is not told, selected is)", r)
	}
	mails, err := f.mail.box.List()
	if err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, e := range mails {
		if e.To != "agnes@example.org" || !strings.Contains(e.Text, "Bonjour Agnès,") || !strings.Contains(e.Text, "L'équipe — Cinéma du Sud") {
			t.Errorf("mail %+v: not to the producer, or not signed by the festival", e)
		}
		subjects = append(subjects, e.Subject)
	}
	slices.Sort(subjects)
	want := []string{"[Cinéma du Sud] Cléo de 5 à 7 : film sélectionné", "[Cinéma du Sud] Film reçu : Cléo de 5 à 7"}
	if !slices.Equal(subjects, want) {
		t.Errorf("subjects %q, want %q", subjects, want)
	}
}

func TestAFailedSendIsRetriedWithBackoffAndAFailureIsShownToAdmins(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	f.mail.failures.Store(1)
	f.submit(t, "Le Bonheur")
	if r := f.deliver(t); r.Retried != 1 {
		t.Fatalf("a failed send: %+v, want it retried", r)
	}
	if r := f.deliver(t); r != (notify.Report{}) {
		t.Fatalf("before the backoff ends: %+v, want nothing", r)
	}
	f.clock.add(festival.MessageRetryDelay(1))
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("after the backoff: %+v, want it sent", r)
	}
	sent, _, err := f.st.ListMessages(ctx, festival.MessageSent, dynamo.Page{})
	if err != nil || len(sent) != 1 || sent[0].Attempts != 2 {
		t.Fatalf("sent: %+v, %v (want one, after 2 attempts)", sent, err)
	}

	f.mail.failures.Store(-1) // the mail service refuses everything from now on
	f.submit(t, "Sans toit ni loi")
	for attempt := 1; attempt <= festival.MaxMessageAttempts; attempt++ {
		f.deliver(t)
		f.clock.add(festival.MessageRetryDelay(attempt))
	}
	failed, _, err := f.st.ListMessages(ctx, festival.MessageFailed, dynamo.Page{})
	if err != nil || len(failed) != 1 || failed[0].Attempts != festival.MaxMessageAttempts || !strings.Contains(failed[0].LastError, "Throttling") {
		t.Fatalf("failed: %+v, %v (want the message, %d attempts, the last error)", failed, err, festival.MaxMessageAttempts)
	}
	if r := f.deliver(t); r != (notify.Report{}) {
		t.Errorf("a failed message is tried again: %+v", r)
	}
}

func TestTwoRunnersAtOnceSendEachMessageOnce(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	for range 12 {
		f.submit(t, "Jacquot de Nantes")
	}
	var wg sync.WaitGroup
	var sent atomic.Int64
	for range 3 {
		wg.Go(func() {
			r, err := f.runner.DeliverDue(context.Background())
			if err != nil {
				t.Error(err)
			}
			sent.Add(int64(r.Sent))
		})
	}
	wg.Wait()
	if sent.Load() != 12 || len(f.mail.sends) != 12 {
		t.Fatalf("%d sent, %d deliveries: want 12 of each", sent.Load(), len(f.mail.sends))
	}
	for id, n := range f.mail.sends {
		if n != 1 {
			t.Errorf("delivery %s sent %d times", id, n)
		}
	}
}

// TestOneMessageIsWrittenToEachRecipientInTheirLanguage: a message to
// several people (the results published) reaches each in their account's
// language, with the accounts read once for the run; an id without an
// account is nobody to tell.
func TestOneMessageIsWrittenToEachRecipientInTheirLanguage(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	id, err := f.st.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	jane := festival.User{ID: id, FirstName: "Jane", LastName: "Campion", Email: "jane@example.org", PasswordHash: "$2a$10$hash",
		Role: festival.RoleJury, Language: texts.English, CreatedAt: festival.NewTime(f.clock.now()), UpdatedAt: festival.NewTime(f.clock.now())}
	if err := f.st.CreateUser(ctx, jane); err != nil {
		t.Fatal(err)
	}
	msg := festival.NewMessage(festival.MessageResultsPublished, []int64{f.prod.ID, jane.ID, jane.ID + 100}, map[string]string{}, f.clock.now())
	if err := f.st.WriteMessages(ctx, festival.Actor{ID: 1, Role: festival.RoleAdmin}, []festival.Message{msg}, map[string]string{}); err != nil {
		t.Fatal(err)
	}
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("%+v, want the one message sent", r)
	}
	mails, err := f.mail.box.List()
	if err != nil || len(mails) != 2 {
		t.Fatalf("%d mails, %v: want one to each account", len(mails), err)
	}
	for _, e := range mails {
		switch e.To {
		case "jane@example.org":
			if e.Subject != "[Cinéma du Sud] The results are out" || !strings.HasPrefix(e.Text, "Hello Jane,\n\nThe festival's results are published.") {
				t.Errorf("in English: %q %q", e.Subject, e.Text)
			}
		case "agnes@example.org":
			if e.Subject != "[Cinéma du Sud] Les résultats sont publiés" || !strings.HasPrefix(e.Text, "Bonjour Agnès,\n\nLes résultats du festival sont publiés.") {
				t.Errorf("in French: %q %q", e.Subject, e.Text)
			}
		default:
			t.Errorf("a mail to %s", e.To)
		}
	}
}
