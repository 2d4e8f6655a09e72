package texts

// frSettings is the French of settings.go's texts.
var frSettings = map[Key]string{
	JuryVoteAssignedOnlyBool:    "Le paramètre jury_vote_assigned_only doit être un booléen (true ou false)",
	ResultsPublishedBool:        "Le paramètre results_published doit être un booléen (true publie les résultats et clôt les votes)",
	PublicFilmViewValues:        "Le paramètre public_film_view doit valoir full (l'objet film complet) ou redacted (sans e-mails, commentaires ni jury avant les résultats)",
	ScreeningWatermarkBool:      "Le paramètre screening_watermark doit être un booléen (true marque chaque copie de visionnage au nom du juré)",
	UnknownSettings:             "Paramètre inconnu : %s. %s",
	UnknownLateCodeField:        "Paramètre inconnu : %s (envoyez expires_at, et au choix uses et code)",
	SettingNotDate:              "Le paramètre %s doit être une date ISO 8601 (par exemple 2026-03-01T00:00:00Z) ou null",
	SelfRegistrationRolesShape:  "Le paramètre self_registration_roles doit être une liste de rôles parmi ADMIN, JURY, PRODUCER (éventuellement vide)",
	SelfRegistrationRoleUnknown: "Rôle inconnu dans self_registration_roles : %q (valeurs possibles : ADMIN, JURY, PRODUCER)",
}
