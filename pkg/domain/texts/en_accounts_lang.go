package texts

// enAccountsLang is the English of accounts_lang.go's texts.
var enAccountsLang = map[Key]string{
	LanguageValue:     "%s: the value %q is not allowed (possible values: fr, en)",
	LanguageType:      "%s: the value must be a string (fr or en)",
	TemplateLangValue: "The lang parameter must be fr or en (absent: fr)",
}
