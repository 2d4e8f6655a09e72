package texts

// enSmaller is the English of smaller.go's texts.
var enSmaller = map[Key]string{
	AwardFilmRefused: "This film was refused: it cannot receive an award (change its decision first)",
	PosterNone:       "This film has no poster or thumbnail",
}
