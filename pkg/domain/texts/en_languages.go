package texts

// enLanguages is the English of languages.go's texts.
var enLanguages = map[Key]string{
	BadLanguageCode:        "Invalid language code: %q (a two-letter ISO 639-1 code is expected, for example fr, en, es)",
	TooManyLanguages:       "A list of languages holds at most %d languages",
	LanguageListShape:      "The field %s must be a list of ISO 639-1 language codes",
	LanguageFieldShape:     "The field %s must be an ISO 639-1 language code or null",
	EntryOriginalLanguage:  "original language",
	EntrySubtitleLanguages: "subtitle languages",
	MediaSubtitlesLanguage: "The subtitles' detected language (%s) is not among those the film declares (%s)",
}
