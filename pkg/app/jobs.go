package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/festivalapi/festival/pkg/service/mediajob"
	"github.com/festivalapi/festival/pkg/service/notify"
	"github.com/festivalapi/festival/pkg/service/voting"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// Job is one background job: the work no request waits for.
type Job struct {
	Name string // names the job in the joined error of a run
	Run  func(context.Context) error
}

// Jobs are the background jobs, in the order a run takes them. The scheduled
// function (pkg/app/background, every minute on AWS) and the local server's
// ticker both run this one list, so the two cannot drift apart.
type Jobs []Job

// NewJobs lists the background jobs over their dependencies:
//   - the copy jobs a request left unfinished (docs/decisions.md, "Copies converge");
//   - linking the vote ledger's pending entries;
//   - putting back the films of an automatic assignment whose apply died part-way;
//   - writing the jury's reminders due;
//   - delivering the outbox's due messages (none when outbox is nil: they wait).
//
// The reminders come before the outbox, so that a run delivers those it wrote.
func NewJobs(st *dynamo.Store, jury *voting.Service, outbox *notify.Service, logger *slog.Logger) Jobs {
	return Jobs{
		{"copy jobs", func(ctx context.Context) error { return runPendingCopies(ctx, st, logger) }},
		{"ledger", func(ctx context.Context) error { return runLedger(ctx, st, logger) }},
		{"plan recovery", func(ctx context.Context) error { return runPlanRecovery(ctx, st, logger) }},
		{"jury reminders", func(ctx context.Context) error { return runReminders(ctx, jury, logger) }},
		{"outbox", func(ctx context.Context) error { return runOutbox(ctx, outbox, logger) }},
	}
}

// Run runs every job once, in order. A job that fails does not stop the
// next ones (each logs its own failure); the errors are joined, each named
// by its job.
func (js Jobs) Run(ctx context.Context) error {
	var errs []error
	for _, j := range js {
		if err := j.Run(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", j.Name, err))
		}
	}
	return errors.Join(errs...)
}

// runPendingCopies runs the pending copy jobs once and logs what it did.
func runPendingCopies(ctx context.Context, st *dynamo.Store, logger *slog.Logger) error {
	done, err := st.RunPendingCopies(ctx)
	if err != nil {
		logger.Warn("copy jobs left pending", "finished", done, "err", err.Error())
		return err
	}
	if done > 0 {
		logger.Info("copy jobs finished", "finished", done)
	}
	return nil
}

// runLedger links the vote ledger's pending entries (dynamo.AppendLedger).
func runLedger(ctx context.Context, st *dynamo.Store, logger *slog.Logger) error {
	n, err := st.AppendLedger(ctx)
	return logged(logger, "ledger entries linked", n, err)
}

// runPlanRecovery puts back the films of an automatic assignment whose
// apply died part-way (dynamo.RecoverPlans).
func runPlanRecovery(ctx context.Context, st *dynamo.Store, logger *slog.Logger) error {
	n, err := st.RecoverPlans(ctx)
	return logged(logger, "interrupted assignments put back", n, err)
}

// runReminders writes the jury's reminders due now (voting.SendReminders);
// the outbox sends them.
func runReminders(ctx context.Context, jury *voting.Service, logger *slog.Logger) error {
	n, err := jury.SendReminders(ctx)
	return logged(logger, "jury reminders", n, err)
}

// runOutbox delivers the messages due now and logs what it did (nothing
// when outbox is nil).
func runOutbox(ctx context.Context, outbox *notify.Service, logger *slog.Logger) error {
	if outbox == nil {
		return nil
	}
	r, err := outbox.DeliverDue(ctx)
	if err != nil {
		logger.Warn("outbox run failed", "err", err.Error())
	}
	if r != (notify.Report{}) {
		logger.Info("outbox delivered", "sent", r.Sent, "retried", r.Retried, "failed", r.Failed)
	}
	return err
}

// logged logs what a background step did: a warning when it failed, its
// count when it did something.
func logged(logger *slog.Logger, what string, n int, err error) error {
	if err != nil {
		logger.Warn(what+" failed", "err", err.Error())
	}
	if n > 0 {
		logger.Info(what, "count", n)
	}
	return err
}

// WithMedia adds the media jobs (mediajob.Runner.RunPending: measure,
// check, encode and package the films whose file arrived) before the
// outbox, so that a run delivers the producers' messages it wrote. The
// scheduled function runs them every minute, a poll of the engine's jobs;
// the local server runs them in its own worker (StartMediaWorker).
func (js Jobs) WithMedia(runner *mediajob.Runner, logger *slog.Logger) Jobs {
	media := Job{"media", func(ctx context.Context) error {
		n, err := runner.RunPending(ctx)
		return logged(logger, "media jobs run", n, err)
	}}
	i := slices.IndexFunc(js, func(j Job) bool { return j.Name == "outbox" })
	if i < 0 {
		i = len(js)
	}
	return slices.Insert(slices.Clone(js), i, media)
}
