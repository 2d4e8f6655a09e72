package texts

// frKeys is the French of keys.go's texts.
var frKeys = map[Key]string{
	KeyValueEmpty:   "la valeur est vide",
	KeyValueTooLong: "la valeur dépasse %d octets",
	LateCodeForm:    "un code fait de 4 à 32 caractères parmi A-Z, 0-9 et le tiret",
	PlanIDForm:      "un identifiant de plan fait de 1 à %d lettres, chiffres et tirets (reçu de l'aperçu)",
	KeyRefused:      "Une valeur de la requête est trop longue pour être enregistrée",
}
