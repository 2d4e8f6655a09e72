package mediajob_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/service/mediajob"
)

// world is a film and its job in memory, with engines that do as told.
type world struct {
	film     festival.Movie
	settings festival.Settings
	job      *festival.MediaJob
	msgs     []festival.Message
	deleted  []string
	now      time.Time

	facts     festival.MediaFacts
	encodeErr error
	async     bool // the encoder answers "started", then done on poll
	polled    int
}

func (w *world) PendingMediaJobs(context.Context) ([]festival.MediaJob, error) {
	if w.job == nil {
		return nil, nil
	}
	return []festival.MediaJob{*w.job}, nil
}

func (w *world) ClaimMediaJob(_ context.Context, _ int64, file, lease string, now, until time.Time) (festival.MediaJob, bool, error) {
	if w.job == nil || w.job.File != file || w.job.LeaseUntil.After(now) || w.job.NotBefore.After(now) {
		return festival.MediaJob{}, false, nil
	}
	w.job.Lease, w.job.LeaseUntil = lease, until
	return *w.job, true, nil
}

func (w *world) held(j festival.MediaJob) bool {
	return w.job != nil && w.job.Lease == j.Lease && w.job.File == j.File
}

func (w *world) SaveMediaJob(_ context.Context, j festival.MediaJob) (bool, error) {
	if !w.held(j) {
		return false, nil
	}
	sub := w.job.Subtitles
	*w.job = j
	w.job.Subtitles = sub
	return true, nil
}

func (w *world) SubtitlesChecked(_ context.Context, j festival.MediaJob) (bool, error) {
	if !w.held(j) || w.job.Subtitles != j.Subtitles {
		return false, nil
	}
	w.job.Subtitles = 0
	return true, nil
}

func (w *world) FinishMediaJob(_ context.Context, j festival.MediaJob) (bool, error) {
	if !w.held(j) || w.job.Subtitles != 0 {
		return false, nil
	}
	w.job = nil
	return true, nil
}

func (w *world) DropMediaJob(_ context.Context, _ int64, file string) error {
	if w.job != nil && w.job.File == file {
		w.job = nil
	}
	return nil
}

func (w *world) SetFilmMedia(_ context.Context, _ int64, m festival.FilmMedia, msgs []festival.Message) error {
	if w.film.Trailer == nil || *w.film.Trailer != m.File {
		return festival.ErrConflict
	}
	w.film.Media = &m
	w.msgs = append(w.msgs, msgs...)
	return nil
}

func (w *world) GetMovieAndSettings(context.Context, int64) (festival.Movie, festival.Settings, error) {
	return w.film, w.settings, nil
}

func (w *world) Probe(context.Context, string) (festival.MediaFacts, error) { return w.facts, nil }

func (w *world) Start(context.Context, media.Plan) (string, bool, error) {
	return "job-1", !w.async, w.encodeErr
}

func (w *world) Poll(context.Context, string) (bool, error) { w.polled++; return true, nil }

func (w *world) Get(context.Context, string) (io.ReadCloser, error) { return nil, festival.ErrNotFound }
func (w *world) PutObject(context.Context, string, io.ReadSeeker, string) error {
	return nil
}
func (w *world) Delete(context.Context, ...string) error { return nil }
func (w *world) PresignGet(context.Context, string) (string, time.Time, error) {
	return "", time.Time{}, nil
}
func (w *world) DeleteUnder(_ context.Context, prefix, keep string) error {
	w.deleted = append(w.deleted, prefix+"|"+keep)
	return nil
}

func newWorld(facts festival.MediaFacts) *world {
	file := "filmFile-1-1.mp4"
	w := &world{now: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), facts: facts, settings: festival.DefaultSettings()}
	w.film = festival.Movie{ID: 7, Title: "Jacquot de Nantes", OwnerID: 3, Trailer: &file,
		Media: &festival.FilmMedia{State: festival.MediaQueued, File: file, Flags: []festival.MediaFlag{}}}
	w.job = &festival.MediaJob{MovieID: 7, File: file, Stage: festival.MediaQueued, Version: 42}
	return w
}

func (w *world) runner() *mediajob.Runner {
	return mediajob.New(mediajob.Stores{Jobs: w, Films: w}, mediajob.Engines{
		Prober: w, Encoder: w, Objects: w, Streams: w,
		Package: func(_ context.Context, p media.Plan) (festival.Streaming, error) {
			return festival.Streaming{Version: p.Version, Renditions: p.Renditions(), SegmentSeconds: 6, Segments: []float64{6, 4}}, nil
		},
	}, mediajob.Options{}, func() time.Time { return w.now }, slog.New(slog.DiscardHandler))
}

