package festival

import "time"

// The festival's media settings (media_checks, screening_watermark) and the
// rule that a film's new file queues its media job.

// ParseMediaCheck reads a check's name.
func ParseMediaCheck(s string) (MediaCheck, bool) {
	for _, c := range MediaChecks {
		if string(c) == s {
			return c, true
		}
	}
	return "", false
}

// ParseCheckAction reads an action's name.
func ParseCheckAction(s string) (CheckAction, bool) {
	switch a := CheckAction(s); a {
	case CheckRefuse, CheckWarn, CheckOff:
		return a, true
	}
	return "", false
}

// FullMediaChecks is every check with its action: the one set, else warn
// (what GET /settings shows, so a client reads the whole table).
func FullMediaChecks(set map[MediaCheck]CheckAction) map[MediaCheck]CheckAction {
	out := make(map[MediaCheck]CheckAction, len(MediaChecks))
	for _, c := range MediaChecks {
		out[c] = CheckWarn
		if a, ok := set[c]; ok {
			out[c] = a
		}
	}
	return out
}

// QueueMedia is the rule of a film's new file (its `trailer` changed from
// before to after): its media starts over, queued, in the same write that
// points the film at the file, so a film never points at a file its job
// does not know about. A film without a file has no media. It reports
// whether a job must be queued.
func QueueMedia(before, after *Movie, now Time) bool {
	if sameName(before.Trailer, after.Trailer) {
		return false
	}
	if after.Trailer == nil {
		after.Media = nil
		return false
	}
	after.Media = &FilmMedia{State: MediaQueued, File: *after.Trailer, UpdatedAt: now, Flags: []MediaFlag{}}
	return true
}

// SubtitlesChanged reports whether a film's subtitle file changed while its
// media was measured already: only the subtitles are measured again, and
// the checks run again (no new encoding).
func SubtitlesChanged(before, after Movie) bool {
	return !sameName(before.Subtitle, after.Subtitle) && after.Media != nil && after.Media.Facts != nil &&
		sameName(before.Trailer, after.Trailer)
}

func sameName(a, b *string) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// MediaJob is a film's pending media job, as the queue keeps it: one per
// film, replaced when a new file arrives (a job whose film points at another
// file is dropped).
type MediaJob struct {
	MovieID int64
	// File is the film file (its stored name) the job is about.
	File string
	// Stage is where the job got to: queued, measured, encoding, packaging;
	// MediaReady when only a subtitle re-check is left.
	Stage MediaState
	// Version names this encoding's paths and keys (Streaming.Version).
	Version int64
	// EngineJob is the encoder's job id while it encodes (MediaConvert).
	EngineJob string
	// Attempts counts the failed runs; NotBefore is when the next may run.
	Attempts  int
	NotBefore time.Time
	// Subtitles: the film's subtitle file changed, to measure and check
	// again once facts exist.
	Subtitles bool
	// Lease is the runner's claim (LeaseUntil is when it lapses).
	Lease      string
	LeaseUntil time.Time
}
