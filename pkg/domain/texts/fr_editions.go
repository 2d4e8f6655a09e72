package texts

// frEditions is the French of editions.go's texts.
var frEditions = map[Key]string{
	EditionUnknown:       "Édition inconnue : %s",
	EditionParam:         "Le paramètre edition doit être l'identifiant d'une édition : de 1 à 16 lettres, chiffres ou tirets",
	EditionIDRequired:    "Le champ id (identifiant de la nouvelle édition) est requis : de 1 à 16 lettres, chiffres ou tirets",
	EditionNameLength:    "Le champ name (nom de l'édition) fait au plus 100 caractères, sans espace au début ni à la fin",
	EditionCopyJury:      "Le champ copy_jury est un booléen",
	EditionUnknownField:  "Champ inconnu : %s (envoyez id, et au choix name et copy_jury)",
	EditionExists:        "Une édition porte déjà l'identifiant %s",
	EditionStarting:      "Le démarrage d'une autre édition est en cours : renvoyez la même demande pour l'achever",
	EditionChanged:       "Les éditions ou les réglages ont changé pendant le démarrage : renvoyez la demande pour l'achever",
	ResubmitCurrent:      "Ce film est déjà de l'édition en cours",
	ResubmitNotOwner:     "Seul le producteur du film ou un administrateur peut le soumettre de nouveau",
	ResubmitUnknownField: "Champ inconnu : %s (envoyez au choix categories et late_code)",
	ResubmitCategories:   "Le champ categories est une liste d'au plus 20 identifiants de catégories de l'édition en cours",
	ResubmitLateCode:     "Le champ late_code est un code d'au plus %d caractères",
}
