package season

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestJuryProgressAndRemindersAtMostOncePerPeriod(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	diligent, late, quiet := api.Register("JURY"), api.Register("JURY"), api.Register("JURY")
	prod := api.Register("PRODUCER")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Les Glaneurs et la Glaneuse"})
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{diligent.ID, late.ID, quiet.ID}}).Expect(http.StatusOK)
	api.Do("GET", fmt.Sprintf("/movies/%d/media", film), late.Token, nil).Expect(http.StatusOK)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), diligent.Token, map[string]any{"score": 9}).Expect(http.StatusCreated)
	if r := api.Do("PUT", "/users/me/reminders", quiet.Token, map[string]any{"reminders": false}).Expect(http.StatusOK).JSON(); r["reminders"] != false {
		t.Fatalf("reminders off: %v", r)
	}
	api.Do("PUT", "/users/me/reminders", quiet.Token, map[string]any{"reminders": "non"}).
		ExpectError(http.StatusBadRequest, `Le corps doit être {"reminders": true} ou {"reminders": false}`)
	if r := api.Do("GET", "/users/me/reminders", late.Token, nil).Expect(http.StatusOK).JSON(); r["reminders"] != true {
		t.Fatalf("reminders by default: %v", r)
	}

	progress := func() map[int64]map[string]any {
		out := map[int64]map[string]any{}
		for _, p := range api.Do("GET", "/votes/progress", admin.Token, nil).Expect(http.StatusOK).List() {
			out[int64(p["id_user"].(float64))] = p
		}
		return out
	}
	p := progress()
	if d := p[diligent.ID]; d["assigned"] != 1.0 || d["voted"] != 1.0 || d["to_vote"] != 0.0 {
		t.Errorf("the diligent member: %v", d)
	}
	if l := p[late.ID]; l["watched"] != 1.0 || l["voted"] != 0.0 || l["to_vote"] != 1.0 || l["overdue"] != false {
		t.Errorf("the late member, no closing date yet: %v", l)
	}
	// Each member's own line, read from their records only, is their line of the whole jury's.
	mine := func() {
		t.Helper()
		all := progress()
		for _, j := range []apitest.Account{diligent, late, quiet} {
			own := api.Do("GET", "/votes/progress/mine", j.Token, nil).Expect(http.StatusOK).JSON()
			if fmt.Sprint(own) != fmt.Sprint(all[j.ID]) {
				t.Errorf("member %d: own progress %v, the jury's line %v", j.ID, own, all[j.ID])
			}
		}
	}
	mine()

	// No period set: no reminders.
	ctx := context.Background()
	if n, err := api.Server.Jury.SendReminders(ctx); err != nil || n != 0 {
		t.Fatalf("reminders without a period: %d, %v", n, err)
	}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"jury_reminder_days": 1, "voting_close_at": iso(festival.NewTime(clock.Now().Add(48 * time.Hour)))}).Expect(http.StatusOK)
	mine() // overdue, reminder state
	if l := progress()[late.ID]; l["overdue"] != true {
		t.Errorf("the late member two days before the close: %v", l)
	}
	for run, want := range []int{1, 0} { // twice in a row: one reminder
		if n, err := api.Server.Jury.SendReminders(ctx); err != nil || n != want {
			t.Fatalf("run %d: %d reminders, %v; want %d", run, n, err, want)
		}
	}
	mine()                    // reminded_at
	clock.Add(12 * time.Hour) // within the period
	if n, _ := api.Server.Jury.SendReminders(ctx); n != 0 {
		t.Fatalf("12 hours later: %d reminders, want none (one a day)", n)
	}
	clock.Add(13 * time.Hour) // the period is over, the vote still open: three runners at once write one reminder
	var wg sync.WaitGroup
	var mu sync.Mutex
	written := 0
	for range 3 {
		wg.Go(func() {
			n, err := api.Server.Jury.SendReminders(ctx)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			written += n
			mu.Unlock()
		})
	}
	wg.Wait()
	if written != 1 {
		t.Fatalf("25 hours later, three runners: %d reminders, want 1", written)
	}
	if err := api.Server.DeliverNow(ctx); err != nil {
		t.Fatal(err)
	}
	var reminders []festival.Email
	for _, m := range api.Mailbox(t) {
		if strings.Contains(m.Subject, "Rappel") {
			reminders = append(reminders, m)
			if m.To != late.Email || !strings.Contains(m.Text, "Il vous reste 1 film(s) à noter avant le") {
				t.Errorf("reminder %+v", m)
			}
		}
	}
	if len(reminders) != 2 {
		t.Errorf("%d reminders mailed, want 2 (once per period, only to the late member)", len(reminders))
	}

	clock.Add(24 * time.Hour) // the vote closed
	if n, _ := api.Server.Jury.SendReminders(ctx); n != 0 {
		t.Errorf("after the close: %d reminders", n)
	}
}
