// Package mediajob takes a film's file through the media pipeline: measure
// it (media.Prober) and its subtitles, run the technical checks and tell the
// producer what failed, encode the adaptive stream (media.Encoder), encrypt
// its segments one key per minute (the packager), and keep the film's
// `media` up to date at each step. Jobs are queued by the write that points
// a film at a new file (storage); a Runner takes the due ones, on AWS from
// the background function every minute, locally from a worker woken when
// a job is queued.
package mediajob

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

// Engines are what the runner measures, checks, encodes and packages with.
type Engines struct {
	Prober  media.Prober
	Encoder media.Encoder
	// Objects reads the subtitle files and removes dropped encodings.
	Objects media.Objects
	// Streams removes the stream files under a prefix but those under keep.
	Streams interface {
		DeleteUnder(ctx context.Context, prefix, keep string) error
	}
	// Package encrypts a plan's clear segments (screening.Package with the
	// media secret).
	Package func(ctx context.Context, plan media.Plan) (festival.Streaming, error)
	// Ready, when set, says whether the engines can run here (ffmpeg
	// installed): when not, jobs wait and a warning is logged once.
	Ready func() error
}

// Options tune a runner; zero values take the defaults.
type Options struct {
	// Lease is how long a claim holds a job without being renewed (each
	// step renews it); a runner that died lets the job go after it.
	Lease time.Duration
	// Budget is how long RunPending takes new jobs (a Lambda's run must end
	// within its timeout; a step already started finishes).
	Budget time.Duration
	// Attempts is how many failed runs a job gets before the film's media
	// is failed; Backoff the wait after the first failure (doubled after
	// each), and Poll the wait between polls of an engine's job.
	Attempts int
	Backoff  time.Duration
	Poll     time.Duration
}

func (o Options) withDefaults() Options {
	if o.Lease <= 0 {
		o.Lease = 30 * time.Minute
	}
	if o.Budget <= 0 {
		o.Budget = 10 * time.Minute
	}
	if o.Attempts <= 0 {
		o.Attempts = 3
	}
	if o.Backoff <= 0 {
		o.Backoff = time.Minute
	}
	if o.Poll <= 0 {
		o.Poll = 20 * time.Second
	}
	return o
}

// Runner runs the media jobs.
type Runner struct {
	jobs    Jobs
	films   Films
	eng     Engines
	opt     Options
	now     func() time.Time
	log     *slog.Logger
	warned  sync.Once
	running sync.Mutex
}

// New returns a runner. now may be nil (time.Now).
func New(st Stores, eng Engines, opt Options, now func() time.Time, log *slog.Logger) *Runner {
	if now == nil {
		now = time.Now
	}
	return &Runner{jobs: st.Jobs, films: st.Films, eng: eng, opt: opt.withDefaults(), now: now, log: log}
}

// RunPending runs every due job once, until each is done, waits for its
// engine, or fails; it stops taking new jobs when its budget is spent. It
// returns how many jobs it ran and the first error (each is logged; a
// failed job is retried by a later run).
func (r *Runner) RunPending(ctx context.Context) (int, error) {
	if r.eng.Ready != nil {
		if err := r.eng.Ready(); err != nil {
			r.warned.Do(func() { r.log.Warn("media jobs wait: the media engine cannot run here", "err", err.Error()) })
			return 0, nil
		}
	}
	// One run at a time per runner (the local worker's wake-ups and ticks).
	r.running.Lock()
	defer r.running.Unlock()
	jobs, err := r.jobs.PendingMediaJobs(ctx)
	if err != nil {
		return 0, err
	}
	start := r.now()
	ran := 0
	var first error
	for _, j := range jobs {
		now := r.now()
		if now.Sub(start) > r.opt.Budget || ctx.Err() != nil {
			break
		}
		if j.NotBefore.After(now) || j.LeaseUntil.After(now) {
			continue
		}
		claimed, ok, err := r.jobs.ClaimMediaJob(ctx, j.MovieID, j.File, newLease(), now, now.Add(r.opt.Lease))
		if err != nil || !ok {
			first = cmpErr(first, err)
			continue
		}
		ran++
		if err := r.run(ctx, claimed); err != nil {
			first = cmpErr(first, err)
			r.failed(ctx, claimed, err)
		}
	}
	return ran, first
}

func cmpErr(first, err error) error {
	if first == nil {
		return err
	}
	return first
}

func newLease() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// errLeaseLost stops a job whose lease was taken over or whose job was
// replaced meanwhile: the other runner or the new job goes on.
var errLeaseLost = errors.New("media job: lease lost or job replaced")

// save writes the job's progress and renews its lease.
func (r *Runner) save(ctx context.Context, j *festival.MediaJob) error {
	j.LeaseUntil = r.now().Add(r.opt.Lease)
	ok, err := r.jobs.SaveMediaJob(ctx, *j)
	if err == nil && !ok {
		return errLeaseLost
	}
	return err
}
