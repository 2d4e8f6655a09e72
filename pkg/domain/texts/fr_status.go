package texts

// frStatus is the French of status.go's texts.
var frStatus = map[Key]string{
	StatusWordReceived:    "reçu",
	StatusWordWithJury:    "confié au jury",
	StatusWordToDiscuss:   "à discuter",
	StatusWordProposed:    "proposé par un juré",
	StatusWordSelected:    "sélectionné",
	StatusWordFinalist:    "finaliste",
	StatusWordAwarded:     "primé",
	StatusWordRefused:     "non retenu",
	StatusWordToJudge:     "à juger",
	StatusWordUnderReview: "en cours d'examen",
	StatusWordEntered:     "inscrit",
}
