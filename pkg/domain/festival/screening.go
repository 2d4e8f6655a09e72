package festival

import (
	"math"
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The server's count of a jury member's viewing (docs/screening.md): every
// key a jury member's player fetches is logged in their watch item, and
// CountedMinutes turns the log into minutes watched.

// KeyLogPerMinute bounds the fetch times kept per minute of film: the first
// (a minute counts from its first fetch when its turn comes) and the last
// two (a minute watched again later, after an early fetch was skipped over).
// A player that fetches one key a thousand times keeps the log small.
const KeyLogPerMinute = 3

// LogKeyFetch adds a fetch to a jury member's log of key fetches and keeps,
// per minute, the first fetch and the last KeyLogPerMinute-1.
func LogKeyFetch(log []KeyFetch, f KeyFetch) []KeyFetch {
	var same []int // indexes of f.Minute's fetches, in log order
	for i, k := range log {
		if k.Minute == f.Minute {
			same = append(same, i)
		}
	}
	out := append(slices.Clone(log), f)
	if len(same)+1 <= KeyLogPerMinute {
		return out
	}
	// Drop the second oldest of that minute: the first stays, and the
	// newest ones with the fetch just added.
	drop := same[1]
	return slices.Delete(out, drop, drop+1)
}

// ServerViewing is the server's count of what a jury member watched of a
// film that streams (Viewing.server, results' server_share).
type ServerViewing struct {
	Minutes        int     `json:"minutes"`         // the film's minutes, one key each
	CountedMinutes int     `json:"counted_minutes"` // counted at the pace of the film
	KeysIssued     int     `json:"keys_issued"`     // every key served, repeats included
	Share          float64 `json:"share"`           // CountedMinutes over Minutes, percent (1 decimal)
}

// ServerCount is the server's count at now from a jury member's key log.
func ServerCount(st Streaming, log []KeyFetch, issued int, now time.Time) ServerViewing {
	v := ServerViewing{Minutes: st.Minutes(), KeysIssued: issued}
	// A fetch of a minute the film does not have (an older encoding's) is
	// not counted.
	in := make([]KeyFetch, 0, len(log))
	for _, f := range log {
		if f.Minute >= 0 && f.Minute < v.Minutes {
			in = append(in, f)
		}
	}
	v.CountedMinutes = CountedMinutes(in, now)
	if v.Minutes > 0 {
		v.Share = math.Round(float64(v.CountedMinutes)/float64(v.Minutes)*1000) / 10
	}
	return v
}

// Streams is the film's adaptive stream when it is ready to play (nil
// otherwise).
func (m *FilmMedia) Streams() *Streaming {
	if m == nil || m.State != MediaReady || m.Streaming == nil || len(m.Streaming.Segments) == 0 {
		return nil
	}
	return m.Streaming
}

// CheckServerWatched is CheckWatched for a film that streams: the share is
// the server's count (ServerCount), not what the player reported.
func (s Season) CheckServerWatched(v ServerViewing) error {
	if s.MinWatchedShare <= 0 || v.Share >= float64(s.MinWatchedShare) {
		return nil
	}
	return apperr.Ef(apperr.Forbidden, texts.NotWatchedEnoughServer, v.Share, s.MinWatchedShare)
}
