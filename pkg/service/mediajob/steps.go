package mediajob

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// run takes a claimed job as far as it goes now: to its end, or to an
// engine still encoding (the next run polls it).
func (r *Runner) run(ctx context.Context, j festival.MediaJob) error {
	for {
		m, st, err := r.films.GetMovieAndSettings(ctx, j.MovieID)
		switch {
		case errors.Is(err, festival.ErrNotFound):
			return r.drop(ctx, j)
		case err != nil:
			return err
		case m.Trailer == nil || *m.Trailer != j.File || m.Media == nil || m.Media.File != j.File:
			return r.drop(ctx, j) // the film points at another file: its own job runs
		}
		if j.Subtitles > 0 && m.Media.Facts != nil && j.Stage != festival.MediaQueued {
			if err := r.recheckSubtitles(ctx, m, st, &j); err != nil {
				return err
			}
			continue
		}
		var next bool
		switch j.Stage {
		case festival.MediaQueued:
			next, err = r.measure(ctx, m, st, &j)
		case festival.MediaMeasured:
			next, err = r.encode(ctx, m, st, &j)
		case festival.MediaEncoding:
			next, err = r.poll(ctx, &j)
		case festival.MediaPackaging:
			next, err = r.pack(ctx, m, &j)
		default: // ready, failed: nothing left but to go
			return r.finish(ctx, j)
		}
		if err != nil || !next {
			return r.dropIfReplaced(ctx, j, err)
		}
	}
}

// dropIfReplaced turns a write refused because the film points at another
// file into the job's end; other errors pass.
func (r *Runner) dropIfReplaced(ctx context.Context, j festival.MediaJob, err error) error {
	if errors.Is(err, festival.ErrConflict) || errors.Is(err, festival.ErrNotFound) {
		return r.drop(ctx, j)
	}
	if errors.Is(err, errLeaseLost) {
		return nil
	}
	return err
}

// setMedia writes the film's media at a new state.
func (r *Runner) setMedia(ctx context.Context, m festival.Movie, edit func(*festival.FilmMedia), msgs ...festival.Message) error {
	fm := *m.Media
	fm.UpdatedAt = festival.NewTime(r.now())
	fm.Error = ""
	edit(&fm)
	return r.jobs.SetFilmMedia(ctx, m.ID, fm, msgs)
}

// measure probes the file and its subtitles, runs the checks and tells the
// producer of a failure. A film with no video fails here (nothing to
// encode); its progressive file and its flags stay.
func (r *Runner) measure(ctx context.Context, m festival.Movie, st festival.Settings, j *festival.MediaJob) (bool, error) {
	facts, err := r.eng.Prober.Probe(ctx, files.Key(m.ID, j.File))
	if err != nil {
		return false, fmt.Errorf("probe film %d: %w", m.ID, err)
	}
	facts, flags, msgs, err := r.check(ctx, m, st, facts)
	if err != nil {
		return false, err
	}
	next := festival.MediaMeasured
	err = r.setMedia(ctx, m, func(fm *festival.FilmMedia) {
		fm.State, fm.Facts, fm.Flags = festival.MediaMeasured, &facts, flags
		if facts.Video == nil {
			fm.State, fm.Error, next = festival.MediaFailed, texts.T(texts.Default, texts.MediaNoVideo), festival.MediaReady // stored: the festival's language
		}
	}, msgs...)
	if err != nil {
		return false, err
	}
	r.log.Info("media measured", "id_movie", m.ID, "duration", facts.Duration, "flags", len(flags))
	if j.Subtitles > 0 {
		// The subtitles just read are the latest: their changes are done.
		if _, err := r.jobs.SubtitlesChecked(ctx, *j); err != nil {
			return false, err
		}
		j.Subtitles = 0
	}
	j.Stage = next
	return true, r.save(ctx, j)
}

// subtitles measures the film's subtitle file into facts
// (media.WithSubtitles) and returns its number of cues (-1: no subtitle
// file, which no subtitle check looks at).
func (r *Runner) subtitles(ctx context.Context, m festival.Movie, facts *festival.MediaFacts) (int, error) {
	facts.SubtitlesEnd, facts.SubtitlesCoverage, facts.SubtitlesLanguage = nil, nil, nil
	if m.Subtitle == nil {
		return -1, nil
	}
	rc, err := r.eng.Objects.Get(ctx, files.Key(m.ID, *m.Subtitle))
	if errors.Is(err, festival.ErrNotFound) {
		return -1, nil // replaced meanwhile: the change's own re-check reads the new one
	}
	if err != nil {
		return 0, fmt.Errorf("read subtitles of film %d: %w", m.ID, err)
	}
	defer rc.Close()
	// Subtitle files are at most MAX_SUBTITLE_BYTES (2 MiB by default).
	srt, err := io.ReadAll(io.LimitReader(rc, 16<<20))
	if err != nil {
		return 0, fmt.Errorf("read subtitles of film %d: %w", m.ID, err)
	}
	var cues int
	*facts, cues = media.WithSubtitles(*facts, m.Duration, srt)
	return cues, nil
}

