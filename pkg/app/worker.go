package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/festivalapi/festival/pkg/service/mediajob"
)

// Worker runs work on a workstation the way the schedule runs it on AWS:
// every interval, and also when woken (Wake) by a write that gave it
// something to do. Stop ends it, waiting for a run in progress to see its
// context cancelled.
type Worker struct {
	wake chan struct{}
	stop func()
}

// StartWorker runs run every interval (5 s when not positive) and on each
// wake-up, one run at a time, until Stop.
func StartWorker(every time.Duration, run func(context.Context)) *Worker {
	if every <= 0 {
		every = 5 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{wake: make(chan struct{}, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-w.wake:
			}
			run(ctx)
		}
	}()
	w.stop = func() { cancel(); <-done }
	return w
}

// StartMediaWorker runs the media jobs (the film service wakes it when a
// film's write queued one).
func StartMediaWorker(runner *mediajob.Runner, every time.Duration, logger *slog.Logger) *Worker {
	return StartWorker(every, func(ctx context.Context) {
		if n, err := runner.RunPending(ctx); err != nil && ctx.Err() == nil {
			logger.Warn("media jobs run failed", "ran", n, "err", err.Error())
		}
	})
}

// Wake asks for a run soon (a wake-up already pending is enough).
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Stop ends the worker.
func (w *Worker) Stop() { w.stop() }
