package texts

// enJurylimits is the English of jurylimits.go's texts.
var enJurylimits = map[Key]string{
	QueueCurrentEditionOnly: "A juror's queue is of the current edition: do not send the edition parameter",
}
