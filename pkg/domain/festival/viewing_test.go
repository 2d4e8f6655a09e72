package festival

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

func TestParseSpanRefusesWhatNoFilmCanHoldAndCoarsensTheRest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		from, to float64
		want     string // JSON, or "" for a 400
	}{
		{0, 30, `{"from":0,"to":30}`},
		{1.9, 2.1, `{"from":1,"to":3}`},
		{0, 1e-131, `{"from":0,"to":1}`},
		{0, 5e-324, `{"from":0,"to":1}`},
		{math.Copysign(0, -1), 1, `{"from":0,"to":1}`},
		{86399.5, MaxSpanEnd, `{"from":86399,"to":86400}`},
		{0, MaxSpanEnd + 0.5, ""},
		{0, 1e308, ""},
		{-1e-131, 1, ""},
		{5, 5, ""},
		{6, 5, ""},
		{math.NaN(), 1, ""},
		{0, math.Inf(1), ""},
		{math.Inf(-1), 1, ""},
	} {
		s, err := ParseSpan(tc.from, tc.to)
		if tc.want == "" {
			if !apperr.Is(err, apperr.Invalid) {
				t.Errorf("ParseSpan(%v, %v) = %v, %v; want a 400", tc.from, tc.to, s, err)
			}
			continue
		}
		got, _ := json.Marshal(s)
		if err != nil || string(got) != tc.want {
			t.Errorf("ParseSpan(%v, %v) = %s, %v; want %s", tc.from, tc.to, got, err, tc.want)
		}
	}
}

func TestMergeSpansJoinsOverlapsAndRefusesOneSeparateStretchPastTheCap(t *testing.T) {
	t.Parallel()
	span := func(from, to float64) Span {
		s, err := ParseSpan(from, to)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var spans []Span
	for i := range MaxSpans {
		var err error
		if spans, err = MergeSpans(spans, span(float64(i*10), float64(i*10+5))); err != nil {
			t.Fatalf("stretch %d: %v", i, err)
		}
	}
	if len(spans) != MaxSpans {
		t.Fatalf("%d stretches, want %d", len(spans), MaxSpans)
	}
	kept, err := MergeSpans(spans, span(MaxSpans*10, MaxSpans*10+5))
	if !apperr.Is(err, apperr.Conflict) || len(kept) != MaxSpans {
		t.Fatalf("one past the cap: %d stretches, %v; want the record unchanged and a 409", len(kept), err)
	}
	joined, err := MergeSpans(spans, span(5, 10)) // touches the first two
	if err != nil || len(joined) != MaxSpans-1 || joined[0] != span(0, 15) {
		t.Fatalf("joining two at the cap: %d stretches, first %v, %v", len(joined), joined[0], err)
	}
	if covered, err := MergeSpans(spans, span(1, 2)); err != nil || len(covered) != MaxSpans {
		t.Fatalf("a covered stretch at the cap: %d, %v", len(covered), err)
	}
}
