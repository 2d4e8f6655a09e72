package texts

// Bounded writes: a viewing record's cap, and a write that lost every race.
const (
	TooManySpans   Key = "too_many_spans"
	WriteContended Key = "write_contended"
)
