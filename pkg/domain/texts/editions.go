package texts

// Editions: the festival's years, starting the next one, addressing an
// archived one (?edition=), a film submitted again to the current one.
const (
	EditionUnknown       = "Édition inconnue : %s"                                                                               // en: "Unknown edition: %s"
	EditionParam         = "Le paramètre edition doit être l'identifiant d'une édition : de 1 à 16 lettres, chiffres ou tirets"  // en: "The edition parameter must be an edition's id: 1 to 16 letters, digits or hyphens"
	EditionIDRequired    = "Le champ id (identifiant de la nouvelle édition) est requis : de 1 à 16 lettres, chiffres ou tirets" // en: "The id field (the new edition's id) is required: 1 to 16 letters, digits or hyphens"
	EditionNameLength    = "Le champ name (nom de l'édition) fait au plus 100 caractères, sans espace au début ni à la fin"      // en: "The name field (the edition's name) is at most 100 characters, with no leading or trailing space"
	EditionCopyJury      = "Le champ copy_jury est un booléen"                                                                   // en: "The copy_jury field is a boolean"
	EditionUnknownField  = "Champ inconnu : %s (envoyez id, et au choix name et copy_jury)"                                      // en: "Unknown field: %s (send id, and optionally name and copy_jury)"
	EditionExists        = "Une édition porte déjà l'identifiant %s"                                                             // en: "An edition already has the id %s"
	EditionStarting      = "Le démarrage d'une autre édition est en cours : renvoyez la même demande pour l'achever"             // en: "Another edition is being started: send the same request again to finish it"
	EditionChanged       = "Les éditions ou les réglages ont changé pendant le démarrage : renvoyez la demande pour l'achever"   // en: "The editions or the settings changed during the start: send the request again to finish it"
	ResubmitCurrent      = "Ce film est déjà de l'édition en cours"                                                              // en: "This film is already in the current edition"
	ResubmitNotOwner     = "Seul le producteur du film ou un administrateur peut le soumettre de nouveau"                        // en: "Only the film's producer or an admin can submit it again"
	ResubmitUnknownField = "Champ inconnu : %s (envoyez au choix categories et late_code)"                                       // en: "Unknown field: %s (send categories and late_code, both optional)"
	ResubmitCategories   = "Le champ categories est une liste d'au plus 20 identifiants de catégories de l'édition en cours"     // en: "The categories field is a list of at most 20 category ids of the current edition"
	ResubmitLateCode     = "Le champ late_code est un code d'au plus 64 caractères"                                              // en: "The late_code field is a code of at most 64 characters"
)
