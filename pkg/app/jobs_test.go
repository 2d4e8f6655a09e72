package app

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"
)

func TestARunTakesEveryJobInOrderAndNamesTheFailures(t *testing.T) {
	var ran []string
	boom, bang := errors.New("boom"), errors.New("bang")
	job := func(name string, err error) Job {
		return Job{Name: name, Run: func(context.Context) error { ran = append(ran, name); return err }}
	}
	err := Jobs{job("a", nil), job("b", boom), job("c", nil), job("d", bang)}.Run(context.Background())
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(ran, want) {
		t.Errorf("ran %v, want %v: a failing job stops none of the next", ran, want)
	}
	if !errors.Is(err, boom) || !errors.Is(err, bang) || err.Error() != "b: boom\nd: bang" {
		t.Errorf("error %q, want both failures named by their job", err)
	}
	if err := (Jobs{job("a", nil)}).Run(context.Background()); err != nil {
		t.Errorf("a run without failure answers %v", err)
	}
}

func TestTheBackgroundJobsAreListedOnceInTheirOrder(t *testing.T) {
	var names []string
	jobs := NewJobs(nil, nil, nil, slog.New(slog.DiscardHandler))
	for _, j := range jobs {
		names = append(names, j.Name)
	}
	// The reminders come before the outbox, so that a run delivers those it wrote.
	if want := []string{"copy jobs", "ledger", "plan recovery", "jury reminders", "outbox"}; !slices.Equal(names, want) {
		t.Errorf("jobs %v, want %v", names, want)
	}
}

func TestWithoutAnOutboxTheOutboxJobDoesNothing(t *testing.T) {
	jobs := NewJobs(nil, nil, nil, slog.New(slog.DiscardHandler))
	i := slices.IndexFunc(jobs, func(j Job) bool { return j.Name == "outbox" })
	if i < 0 {
		t.Fatal("no outbox job")
	}
	// No sender configured: the messages wait in the outbox, and the run succeeds.
	if err := jobs[i].Run(context.Background()); err != nil {
		t.Errorf("outbox job without an outbox: %v", err)
	}
}