// recheckSubtitles measures a new subtitle file and runs the checks again,
// keeping the rest of the facts and the stream.
func (r *Runner) recheckSubtitles(ctx context.Context, m festival.Movie, st festival.Settings, j *festival.MediaJob) error {
	facts, flags, msgs, err := r.check(ctx, m, st, *m.Media.Facts)
	if err != nil {
		return err
	}
	err = r.setMedia(ctx, m, func(fm *festival.FilmMedia) {
		fm.Facts, fm.Flags, fm.Error = &facts, flags, m.Media.Error
	}, msgs...)
	if err != nil {
		return err
	}
	ok, err := r.jobs.SubtitlesChecked(ctx, *j)
	if err != nil {
		return err
	}
	if !ok {
		return errLeaseLost // changed again, or taken over: a later run re-checks
	}
	j.Subtitles = 0
	return nil
}

// check measures the film's subtitles into facts and runs the technical
// checks. The producer is told (the message returned) when a check fails
// that did not before: any failure on a new file (its media starts with no
// flag), a new one on a subtitle re-check.
func (r *Runner) check(ctx context.Context, m festival.Movie, st festival.Settings, facts festival.MediaFacts) (festival.MediaFacts, []festival.MediaFlag, []festival.Message, error) {
	cues, err := r.subtitles(ctx, m, &facts)
	if err != nil {
		return facts, nil, nil, err
	}
	flags := festival.CheckMedia(facts, m.Duration, cues, m.SubtitleLanguages, st.Season)
	var msgs []festival.Message
	if newFlags(m.Media.Flags, flags) {
		msgs = append(msgs, festival.MediaCheckMessage(m, flags, st.Season, r.now()))
	}
	return facts, flags, msgs, nil
}

// newFlags reports whether after has a check that before did not fail.
func newFlags(before, after []festival.MediaFlag) bool {
	had := map[festival.MediaCheck]bool{}
	for _, f := range before {
		had[f.Check] = true
	}
	for _, f := range after {
		if !had[f.Check] {
			return true
		}
	}
	return false
}

// plan is the job's encoding plan, the same at every step.
func (r *Runner) plan(m festival.Movie, j *festival.MediaJob) (media.Plan, error) {
	return media.NewPlan(m.ID, j.Version, files.Key(m.ID, j.File), *m.Media.Facts, j.Watermark)
}

// encode starts the engine on the job's plan (the watermark as the
// festival sets it now).
func (r *Runner) encode(ctx context.Context, m festival.Movie, st festival.Settings, j *festival.MediaJob) (bool, error) {
	j.Watermark = st.ScreeningWatermark
	plan, err := r.plan(m, j)
	if err != nil {
		return false, err
	}
	if err := r.setMedia(ctx, m, func(fm *festival.FilmMedia) { fm.State = festival.MediaEncoding }); err != nil {
		return false, err
	}
	j.Stage = festival.MediaEncoding
	if err := r.save(ctx, j); err != nil {
		return false, err
	}
	started := r.now()
	job, done, err := r.eng.Encoder.Start(ctx, plan)
	if err != nil {
		return false, fmt.Errorf("encode film %d: %w", m.ID, err)
	}
	r.log.Info("media encoding", "id_movie", m.ID, "outputs", len(plan.Outputs), "done", done, "seconds", r.now().Sub(started).Seconds())
	j.EngineJob = job
	if done {
		j.Stage = festival.MediaPackaging
		return true, r.save(ctx, j)
	}
	j.NotBefore, j.LeaseUntil = r.now().Add(r.opt.Poll), r.now()
	return false, r.saveKeepLease(ctx, j)
}

// saveKeepLease saves a job that waits for its engine: its lease lapses at
// once (LeaseUntil set by the caller), so the next run takes it.
func (r *Runner) saveKeepLease(ctx context.Context, j *festival.MediaJob) error {
	ok, err := r.jobs.SaveMediaJob(ctx, *j)
	if err == nil && !ok {
		return errLeaseLost
	}
	return err
}

