package texts

// A film's eligibility and completeness (festival.Settings.Checklist), the
// category_rules setting, the producer's edit of their film and what jurors
// are told of it.
const (
	// Checklist lines; every rule line starts with RuleInCategory.
	AnswerRequired      = "« %s » : réponse obligatoire"
	RuleInCategory      = "Catégorie « %s » : "
	RuntimeOverMax      = "durée de %s au-delà de %s"
	RuntimeUnderMin     = "durée de %s en deçà de %s"
	RuntimeUnknownMax   = "durée inconnue (%s au plus)"
	RuntimeUnknownMin   = "durée inconnue (%s au moins)"
	ReleaseYearTooOld   = "année de sortie %d antérieure à %d"
	ReleaseYearUnknown  = "année de sortie manquante (%d ou après)"
	LanguageNotAccepted = "langue principale « %s » hors des langues admises (%s)"
	LanguageUnknown     = "langue principale manquante (langues admises : %s)"
	SubtitlesMissing    = "sous-titres manquants"
	SubtitlesUnreadable = "sous-titres illisibles (aucune réplique lue par le contrôle du fichier)"
	RuleAnswerMissing   = "réponse à « %s » manquante"
	RuleAnswerNotIn     = "réponse à « %s » hors des valeurs admises (%s)"

	// The category_rules setting.
	CategoryRulesShape  = "Le paramètre category_rules doit être un objet {\"<id_categorie>\": [{\"kind\": ..., \"number\": ..., \"values\": [...], \"question\": ...}]} (null ou {} retire toutes les règles)"
	RuleKindUnknown     = "Règle inconnue pour la catégorie %d : %q (valeurs possibles : runtime_max, runtime_min, release_year_min, language, subtitles, answer)"
	TooManyRules        = "La catégorie %d a %d règles : %d au plus"
	RuleRuntimeRange    = "Règle %s de la catégorie %d : un nombre entier de secondes entre 1 et %d est attendu (number)"
	RuleYearRange       = "Règle release_year_min de la catégorie %d : une année entre %d et %d est attendue (number)"
	RuleLanguages       = "Règle language de la catégorie %d : de 1 à %d langues (values) de 1 à %d caractères sont attendues"
	RuleQuestionNeeded  = "Règle answer de la catégorie %d : l'identifiant d'une question du formulaire est attendu (question)"
	RuleValuesTooMany   = "Règle answer de la catégorie %d : %d valeurs admises (values) au plus, de 1 à %d caractères"
	RuleUnknownQuestion = "Règle answer de la catégorie %d : la question %q n'est pas dans le formulaire du festival"
	RuleExtraField      = "Règle %s de la catégorie %d : le champ %s ne s'applique pas à cette règle"

	// The producer's edit (PUT /movies/{id}/entry).
	MovieEntryUpdated = "Film mis à jour"
	AdminOnlyField    = "Le champ %s est réservé aux administrateurs"
	IncompleteFilter  = "Paramètre incomplete invalide : true ou false est attendu"

	// What a juror who voted reads of an edit (movie.edited).
	EditedFieldsJoin = ", "
)
