package festival

// Watch is a jury member having opened a film's media, with the stretches
// they played (merged).
type Watch struct {
	MovieID, UserID int64
	Spans           []Span
	// Keys is the log of the film's keys the member's player fetched
	// (bounded: LogKeyFetch), KeysIssued every key served to them.
	Keys       []KeyFetch
	KeysIssued int
}

// JuryMail is a jury member's reminder state: whether they turned reminders
// off, and when they were last reminded.
type JuryMail struct {
	RemindersOff bool
	RemindedAt   Time
}
