package texts

// frBounded is the French of bounded.go's texts.
var frBounded = map[Key]string{
	TooManySpans:   "Le relevé de visionnage de ce film compte déjà %d passages distincts : envoyez un passage qui prolonge ou recouvre un passage déjà vu",
	WriteContended: "D'autres écritures simultanées ont modifié cet enregistrement : réessayez dans un instant",
}
