package texts

import (
	"fmt"
	"time"
)

// When is an instant written as prose in the reader's language, in UTC:
// "1 mars 2026 à 09:30 UTC", "1 March 2026 at 09:30 UTC". As an argument of
// T it is written in the text's language.
type When time.Time

var frenchMonths = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
	"octobre", "novembre", "décembre"}

// In writes w in l.
func (w When) In(l Lang) string {
	u := time.Time(w).UTC()
	if l == English {
		return fmt.Sprintf("%d %s %d at %02d:%02d UTC", u.Day(), u.Month(), u.Year(), u.Hour(), u.Minute())
	}
	return fmt.Sprintf("%d %s %d à %02d:%02d UTC", u.Day(), frenchMonths[u.Month()-1], u.Year(), u.Hour(), u.Minute())
}

// Stamp is an instant written short in the reader's language, in UTC:
// "01/03/2026 à 09:30 UTC", "2026-03-01 09:30 UTC".
type Stamp time.Time

// In writes s in l.
func (s Stamp) In(l Lang) string {
	u := time.Time(s).UTC()
	if l == English {
		return u.Format("2006-01-02 15:04 UTC")
	}
	return u.Format("02/01/2006 à 15:04 UTC")
}
