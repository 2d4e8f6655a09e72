package texts

// frJurylimits is the French of jurylimits.go's texts.
var frJurylimits = map[Key]string{
	QueueCurrentEditionOnly: "La file du juré porte sur l'édition en cours : n'envoyez pas le paramètre edition",
}
