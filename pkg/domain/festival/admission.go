package festival

// Admission is what lets a film in: the submission window (the zero value),
// or a late-entry code (LateCode), one use of which the film's creation
// takes in the same transaction.
type Admission struct {
	LateCode LateCodeID
}

// Late reports whether a late-entry code admits the film.
func (a Admission) Late() bool { return a.LateCode.s != "" }
