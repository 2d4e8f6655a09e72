package texts

// Texts of the languages of films and jurors and of the language-aware
// assignment (issue 24). Each carries its English on its line, for the
// catalogues.
const (
	BadLanguageCode        = "Code de langue invalide : %q (un code ISO 639-1 à deux lettres est attendu, par exemple fr, en, es)" // en: "Invalid language code: %q (a two-letter ISO 639-1 code is expected, for example fr, en, es)"
	TooManyLanguages       = "Une liste de langues compte au plus %d langues"                                                      // en: "A list of languages holds at most %d languages"
	LanguageListShape      = "Le champ %s doit être une liste de codes de langue ISO 639-1"                                        // en: "The field %s must be a list of ISO 639-1 language codes"
	LanguageFieldShape     = "Le champ %s doit être un code de langue ISO 639-1 ou null"                                           // en: "The field %s must be an ISO 639-1 language code or null"
	EntryOriginalLanguage  = "langue originale"                                                                                    // en: "original language"
	EntrySubtitleLanguages = "langues des sous-titres"                                                                             // en: "subtitle languages"
	MediaSubtitlesLanguage = "La langue détectée des sous-titres (%s) n'est pas parmi celles que le film déclare (%s)"             // en: "The subtitles' detected language (%s) is not among those the film declares (%s)"
)
