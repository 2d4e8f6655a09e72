package festival

// Admission is what let a new film in: a submission window (the zero value),
// or a late-entry code, one use of which the film's transaction takes.
type Admission struct {
	LateCode string
}
