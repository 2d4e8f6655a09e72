package texts

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Dates, times, numbers and durations as each language writes them, for
// the e-mails (and any text that names one). Times are written in UTC
// unless a place is given: the festival has no time zone of its own, and
// the API's dates are UTC, so a date in a mail is the one the console and
// the API show, named "UTC" so that nobody mistakes it for their own.

// monthNames are the months in each language, January first.
var monthNames = map[Lang][12]string{
	French: {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
		"octobre", "novembre", "décembre"},
	English: {"January", "February", "March", "April", "May", "June", "July", "August", "September",
		"October", "November", "December"},
}

// Date writes t's day in l: "12 mars 2026", "12 March 2026" (day first in
// both, as British English does: no ambiguity with the French order). t is
// read in UTC.
func Date(l Lang, t time.Time) string {
	u := t.UTC()
	return fmt.Sprintf("%d %s %d", u.Day(), month(l, u.Month()), u.Year())
}

// DateTime writes t in l with its hour, in loc (nil: UTC) and naming it:
// "12 mars 2026 à 09:30 UTC", "12 March 2026 at 09:30 UTC". The French
// form is the one messages always had (festival.FrenchDate).
func DateTime(l Lang, t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	u := t.In(loc)
	at := "à"
	if l == English {
		at = "at"
	}
	zone, _ := u.Zone()
	return fmt.Sprintf("%d %s %d %s %02d:%02d %s", u.Day(), month(l, u.Month()), u.Year(), at, u.Hour(), u.Minute(), zone)
}

func month(l Lang, m time.Month) string {
	names, ok := monthNames[l]
	if !ok {
		names = monthNames[Default]
	}
	return names[m-1]
}

// narrowNoBreakSpace groups thousands in French (U+202F), as the French
// typographic rules and CLDR write them: a number never breaks across lines.
const narrowNoBreakSpace = "\u202f"

// Number writes x in l with decimals digits after the separator (rounded
// half away from zero): "1 234,5" (a narrow no-break space between
// thousands) in French, "1,234.5" in English; "-" before a negative one.
func Number(l Lang, x float64, decimals int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	decimals = max(decimals, 0)
	group, point := narrowNoBreakSpace, ","
	if l == English {
		group, point = ",", "."
	}
	p := math.Pow10(decimals)
	s := strconv.FormatFloat(math.Round(math.Abs(x)*p)/p, 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if x < 0 && strings.Trim(s, "0.") != "" {
		b.WriteString("-")
	}
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(d)
	}
	if frac != "" {
		b.WriteString(point + frac)
	}
	return b.String()
}

// Duration writes d in hours, minutes and seconds, to the second, leaving
// out the units that are zero: "1 h 30 min", "2 min 5 s", "45 s". The
// symbols h, min and s are the SI's, read alike in French and English, so
// both languages write a duration the same way (l is kept so that a
// language that writes them otherwise can); a no-break space (U+00A0)
// holds each number to its unit. Under a second is "0 s"; a negative
// duration is written as its length with "-" before.
func Duration(l Lang, d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	d = d.Round(time.Second)
	h, m, s := int64(d/time.Hour), int64(d%time.Hour/time.Minute), int64(d%time.Minute/time.Second)
	var parts []string
	if h > 0 {
		parts = append(parts, strconv.FormatInt(h, 10)+"\u00a0h")
	}
	if m > 0 {
		parts = append(parts, strconv.FormatInt(m, 10)+"\u00a0min")
	}
	if s > 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatInt(s, 10)+"\u00a0s")
	}
	if len(parts) == 1 && parts[0] == "0\u00a0s" {
		sign = ""
	}
	return sign + strings.Join(parts, " ")
}
