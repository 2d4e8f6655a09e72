package texts

// frLanguages is the French of languages.go's texts.
var frLanguages = map[Key]string{
	BadLanguageCode:        "Code de langue invalide : %q (un code ISO 639-1 à deux lettres est attendu, par exemple fr, en, es)",
	TooManyLanguages:       "Une liste de langues compte au plus %d langues",
	LanguageListShape:      "Le champ %s doit être une liste de codes de langue ISO 639-1",
	LanguageFieldShape:     "Le champ %s doit être un code de langue ISO 639-1 ou null",
	EntryOriginalLanguage:  "langue originale",
	EntrySubtitleLanguages: "langues des sous-titres",
	MediaSubtitlesLanguage: "La langue détectée des sous-titres (%s) n'est pas parmi celles que le film déclare (%s)",
}
