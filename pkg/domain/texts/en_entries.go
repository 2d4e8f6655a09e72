package texts

// enEntries is the English of entries.go's texts.
var enEntries = map[Key]string{
	BlindJudgingBool:        "The blind_judging setting must be a boolean (true hides from the jurors the producer, the team and the answers not meant for them)",
	IncompleteEntriesValues: "The incomplete_entries setting must be refuse (an incomplete film is refused) or save (it is saved as a draft, not submitted)",
	MovieWithdrawn:          "This film is withdrawn from the festival: it can no longer be changed (an administrator can undo the withdrawal)",
}
