package texts

// frFields is the French of fields.go's texts.
var frFields = map[Key]string{
	UnknownSetting:       "Paramètre inconnu : %s",
	MovieAwardsFull:      "ce film a déjà %d prix, le maximum",
	CategoryNameEmpty:    "le nom de la catégorie est vide",
	EventEndsBeforeStart: "la date de fin (%s) précède la date de début (%s)",
	DateNotISO:           "la date %q n'est pas au format ISO 8601 (par exemple 2025-06-01T18:00:00Z)",
	FieldNotURL:          "Le champ %s doit être une adresse http(s) valide",
	FieldTooLong:         "Le champ %s dépasse %d caractères (%d reçus)",
	FieldNotUTF8:         "Le champ %s n'est pas du texte UTF-8 valide",
	EmailTooLong:         "l'adresse e-mail dépasse %d caractères",
	PasswordTooShort:     "le mot de passe doit contenir au moins %d caractères",
	PasswordTooLong:      "le mot de passe ne doit pas dépasser %d octets",
	ValueTooLong:         "la valeur dépasse %d caractères (%d reçus)",
	ValueNotUTF8:         "la valeur n'est pas du texte UTF-8 valide",
	ValueEmpty:           "la valeur est vide",
	ValueNotAllowed:      "la valeur %q n'est pas permise (valeurs possibles : %s)",
	OwnRoleChange:        "Vous ne pouvez pas changer votre propre rôle",
	ScoreRange:           "la note doit être un nombre entre %d et %d (décimales permises), reçu %v",
	ScoreNotNumber:       "la note doit être un nombre entre %d et %d, reçu %s",
	ScoreString:          "la note doit être un nombre entre %d et %d, reçu la chaîne %s",
	ScoreDecimals:        "la note a au plus %d décimales, reçu %s",
	FieldRefusal:         "%s : %s",
	BadDuration:          "Durée invalide : un nombre entier positif est attendu (champ duration)",
	BadReleaseYear:       "Année de sortie invalide : une année entre %d et %d est attendue (champ release_year)",
	BadCursor:            "Paramètre cursor invalide",
}
