package texts

// frAccountsLang is the French of accounts_lang.go's texts.
var frAccountsLang = map[Key]string{
	LanguageValue:     "%s : la valeur %q n'est pas permise (valeurs possibles : fr, en)",
	LanguageType:      "%s : la valeur doit être une chaîne de caractères (fr ou en)",
	TemplateLangValue: "Le paramètre lang doit valoir fr ou en (absent : fr)",
}
