package festival

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

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

// MediaCheckActions are the actions a festival set, by check (a check not
// set warns). Its JSON names every check with its action, so a client
// reads the whole table.
type MediaCheckActions map[MediaCheck]CheckAction

// MarshalJSON writes every check with its action.
func (a MediaCheckActions) MarshalJSON() ([]byte, error) {
	return json.Marshal(FullMediaChecks(a))
}

// FullMediaChecks is every check with its action: the one set, else warn
// (what GET /settings shows, so a client reads the whole table).
func FullMediaChecks(set MediaCheckActions) map[MediaCheck]CheckAction {
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
	if m := after.Media; m == nil || m.State != MediaQueued || m.File != *after.Trailer {
		// (Queued already by the caller: the film it answers is the stored one.)
		after.Media = &FilmMedia{State: MediaQueued, File: *after.Trailer, UpdatedAt: now, Flags: []MediaFlag{}}
	}
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
	// Watermark: the encoding started with the per-juror watermark (the
	// setting when it started; a later change does not alter its plan).
	Watermark bool
	// EngineJob is the encoder's job id while it encodes (MediaConvert).
	EngineJob string
	// Attempts counts the failed runs; NotBefore is when the next may run.
	Attempts  int
	NotBefore time.Time
	// Subtitles counts the changes of the film's subtitle file not yet
	// measured and checked again (0: none).
	Subtitles int
	// Lease is the runner's claim (LeaseUntil is when it lapses).
	Lease      string
	LeaseUntil time.Time
}

// MessageMediaCheck tells a producer what the technical checks found in
// their film's file.
const MessageMediaCheck MessageKind = "media.check"

// MediaCheckMessage tells the producer of m the reasons of its failed
// checks, one "- reason" a line, and, while the submissions are open for
// the film (its categories' windows, else the festival's), the date before
// which to replace the file ("" when open-ended or closed).
func MediaCheckMessage(m Movie, flags []MediaFlag, season Season, now time.Time) Message {
	reasons := make([]string, 0, len(flags))
	checks := make([]string, 0, len(flags)) // "check:action", for the mail in another language
	for _, f := range flags {
		checks = append(checks, string(f.Check)+":"+string(f.Action))
		line := "- " + f.Reason
		if f.Action == CheckRefuse {
			line += " (bloquant : le film ne sera pas confié au jury tant que le fichier n'est pas remplacé)"
		}
		reasons = append(reasons, line)
	}
	params := map[string]string{"title": m.Title, "id_movie": strconv.FormatInt(m.ID, 10), "reasons": strings.Join(reasons, "\n"), "checks": strings.Join(checks, "\n"), "until": ""}
	if season.CheckSubmissionIn(now, m.CategoryIDs()) == nil {
		if close := season.SubmissionsCloseFor(m.CategoryIDs()); !close.IsZero() {
			// until_at is the date itself, which the mail writes in its reader's language.
			params["until"], params["until_at"] = FrenchDate(close), close.String()
		}
	}
	return NewMessage(MessageMediaCheck, []int64{m.OwnerID}, params, now)
}

// SubmissionsCloseFor is the latest close of the submission windows that
// apply to a film in cats (its categories' own, else the festival's); zero
// when one of them never closes.
func (s Season) SubmissionsCloseFor(cats []int64) Time {
	ws := s.windowsIn(cats, CategoryWindow.Submissions)
	if len(ws) == 0 {
		return s.SubmissionsCloseAt
	}
	var last Time
	for _, w := range ws {
		if w.Close.IsZero() {
			return Time{}
		}
		if w.Close.After(last.Time) {
			last = w.Close
		}
	}
	return last
}

// RefusalReasons are the reasons of the checks that hold the film back
// (CheckRefuse), joined; "" when none does.
func (m *FilmMedia) RefusalReasons() string {
	if m == nil {
		return ""
	}
	var out []string
	for _, f := range m.Flags {
		if f.Action == CheckRefuse {
			out = append(out, f.Reason)
		}
	}
	return strings.Join(out, " ; ")
}

// MediaRefusedError refuses a jury to a film whose file a check the
// festival set to refuse failed on (Reasons says which).
type MediaRefusedError struct{ Reasons string }

func (e *MediaRefusedError) Error() string { return "film held back by its media checks: " + e.Reasons }

// CheckJuryAllowed refuses new jury members (want, by id) on a film out of
// the festival (Movie.CheckInFestival) or whose media is refused; members
// it has already, or none, pass.
func CheckJuryAllowed(m Movie, want []int64) error {
	for _, id := range want {
		if m.HasJury(id) {
			continue
		}
		if err := m.CheckInFestival(); err != nil {
			return err
		}
		if m.Media.Refused() {
			return &MediaRefusedError{Reasons: m.Media.RefusalReasons()}
		}
	}
	return nil
}
