package festival

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Span is a stretch of a film a jury member played, in whole seconds from
// its start: 0 ≤ From < To ≤ MaxSpanEnd. It is built by ParseSpan (a
// report) or StoredSpan (the store's record) only, so no other value can
// reach the store or an answer.
type Span struct{ from, to int64 }

// MaxSpanEnd is the latest second a stretch may reach: 24 h, longer than any
// film a festival screens.
const MaxSpanEnd = 24 * 60 * 60

// MaxSpans caps a juror's viewing record of one film: the stretches it holds
// once merged. A report that would make one more disjoint stretch past it
// is refused (409); one that extends or overlaps a stretch is always taken.
const MaxSpans = 500

// ParseSpan checks a reported stretch {from, to} and coarsens it to whole
// seconds (from rounded down, to up): both finite, 0 ≤ from < to ≤
// MaxSpanEnd. Anything else is a 400.
func ParseSpan(from, to float64) (Span, error) {
	if math.IsNaN(from) || math.IsNaN(to) || from < 0 || to <= from || to > MaxSpanEnd {
		return Span{}, apperr.E(apperr.Invalid, texts.BadSpan)
	}
	return Span{from: int64(math.Floor(from)), to: int64(math.Ceil(to))}, nil
}

// StoredSpan reads a stretch the store kept, coarsened as ParseSpan does;
// ok is false for one no report could have made (kept by an older version),
// which the store then drops.
func StoredSpan(from, to float64) (Span, bool) {
	s, err := ParseSpan(from, to)
	return s, err == nil
}

// From is the stretch's first second.
func (s Span) From() int64 { return s.from }

// To is the second the stretch ends at.
func (s Span) To() int64 { return s.to }

// Seconds is the stretch's length.
func (s Span) Seconds() int64 { return s.to - s.from }

// MarshalJSON writes {"from": …, "to": …}.
func (s Span) MarshalJSON() ([]byte, error) {
	return []byte(`{"from":` + strconv.FormatInt(s.from, 10) + `,"to":` + strconv.FormatInt(s.to, 10) + `}`), nil
}

// MergeSpans adds a stretch to stretches already watched and returns them
// merged (overlapping or touching ones joined), in order: skipping shows as
// the gaps between them. More than MaxSpans stretches after the merge is a
// 409, and the record stays as it was.
func MergeSpans(spans []Span, add Span) ([]Span, error) {
	all := append(slices.Clone(spans), add)
	slices.SortFunc(all, func(a, b Span) int { return cmp.Compare(a.from, b.from) })
	out := []Span{}
	for _, s := range all {
		if n := len(out); n > 0 && s.from <= out[n-1].to {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	if len(out) > MaxSpans && len(out) > len(spans) {
		return spans, apperr.Ef(apperr.Conflict, texts.TooManySpans, MaxSpans)
	}
	return out, nil
}

// WatchedShare is the share of a film of duration seconds that the stretches
// cover, in percent (0 to 100); ok is false when the film's duration is not
// known, and then nothing can be said.
func WatchedShare(spans []Span, duration *int64) (share float64, ok bool) {
	if duration == nil || *duration <= 0 {
		return 0, false
	}
	d := float64(*duration)
	covered := 0.0
	for _, s := range spans {
		covered += math.Max(0, math.Min(float64(s.to), d)-math.Min(float64(s.from), d))
	}
	return math.Round(covered/d*1000) / 10, true
}

// CheckWatched refuses a jury member's vote on a film they watched less of
// than the festival requires (MinWatchedShare, in percent; 0: no rule). A
// film whose duration is not known cannot be checked and is not refused.
func (s Season) CheckWatched(spans []Span, duration *int64) error {
	if s.MinWatchedShare <= 0 {
		return nil
	}
	share, ok := WatchedShare(spans, duration)
	if !ok || share >= float64(s.MinWatchedShare) {
		return nil
	}
	return apperr.Ef(apperr.Forbidden, texts.NotWatchedEnough, share, s.MinWatchedShare)
}