// poll asks the engine whether the job's encoding is done.
func (r *Runner) poll(ctx context.Context, j *festival.MediaJob) (bool, error) {
	done, err := r.eng.Encoder.Poll(ctx, j.EngineJob)
	if err != nil {
		return false, fmt.Errorf("encode film %d: %w", j.MovieID, err)
	}
	if !done {
		j.NotBefore, j.LeaseUntil = r.now().Add(r.opt.Poll), r.now()
		return false, r.saveKeepLease(ctx, j)
	}
	j.Stage = festival.MediaPackaging
	return true, r.save(ctx, j)
}

// pack encrypts the segments and makes the film stream; older encodings'
// files go.
func (r *Runner) pack(ctx context.Context, m festival.Movie, j *festival.MediaJob) (bool, error) {
	plan, err := r.plan(m, j)
	if err != nil {
		return false, err
	}
	if err := r.setMedia(ctx, m, func(fm *festival.FilmMedia) { fm.State = festival.MediaPackaging }); err != nil {
		return false, err
	}
	streaming, err := r.eng.Package(ctx, plan)
	if err != nil {
		return false, fmt.Errorf("package film %d: %w", m.ID, err)
	}
	if err := r.setMedia(ctx, m, func(fm *festival.FilmMedia) {
		fm.State, fm.Streaming = festival.MediaReady, &streaming
	}); err != nil {
		return false, err
	}
	r.log.Info("media ready", "id_movie", m.ID, "renditions", len(streaming.Renditions), "segments", len(streaming.Segments))
	if err := r.eng.Streams.DeleteUnder(ctx, streamRoot(m.ID), plan.Prefix()); err != nil {
		r.log.Warn("older stream files not removed", "id_movie", m.ID, "err", err.Error())
	}
	j.Stage = festival.MediaReady
	return true, r.save(ctx, j)
}

// streamRoot is where every encoding of a film lives (media.Plan.Prefix).
func streamRoot(movieID int64) string { return fmt.Sprintf("movies/%d/stream/", movieID) }

// finish removes a job that has nothing left to do.
func (r *Runner) finish(ctx context.Context, j festival.MediaJob) error {
	if _, err := r.jobs.FinishMediaJob(ctx, j); err != nil {
		return err
	}
	return nil // not removed: a subtitle change came, the next run re-checks
}

// drop removes a job whose film is gone or points at another file, with
// the files its encoding wrote.
func (r *Runner) drop(ctx context.Context, j festival.MediaJob) error {
	if err := r.jobs.DropMediaJob(ctx, j.MovieID, j.File); err != nil {
		return err
	}
	prefix := media.Plan{MovieID: j.MovieID, Version: j.Version}.Prefix()
	if err := r.eng.Streams.DeleteUnder(ctx, prefix, ""); err != nil {
		r.log.Warn("dropped job's stream files not removed", "id_movie", j.MovieID, "err", err.Error())
	}
	r.log.Info("media job dropped", "id_movie", j.MovieID)
	return nil
}

// failed counts a failed run: the job waits and runs again, or after its
// last attempt the film's media is failed with the reason (its
// progressive file still plays) and the job goes.
func (r *Runner) failed(ctx context.Context, j festival.MediaJob, cause error) {
	ctx = context.WithoutCancel(ctx)
	j.Attempts++
	r.log.Warn("media job failed", "id_movie", j.MovieID, "attempt", j.Attempts, "err", cause.Error())
	if j.Attempts < r.opt.Attempts {
		j.NotBefore = r.now().Add(r.opt.Backoff << (j.Attempts - 1))
		j.LeaseUntil = r.now()
		if err := r.saveKeepLease(ctx, &j); err != nil {
			r.log.Warn("media job not saved", "id_movie", j.MovieID, "err", err.Error())
		}
		return
	}
	m, _, err := r.films.GetMovieAndSettings(ctx, j.MovieID)
	if err == nil && m.Media != nil && m.Media.File == j.File {
		err = r.setMedia(ctx, m, func(fm *festival.FilmMedia) {
			fm.State, fm.Error = festival.MediaFailed, texts.T(texts.Default, texts.MediaJobFailed, short(cause.Error()))
		})
	}
	if err != nil && !errors.Is(err, festival.ErrConflict) && !errors.Is(err, festival.ErrNotFound) {
		r.log.Warn("film media not failed", "id_movie", j.MovieID, "err", err.Error())
	}
	j.Stage = festival.MediaFailed
	if _, err := r.jobs.FinishMediaJob(ctx, j); err != nil {
		r.log.Warn("media job not removed", "id_movie", j.MovieID, "err", err.Error())
	}
}

// short keeps an engine's reason readable on a film page.
func short(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
