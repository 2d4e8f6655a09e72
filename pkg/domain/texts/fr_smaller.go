package texts

// frSmaller is the French of smaller.go's texts.
var frSmaller = map[Key]string{
	AwardFilmRefused: "Ce film a été refusé : il ne peut pas recevoir de prix (changez d'abord sa décision)",
	PosterNone:       "Ce film n'a pas d'affiche ni de vignette",
}
