package texts

// enBounded is the English of bounded.go's texts.
var enBounded = map[Key]string{
	TooManySpans:   "This film's viewing record already holds %d separate stretches: send a stretch that extends or overlaps one already watched",
	WriteContended: "Other writes changed this record at the same time: try again in a moment",
}
