package texts

// Each person's language and the festival's templates per language (the
// account's `language`, `?lang=` on /settings/templates).
const (
	// LanguageValue refuses an account's language the product does not speak (400).
	LanguageValue Key = "language_value"
	// LanguageType refuses a language that is not a string (400).
	LanguageType Key = "language_type"
	// TemplateLangValue refuses ?lang= on the templates' routes (400).
	TemplateLangValue Key = "template_lang_value"
)
