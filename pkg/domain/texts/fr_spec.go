package texts

// frSpec is the French of spec.go's texts.
var frSpec = map[Key]string{
	AdminOnly:       "Accès interdit. Rôle ADMIN requis.",
	AllFieldsFilled: "Tous les champs doivent être remplis ",
	AllRequired:     "Tous les champs sont requis",
	DatabaseError:   "Erreur base de données",
	EventCreated:    "Evenment créée",
	EventExists:     "Evenement déjà existant",
	EventNotFound:   "Evenement non trouvé",
	EventUpdated:    "Evenement mis à jour",
	MovieNotFound:   "Film non trouvé",
	Internal:        "Internal server error",
	LoginOK:         "Connexion réussie",
	MissingData:     "Données manquantes",
	MissingID:       "ID manquant dans l'URL",
	TokenInvalid:    "Token invalide ou manquant",
	UserCreated:     "Utilisateur créé avec succès",
	UserExists:      "Cet utilisateur existe déjà",
	UserNotFound:    "Utilisateur non trouvé",
}
