package texts

// The filmmaker's own festival: the festival's form, a film's checklist,
// its edits and withdrawal, and a person's data (docs/entries.md).
const (
	BlindJudgingBool        Key = "blind_judging_bool"
	IncompleteEntriesValues Key = "incomplete_entries_values"
	MovieWithdrawn          Key = "movie_withdrawn"
)
