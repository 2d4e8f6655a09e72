package texts

// Texts of the languages of films and jurors and of the language-aware
// assignment (issue 24). Each carries its English on its line, for the
// catalogues.
const (
	BadLanguageCode        Key = "bad_language_code"
	TooManyLanguages       Key = "too_many_languages"
	LanguageListShape      Key = "language_list_shape"
	LanguageFieldShape     Key = "language_field_shape"
	EntryOriginalLanguage  Key = "entry_original_language"
	EntrySubtitleLanguages Key = "entry_subtitle_languages"
	MediaSubtitlesLanguage Key = "media_subtitles_language"
)
