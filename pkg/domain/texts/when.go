package texts

import "time"

// When is an instant written as prose in the reader's language, in UTC:
// "1 mars 2026 à 09:30 UTC", "1 March 2026 at 09:30 UTC". As an argument of
// T it is written in the text's language.
type When time.Time

// In writes w in l (DateTime in UTC).
func (w When) In(l Lang) string { return DateTime(l, time.Time(w), nil) }

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
