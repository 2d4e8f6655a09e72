package texts

// Each person's language and the festival's templates per language (the
// account's `language`, `?lang=` on /settings/templates).
const (
	// LanguageValue refuses an account's language the product does not speak (400).
	LanguageValue = "%s : la valeur %q n'est pas permise (valeurs possibles : fr, en)" // en: "%s: the value %q is not allowed (possible values: fr, en)"
	// LanguageType refuses a language that is not a string (400).
	LanguageType = "%s : la valeur doit être une chaîne de caractères (fr ou en)" // en: "%s: the value must be a string (fr or en)"
	// TemplateLangValue refuses ?lang= on the templates' routes (400).
	TemplateLangValue = "Le paramètre lang doit valoir fr ou en (absent : fr)" // en: "The lang parameter must be fr or en (absent: fr)"
)
