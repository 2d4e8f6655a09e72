package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/festivalapi/festival/pkg/service/mediajob"
)

// MediaWorker runs the media jobs on a workstation: woken when a film's
// write may have queued one (Wake, which the film service calls), and every
// interval, as the schedule does on AWS. Stop ends it, waiting for a run in
// progress (an encoding) to be cancelled.
type MediaWorker struct {
	wake chan struct{}
	stop func()
}

// StartMediaWorker starts the worker over runner.
func StartMediaWorker(runner *mediajob.Runner, every time.Duration, logger *slog.Logger) *MediaWorker {
	if every <= 0 {
		every = 5 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &MediaWorker{wake: make(chan struct{}, 1)}
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
			if n, err := runner.RunPending(ctx); err != nil && ctx.Err() == nil {
				logger.Warn("media jobs run failed", "ran", n, "err", err.Error())
			}
		}
	}()
	w.stop = func() { cancel(); <-done }
	return w
}

// Wake asks for a run soon (a wake-up already pending is enough).
func (w *MediaWorker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Stop ends the worker.
func (w *MediaWorker) Stop() { w.stop() }
