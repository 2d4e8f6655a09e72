// Package texts holds every French text the API answers with, once: those
// the API specification fixes (spec.go: a web client compares them to the
// letter, spelling and trailing spaces included) and the festival's own
// (ours.go). Messages that name a value are built where they are used.
package texts

// Fixed by the specification.
const (
	AdminOnly       = "Accès interdit. Rôle ADMIN requis."
	AllFieldsFilled = "Tous les champs doivent être remplis "
	AllRequired     = "Tous les champs sont requis"
	DatabaseError   = "Erreur base de données" // with details naming the field, on user operations
	EventCreated    = "Evenment créée"
	EventExists     = "Evenement déjà existant"
	EventNotFound   = "Evenement non trouvé"
	EventUpdated    = "Evenement mis à jour"
	MovieNotFound   = "Film non trouvé"
	Internal        = "Internal server error"
	LoginOK         = "Connexion réussie"
	MissingData     = "Données manquantes"
	MissingID       = "ID manquant dans l'URL"
	TokenInvalid    = "Token invalide ou manquant"
	UserCreated     = "Utilisateur créé avec succès"
	UserExists      = "Cet utilisateur existe déjà"
	UserNotFound    = "Utilisateur non trouvé"
)
