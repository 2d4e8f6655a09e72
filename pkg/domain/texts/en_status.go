package texts

// enStatus is the English of status.go's texts.
var enStatus = map[Key]string{
	StatusWordReceived:    "received",
	StatusWordWithJury:    "with the jury",
	StatusWordToDiscuss:   "to discuss",
	StatusWordProposed:    "proposed by a juror",
	StatusWordSelected:    "selected",
	StatusWordFinalist:    "finalist",
	StatusWordAwarded:     "awarded",
	StatusWordRefused:     "not selected",
	StatusWordToJudge:     "to judge",
	StatusWordUnderReview: "under review",
	StatusWordEntered:     "entered",
}
