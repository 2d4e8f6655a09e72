package apitest

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Clock is the local stack's time for a test that moves it forward: real
// time, plus what the test added.
type Clock struct {
	mu sync.Mutex
	d  time.Duration
}

// Now is the stack's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.d) }

// Add moves the clock forward by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.d += d
}

// StartOnClock starts a local API on a clock the test moves; its background
// jobs (the outbox, the reminders) run only when the test says (DeliverNow).
func StartOnClock(t testing.TB) (*API, *Clock) {
	t.Helper()
	c := &Clock{}
	return Start(t, func(o *localserver.Options) { o.Now = c.Now; o.JobsEvery = time.Hour }), c
}

// DecisionMails are the mails delivered but the films' acknowledgements
// ("Film reçu"), which producers get when they submit.
func (a *API) DecisionMails(t testing.TB) []festival.Email {
	t.Helper()
	var out []festival.Email
	for _, m := range a.Mailbox(t) {
		if !strings.Contains(m.Subject, "Film reçu") {
			out = append(out, m)
		}
	}
	return out
}