var playable = festival.MediaFacts{Duration: 10, Container: "mp4",
	Video: &festival.VideoFacts{Codec: "h264", Profile: "High", PixFmt: "yuv420p", Width: 640, Height: 360, FrameRate: 25}}

func TestAPlayableFilmGoesThroughEveryStateToReady(t *testing.T) {
	w := newWorld(playable)
	if n, err := w.runner().RunPending(context.Background()); n != 1 || err != nil {
		t.Fatalf("ran %d, %v", n, err)
	}
	m := w.film.Media
	if m.State != festival.MediaReady || m.Streaming == nil || m.Streaming.Version != 42 || len(m.Flags) != 0 || w.job != nil || len(w.msgs) != 0 {
		t.Fatalf("media %+v, job %+v, messages %d", m, w.job, len(w.msgs))
	}
	if len(w.deleted) != 1 || w.deleted[0] != "movies/7/stream/|movies/7/stream/42/" {
		t.Errorf("older encodings removed: %v, want all but this one", w.deleted)
	}
}

func TestAFilmWithoutVideoFailsAtTheMeasureAndItsProducerIsTold(t *testing.T) {
	w := newWorld(festival.MediaFacts{})
	_, _ = w.runner().RunPending(context.Background())
	m := w.film.Media
	if m.State != festival.MediaFailed || m.Error == "" || len(m.Flags) != 1 || m.Flags[0].Check != festival.CheckNoVideo || w.job != nil {
		t.Fatalf("media %+v, job %+v", m, w.job)
	}
	if len(w.msgs) != 1 || w.msgs[0].Kind != festival.MessageMediaCheck || w.msgs[0].To[0] != 3 || !strings.Contains(w.msgs[0].Params["reasons"], "aucune vidéo") {
		t.Errorf("messages %+v", w.msgs)
	}
}

func TestAnEngineThatFailsIsRetriedThenTheFilmsMediaFails(t *testing.T) {
	w := newWorld(playable)
	w.encodeErr = errors.New("encoder exploded")
	r := w.runner()
	for attempt := 1; attempt <= 3; attempt++ {
		if _, err := r.RunPending(context.Background()); err == nil {
			t.Fatalf("attempt %d: no error", attempt)
		}
		if attempt < 3 && (w.job == nil || w.job.Attempts != attempt || !w.job.NotBefore.After(w.now)) {
			t.Fatalf("attempt %d: job %+v, want it waiting for a later run", attempt, w.job)
		}
		if n, _ := r.RunPending(context.Background()); n != 0 {
			t.Fatalf("attempt %d: a waiting job ran again at once", attempt)
		}
		w.now = w.now.Add(time.Hour)
	}
	if m := w.film.Media; m.State != festival.MediaFailed || !strings.Contains(m.Error, "encoder exploded") || w.job != nil {
		t.Fatalf("media %+v, job %+v", m, w.job)
	}
}

func TestAJobWhoseFileWasReplacedIsDropped(t *testing.T) {
	w := newWorld(playable)
	other := "filmFile-2-2.mp4"
	w.film.Trailer = &other
	w.film.Media = &festival.FilmMedia{State: festival.MediaQueued, File: other}
	_, _ = w.runner().RunPending(context.Background())
	if w.job != nil || w.film.Media.State != festival.MediaQueued || len(w.deleted) != 1 || w.deleted[0] != "movies/7/stream/42/|" {
		t.Fatalf("job %+v, media %+v, deleted %v", w.job, w.film.Media, w.deleted)
	}
}

func TestAnEngineStillEncodingIsPolledByALaterRun(t *testing.T) {
	w := newWorld(playable)
	w.async = true
	r := w.runner()
	_, _ = r.RunPending(context.Background())
	if w.film.Media.State != festival.MediaEncoding || w.job.Stage != festival.MediaEncoding || w.job.EngineJob != "job-1" {
		t.Fatalf("media %+v, job %+v", w.film.Media, w.job)
	}
	w.now = w.now.Add(time.Minute)
	_, _ = r.RunPending(context.Background())
	if w.polled != 1 || w.film.Media.State != festival.MediaReady || w.job != nil {
		t.Fatalf("polled %d, media %+v, job %+v", w.polled, w.film.Media, w.job)
	}
}
