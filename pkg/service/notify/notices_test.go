package notify_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/mailtemplate"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// notices are the producer's notices, newest first, and their unread count.
func (f *festivalT) notices(t *testing.T) ([]festival.Notice, int64) {
	t.Helper()
	ctx := context.Background()
	ns, _, err := f.st.Users.Notices(ctx, f.prod.ID, false, dynamo.Page{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := f.st.Users.UnreadNotices(ctx, f.prod.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ns, n
}

// TestAFailedMailStillGivesTheNoticeOnceAndItsRetrySendsOnlyTheMail: the
// app is a second channel: the first attempt writes the notice whether the
// e-mail went or not, and a retry never writes a second.
func TestAFailedMailStillGivesTheNoticeOnceAndItsRetrySendsOnlyTheMail(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	f.mail.failures.Store(1)
	m := f.submit(t, "Le Bonheur")
	if r := f.deliver(t); r.Retried != 1 {
		t.Fatalf("a failed send: %+v, want it retried", r)
	}
	ns, unread := f.notices(t)
	if len(ns) != 1 || unread != 1 || ns[0].Kind != festival.MessageMovieReceived || ns[0].Subject != "[Cinéma du Sud] Film reçu : Le Bonheur" ||
		ns[0].Link != fmt.Sprintf("#/films/%d", m.ID) || ns[0].Read {
		t.Fatalf("after a failed mail: %+v, unread %d; want the film received's notice", ns, unread)
	}
	f.clock.add(festival.MessageRetryDelay(1))
	if r := f.deliver(t); r.Sent != 1 {
		t.Fatalf("after the backoff: %+v, want it sent", r)
	}
	if again, unread := f.notices(t); len(again) != 1 || unread != 1 || again[0].ID != ns[0].ID {
		t.Errorf("after the retry: %+v, unread %d; want the same one notice", again, unread)
	}
	for id, n := range f.mail.sends {
		if n != 2 {
			t.Errorf("delivery %s tried %d times, want 2 (failed, then sent)", id, n)
		}
	}
}

// TestARunnerThatStoppedAfterTheNoticeWritesNoSecond: a runner writes the
// notice and stops before it files the message; once its lease is over
// another runner delivers the message again, and the notice stays one.
func TestARunnerThatStoppedAfterTheNoticeWritesNoSecond(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	f.submit(t, "Documenteur")
	due, err := f.st.DueMessages(ctx, f.clock.now(), 10)
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %v, %v", due, err)
	}
	m, claimed, err := f.st.ClaimMessage(ctx, due[0], f.clock.now().Add(2*time.Minute))
	if err != nil || !claimed {
		t.Fatalf("claim: %v, %v", claimed, err)
	}
	n := festival.NewNotice(m, f.prod.ID, "Film reçu", "Nous avons bien reçu votre film.", f.clock.now())
	if err := f.st.RecordDelivery(ctx, m.ID, f.prod.ID, true, &n); err != nil {
		t.Fatal(err)
	}
	// The same write again (a retried request) changes nothing either.
	if err := f.st.RecordDelivery(ctx, m.ID, f.prod.ID, true, &n); err != nil {
		t.Fatal(err)
	}
	f.clock.add(3 * time.Minute) // the lease is over: the message is due again
	f.deliver(t)
	if ns, unread := f.notices(t); len(ns) != 1 || unread != 1 {
		t.Errorf("after the redelivery: %d notices, unread %d; want 1 and 1", len(ns), unread)
	}
	if len(f.mail.sends) != 0 {
		t.Errorf("the message was delivered to its recipient already, yet mailed again: %v", f.mail.sends)
	}
}

// TestAPersonKeepsTheirNewestNoticesToTheCap: past the cap and its slack,
// a run deletes the oldest notices, and the counter follows.
func TestAPersonKeepsTheirNewestNoticesToTheCap(t *testing.T) {
	t.Parallel()
	f := newFestival(t)
	ctx := context.Background()
	const written = festival.NoticeCap + festival.NoticeTrimSlack + 10
	msgs := make([]festival.Message, written)
	for i := range msgs {
		msgs[i] = festival.NewMessage(festival.MessageFestival, []int64{f.prod.ID}, mailtemplate.Composed("Message "+fmt.Sprint(i), "Bonjour", ""), f.clock.now())
	}
	if err := f.st.WriteMessages(ctx, festival.Actor{ID: 1, Role: festival.RoleAdmin}, msgs, map[string]string{}); err != nil {
		t.Fatal(err)
	}
	first := ""
	for run := 0; run*50 < written; run++ {
		f.clock.add(time.Second) // each run's notices are newer than the last's
		f.deliver(t)
		if run == 0 {
			ns, _ := f.notices(t)
			first = ns[len(ns)-1].ID
		}
	}
	ns, unread := f.notices(t)
	if len(ns) != festival.NoticeCap || unread != festival.NoticeCap {
		t.Fatalf("%d notices, %d unread: want the cap, %d", len(ns), unread, festival.NoticeCap)
	}
	for _, n := range ns {
		if n.ID == first {
			t.Errorf("the oldest notice %s is kept", first)
		}
	}
	if r := f.deliver(t); r != (notify.Report{}) {
		t.Errorf("a run after all were sent: %+v", r)
	}
}
