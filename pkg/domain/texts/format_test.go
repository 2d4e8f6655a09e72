package texts

import (
	"testing"
	"time"
)

func TestDatesAreWrittenInEachLanguage(t *testing.T) {
	at := time.Date(2026, 3, 12, 9, 5, 0, 0, time.UTC)
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		paris = time.FixedZone("CET", 3600)
	}
	cases := []struct {
		name, got, want string
	}{
		{"date fr", Date(French, at), "12 mars 2026"},
		{"date en", Date(English, at), "12 March 2026"},
		{"date of another zone is read in UTC", Date(English, time.Date(2026, 1, 1, 0, 30, 0, 0, time.FixedZone("X", 3600))), "31 December 2025"},
		{"date of an unknown language is French", Date("de", at), "12 mars 2026"},
		{"first of the month fr", Date(French, time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)), "1 août 2026"},
		{"datetime fr", DateTime(French, at, nil), "12 mars 2026 à 09:05 UTC"},
		{"datetime en", DateTime(English, at, nil), "12 March 2026 at 09:05 UTC"},
		{"datetime in a place", DateTime(English, at, paris), "12 March 2026 at 10:05 CET"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestNumbersAreWrittenInEachLanguage(t *testing.T) {
	const nnbsp = "\u202f"
	cases := []struct {
		l        Lang
		x        float64
		decimals int
		want     string
	}{
		{French, 1234.5, 1, "1" + nnbsp + "234,5"},
		{English, 1234.5, 1, "1,234.5"},
		{French, 0, 0, "0"},
		{English, 999, 0, "999"},
		{English, 1000, 0, "1,000"},
		{French, 1234567.891, 2, "1" + nnbsp + "234" + nnbsp + "567,89"},
		{English, 1234567.891, 2, "1,234,567.89"},
		{English, -1234.5, 0, "-1,235"},
		{French, -0.001, 1, "0,0"},
		{English, 7.25, -1, "7"},
		{English, 0.5, 3, "0.500"},
	}
	for _, c := range cases {
		if got := Number(c.l, c.x, c.decimals); got != c.want {
			t.Errorf("Number(%s, %v, %d) = %q, want %q", c.l, c.x, c.decimals, got, c.want)
		}
	}
}

func TestDurationsAreWrittenWithTheSIUnits(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{90 * time.Minute, "1 h 30 min"},
		{2*time.Minute + 5*time.Second, "2 min 5 s"},
		{45 * time.Second, "45 s"},
		{2 * time.Hour, "2 h"},
		{time.Hour + 7*time.Second, "1 h 7 s"},
		{400 * time.Millisecond, "0 s"},
		{-300 * time.Millisecond, "0 s"},
		{-90 * time.Second, "-1 min 30 s"},
		{59*time.Second + 600*time.Millisecond, "1 min"},
	}
	for _, c := range cases {
		for _, l := range Langs {
			want := replaceSpaces(c.want)
			if got := Duration(l, c.d); got != want {
				t.Errorf("Duration(%s, %v) = %q, want %q", l, c.d, got, want)
			}
		}
	}
}

// replaceSpaces writes the expected durations readably: each space between
// a number and its unit is a no-break space.
func replaceSpaces(s string) string {
	out := []rune(s)
	for i := 1; i+1 < len(out); i++ {
		if out[i] == ' ' && out[i-1] >= '0' && out[i-1] <= '9' {
			out[i] = '\u00a0'
		}
	}
	return string(out)
}
