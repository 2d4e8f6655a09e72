package festival

import (
	"testing"
	"time"
)

func TestCountedMinutesCountNoFasterThanTheFilmPlays(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	// steady: what a player buffering 30 s ahead fetches while playing.
	var steady []KeyFetch
	for m := 0; m < 10; m++ {
		d := time.Duration(m)*time.Minute - 30*time.Second
		if d < 0 {
			d = 0
		}
		steady = append(steady, KeyFetch{Minute: m, At: at(d)})
	}
	var burst []KeyFetch // every key of a 90-minute film in 9 seconds
	for m := 0; m < 90; m++ {
		burst = append(burst, KeyFetch{Minute: m, At: at(time.Duration(m) * 100 * time.Millisecond)})
	}
	tests := []struct {
		name    string
		fetches []KeyFetch
		now     time.Time
		want    int
	}{
		{"nothing fetched counts nothing", nil, at(time.Hour), 0},
		{"the first key counts at once", []KeyFetch{{0, t0}}, t0, 1},
		{"a player playing through counts every minute", steady, at(10 * time.Minute), 10},
		{"an early fetch waits for its turn", steady, at(time.Minute - time.Second), 1},
		{"keys fetched faster than real time count no more than real time and the wait",
			burst, at(90 * time.Minute), 3},
		{"a refetched minute counts once", []KeyFetch{{0, t0}, {0, at(2 * time.Minute)}}, at(time.Hour), 1},
		{"seeking ahead counts the minute reached once its turn comes",
			[]KeyFetch{{0, t0}, {1, at(time.Minute)}, {40, at(90 * time.Second)}, {41, at(150 * time.Second)}}, at(time.Hour), 4},
		{"a minute skipped over counts when it is played again at its pace",
			append(append([]KeyFetch{}, burst...), KeyFetch{3, at(10 * time.Minute)}, KeyFetch{4, at(11 * time.Minute)}), at(time.Hour), 5},
		{"a pause does not lose the minutes played after it",
			[]KeyFetch{{0, t0}, {1, at(time.Hour)}}, at(2 * time.Hour), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CountedMinutes(tt.fetches, tt.now); got != tt.want {
				t.Errorf("CountedMinutes = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestRuntimeIsTheMeasuredOneWhenKnown(t *testing.T) {
	declared := int64(600)
	m := Movie{Duration: &declared}
	if got := m.Runtime(); got == nil || *got != 600 {
		t.Fatalf("no media: runtime %v, want the declared 600", got)
	}
	m.Media = &FilmMedia{Facts: &MediaFacts{Duration: 5400.4}}
	if got := m.Runtime(); got == nil || *got != 5400 {
		t.Fatalf("measured: runtime %v, want 5400", got)
	}
}
