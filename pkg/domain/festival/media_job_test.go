package festival

import (
	"testing"
	"time"
)

func TestANewFilmFileQueuesItsMediaAndNothingElseDoes(t *testing.T) {
	now := NewTime(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
	a, b := "filmFile-1-1.mp4", "filmFile-2-2.mp4"
	measured := &FilmMedia{State: MediaReady, File: a, Facts: &MediaFacts{Duration: 60}}
	before := Movie{Trailer: &a, Media: measured}

	same := before
	if QueueMedia(&before, &same, now) || same.Media != measured {
		t.Errorf("an edit that keeps the file queued a job: %+v", same.Media)
	}
	replaced := before
	replaced.Trailer = &b
	if !QueueMedia(&before, &replaced, now) || replaced.Media.State != MediaQueued || replaced.Media.File != b || replaced.Media.Facts != nil {
		t.Errorf("a new file: %+v, want its media queued afresh", replaced.Media)
	}
	again := replaced
	if !QueueMedia(&before, &again, NewTime(now.Add(time.Second))) || again.Media != replaced.Media {
		t.Error("queueing a film queued already by its caller changed its media")
	}
	removed := before
	removed.Trailer = nil
	if QueueMedia(&before, &removed, now) || removed.Media != nil {
		t.Errorf("a film without a file keeps media %+v", removed.Media)
	}

	sub := "subtitlesSrt-1-1.srt"
	withSubs := before
	withSubs.Subtitle = &sub
	if !SubtitlesChanged(before, withSubs) {
		t.Error("new subtitles on a measured film are not re-checked")
	}
	if SubtitlesChanged(before, before) || SubtitlesChanged(Movie{}, Movie{Subtitle: &sub, Media: &FilmMedia{State: MediaQueued}}) {
		t.Error("a re-check without a subtitle change, or before any facts")
	}
}

func TestARefusedFilmTakesNoNewJuror(t *testing.T) {
	m := Movie{Juries: []Jury{{ID: 4}}, Media: &FilmMedia{Flags: []MediaFlag{
		{Check: CheckUnplayable, Action: CheckRefuse, Reason: "HEVC"}, {Check: CheckShorter, Action: CheckWarn, Reason: "court"}}}}
	if err := CheckJuryAllowed(m, []int64{4}); err != nil {
		t.Errorf("keeping its juror: %v", err)
	}
	err := CheckJuryAllowed(m, []int64{4, 5})
	if refused, ok := err.(*MediaRefusedError); !ok || refused.Reasons != "HEVC" {
		t.Errorf("a new juror: %v, want refused for its refusing check only", err)
	}
	m.Media.Flags[0].Action = CheckWarn
	if err := CheckJuryAllowed(m, []int64{5}); err != nil {
		t.Errorf("a warned film: %v", err)
	}
}

func TestTheMediaChecksShowWholeWithWarnByDefault(t *testing.T) {
	got := FullMediaChecks(MediaCheckActions{CheckUnplayable: CheckRefuse})
	if len(got) != len(MediaChecks) || got[CheckUnplayable] != CheckRefuse || got[CheckNoVideo] != CheckWarn {
		t.Errorf("%v", got)
	}
	if _, ok := ParseMediaCheck("unplayble"); ok {
		t.Error("a misspelt check is read")
	}
	if a, ok := ParseCheckAction("off"); !ok || a != CheckOff {
		t.Error("off is not read")
	}
}

func TestTheMediaMessageGivesTheReasonsAndTheCloseWhileSubmissionsAreOpen(t *testing.T) {
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	m := Movie{Title: "Lola", OwnerID: 9}
	flags := []MediaFlag{{Check: CheckUnplayable, Action: CheckRefuse, Reason: "HEVC"}, {Check: CheckShorter, Action: CheckWarn, Reason: "court"}}
	open := Season{SubmissionsCloseAt: NewTime(now.Add(48 * time.Hour))}
	msg := MediaCheckMessage(m, flags, open, now)
	if msg.Kind != MessageMediaCheck || msg.To[0] != 9 || msg.Params["title"] != "Lola" || msg.Params["until"] != "3 mai 2026 à 10:00 UTC" ||
		msg.Params["reasons"] != "- HEVC (bloquant : le film ne sera pas confié au jury tant que le fichier n'est pas remplacé)\n- court" ||
		msg.Params["until_at"] != "2026-05-03T10:00:00.000Z" || msg.Params["checks"] != "unplayable:refuse\nshorter:warn" {
		t.Errorf("%+v", msg.Params)
	}
	closed := Season{SubmissionsCloseAt: NewTime(now.Add(-time.Hour))}
	if u := MediaCheckMessage(m, flags, closed, now).Params["until"]; u != "" {
		t.Errorf("after the close: until %q", u)
	}
	if u := MediaCheckMessage(m, flags, Season{}, now).Params["until"]; u != "" {
		t.Errorf("an open-ended window: until %q", u)
	}
}
