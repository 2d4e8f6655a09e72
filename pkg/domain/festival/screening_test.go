package festival

import (
	"strings"
	"testing"
	"time"
)

func TestLogKeyFetchKeepsTheFirstAndTheLastTwoPerMinute(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	var log []KeyFetch
	for i := range 10 {
		log = LogKeyFetch(log, KeyFetch{Minute: 4, At: t0.Add(time.Duration(i) * time.Second)})
		log = LogKeyFetch(log, KeyFetch{Minute: 5, At: t0.Add(time.Duration(i) * time.Second)})
	}
	var four []time.Duration
	for _, f := range log {
		if f.Minute == 4 {
			four = append(four, f.At.Sub(t0))
		}
	}
	want := []time.Duration{0, 8 * time.Second, 9 * time.Second}
	if len(log) != 6 || len(four) != 3 || four[0] != want[0] || four[1] != want[1] || four[2] != want[2] {
		t.Fatalf("log of %d fetches, minute 4 at %v; want 6 fetches, minute 4 at %v", len(log), four, want)
	}
}

func TestServerCountPacesABurstOfKeys(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	st := Streaming{Segments: []float64{60, 60, 60, 60, 60, 60, 60, 60, 60, 60}} // 10 minutes
	var log []KeyFetch
	for m := range 10 {
		log = LogKeyFetch(log, KeyFetch{Minute: m, At: t0})
	}
	log = LogKeyFetch(log, KeyFetch{Minute: 42, At: t0}) // not a minute of this film
	cases := []struct {
		at      time.Duration
		counted int
		share   float64
	}{{0, 1, 10}, {time.Minute, 2, 20}, {10 * time.Minute, 3, 30}}
	for _, c := range cases {
		v := ServerCount(st, log, 11, t0.Add(c.at))
		if v.Minutes != 10 || v.CountedMinutes != c.counted || v.Share != c.share || v.KeysIssued != 11 {
			t.Errorf("at +%v: %+v; want %d counted of 10 (%.0f %%), 11 keys", c.at, v, c.counted, c.share)
		}
	}
}

func TestCheckServerWatchedNamesTheServersCount(t *testing.T) {
	s := Season{MinWatchedShare: 50}
	err := s.CheckServerWatched(ServerViewing{Minutes: 10, CountedMinutes: 3, Share: 30})
	if err == nil || !strings.Contains(err.Error(), "Le serveur a compté 30.0 %") || !strings.Contains(err.Error(), "50 %") {
		t.Fatalf("30 %% of 50 %%: %v", err)
	}
	if err := s.CheckServerWatched(ServerViewing{Minutes: 10, CountedMinutes: 5, Share: 50}); err != nil {
		t.Fatalf("50 %% of 50 %%: %v", err)
	}
	if err := (Season{}).CheckServerWatched(ServerViewing{Minutes: 10}); err != nil {
		t.Fatalf("no rule: %v", err)
	}
}

func TestStreamsOnlyWhenReady(t *testing.T) {
	st := &Streaming{Segments: []float64{6}}
	for _, c := range []struct {
		m    *FilmMedia
		want bool
	}{{nil, false}, {&FilmMedia{State: MediaEncoding, Streaming: st}, false}, {&FilmMedia{State: MediaReady}, false}, {&FilmMedia{State: MediaReady, Streaming: st}, true}} {
		if got := c.m.Streams() != nil; got != c.want {
			t.Errorf("%+v streams: %v, want %v", c.m, got, c.want)
		}
	}
}
