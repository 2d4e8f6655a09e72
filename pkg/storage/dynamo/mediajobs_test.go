package dynamo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestAFilmFileQueuesOneJobThatOneRunnerAtATimeTakes(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	prod := newUser(t, s, "agnes@example.org", festival.RoleProducer)
	m := newMovie(t, s, prod)
	if jobs, err := s.PendingMediaJobs(ctx); err != nil || len(jobs) != 0 {
		t.Fatalf("a film without a file has jobs %v (%v)", jobs, err)
	}
	setFile := func(name string) festival.Movie {
		t.Helper()
		got, err := s.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) { m.Trailer = &name; return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	first := setFile("filmFile-1-1.mp4")
	if first.Media == nil || first.Media.State != festival.MediaQueued || first.Media.File != "filmFile-1-1.mp4" {
		t.Fatalf("media after the file arrived: %+v", first.Media)
	}
	setFile("filmFile-2-2.mp4") // replaced before any run: one job, about the new file
	jobs, err := s.PendingMediaJobs(ctx)
	if err != nil || len(jobs) != 1 || jobs[0].File != "filmFile-2-2.mp4" || jobs[0].Stage != festival.MediaQueued {
		t.Fatalf("jobs %+v (%v), want one queued about the new file", jobs, err)
	}

	now := time.Now()
	if _, ok, err := s.ClaimMediaJob(ctx, m.ID, "filmFile-1-1.mp4", "old", now, now.Add(time.Minute)); ok || err != nil {
		t.Fatalf("a claim about the replaced file: ok %v, %v", ok, err)
	}
	j, ok, err := s.ClaimMediaJob(ctx, m.ID, "filmFile-2-2.mp4", "a", now, now.Add(time.Minute))
	if !ok || err != nil || j.Lease != "a" {
		t.Fatalf("first claim: %+v %v %v", j, ok, err)
	}
	if _, ok, _ := s.ClaimMediaJob(ctx, m.ID, "filmFile-2-2.mp4", "b", now, now.Add(time.Minute)); ok {
		t.Fatal("a second runner took a job under lease")
	}
	if _, ok, _ := s.ClaimMediaJob(ctx, m.ID, "filmFile-2-2.mp4", "b", now.Add(2*time.Minute), now.Add(3*time.Minute)); !ok {
		t.Fatal("a lapsed lease was not taken over")
	}
	if ok, err := s.SaveMediaJob(ctx, j); ok || err != nil {
		t.Fatalf("the first runner saved after losing its lease: %v %v", ok, err)
	}

	// The film's media is written only while the film points at its file.
	media := *first.Media
	media.State = festival.MediaMeasured
	if err := s.SetFilmMedia(ctx, m.ID, media, nil); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("media about a replaced file: %v, want a conflict", err)
	}
	got, _ := s.GetMovie(ctx, m.ID)
	media = *got.Media
	media.State, media.Facts = festival.MediaMeasured, &festival.MediaFacts{Duration: 5400.2}
	if err := s.SetFilmMedia(ctx, m.ID, media, nil); err != nil {
		t.Fatal(err)
	}
	got, _ = s.GetMovie(ctx, m.ID)
	if got.Media.State != festival.MediaMeasured || *got.Runtime() != 5400 || got.Media.UpdatedAt.IsZero() || got.Media.Flags == nil {
		t.Errorf("media read back: %+v", got.Media)
	}
	facts, err := s.GetMovieFacts(ctx, m.ID)
	if err != nil || facts.Duration == nil || *facts.Duration != 5400 {
		t.Errorf("the facts' runtime: %v (%v), want the measured 5400", facts.Duration, err)
	}

	// New subtitles on a measured film: the job counts a re-check, which
	// keeps it from being removed until done.
	j2, _, _ := s.ClaimMediaJob(ctx, m.ID, "filmFile-2-2.mp4", "c", now.Add(5*time.Minute), now.Add(6*time.Minute))
	sub := "subtitlesSrt-3-3.srt"
	if _, err := s.ChangeMovie(ctx, m.ID, nil, func(m *festival.Movie) (map[string]string, error) { m.Subtitle = &sub; return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.FinishMediaJob(ctx, j2); ok || err != nil {
		t.Fatalf("a job with a subtitle change to check was removed: %v %v", ok, err)
	}
	jobs, _ = s.PendingMediaJobs(ctx)
	if len(jobs) != 1 || jobs[0].Subtitles != 1 {
		t.Fatalf("jobs %+v, want the re-check counted", jobs)
	}
	j2.Subtitles = jobs[0].Subtitles
	if ok, err := s.SubtitlesChecked(ctx, j2); !ok || err != nil {
		t.Fatalf("re-check done: %v %v", ok, err)
	}
	if ok, err := s.FinishMediaJob(ctx, j2); !ok || err != nil {
		t.Fatalf("finish: %v %v", ok, err)
	}
	if jobs, _ := s.PendingMediaJobs(ctx); len(jobs) != 0 {
		t.Fatalf("jobs left: %+v", jobs)
	}
}
