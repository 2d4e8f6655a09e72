package texts

// frRelease is the French of release.go's texts.
var frRelease = map[Key]string{
	MessageNotFound:        "Message non trouvé",
	MessageNotPending:      "Ce message n'est plus en attente (%s) : il ne peut plus être modifié ni retiré",
	MessageEditEmpty:       "Envoyez subject ou text (texte non vide)",
	MessageSubjectLength:   "Le champ subject doit faire de 1 à %d caractères",
	MessageTextLength:      "Le champ text doit faire de 1 à %d caractères",
	MessageEdited:          "Message modifié : c'est ce texte qui sera envoyé",
	MessageDiscarded:       "Message retiré : il ne sera pas envoyé",
	DecisionsReleased:      "Décisions publiées : %d message(s) partent maintenant",
	CategoryDecisionsFreed: "Décisions de la catégorie publiées : %d message(s) partent maintenant",
	ReleaseCategoryShape:   "Le champ id_categorie doit être l'identifiant d'une catégorie (entier positif), ou absent pour tout publier",
	StateInvalid:           "Paramètre state invalide : %q (valeurs possibles : pending, sent, failed, held, discarded)",
	FeedbackNotReleased:    "Les retours du jury sur ce film seront disponibles à la publication des décisions, le %s.",
	CommentSharedShape:     "Le champ comment_shared doit être un booléen (true : le commentaire est montré, sans votre nom, au producteur du film)",
	FeedbackOff:            "Le festival ne partage pas de retours du jury sur les films.",
}
