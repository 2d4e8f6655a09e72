package festival

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Span is a stretch of a film a jury member played, in seconds from its start.
type Span struct {
	From float64 `json:"from" dynamodbav:"from"`
	To   float64 `json:"to" dynamodbav:"to"`
}

// MaxSpan bounds one reported stretch.
const MaxSpan = 24 * time.Hour

// CheckSpan validates a reported stretch: from 0, ending after it starts,
// at most MaxSpan long.
func CheckSpan(s Span) error {
	if math.IsNaN(s.From) || math.IsNaN(s.To) || s.From < 0 || s.To <= s.From || s.To-s.From > MaxSpan.Seconds() {
		return apperr.E(apperr.Invalid, texts.BadSpan)
	}
	return nil
}

// MergeSpans adds a stretch to stretches already watched and returns them
// merged (overlapping or touching ones joined), in order: skipping shows as
// the gaps between them.
func MergeSpans(spans []Span, add Span) []Span {
	all := append(slices.Clone(spans), add)
	slices.SortFunc(all, func(a, b Span) int { return cmp.Compare(a.From, b.From) })
	out := []Span{}
	for _, s := range all {
		if n := len(out); n > 0 && s.From <= out[n-1].To {
			out[n-1].To = math.Max(out[n-1].To, s.To)
			continue
		}
		out = append(out, s)
	}
	return out
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
		covered += math.Max(0, math.Min(s.To, d)-math.Min(s.From, d))
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
