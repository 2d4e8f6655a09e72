package texts

// A person's data: the export of their account and its erasure.
const (
	ErasePasswordMissing = "password : votre mot de passe actuel est requis pour effacer votre compte"
	ErasePasswordWrong   = "Mot de passe incorrect : votre compte n'est pas effacé"
	EraseLastAdmin       = "Vous êtes le dernier administrateur du festival : nommez-en un autre avant d'effacer votre compte"
	AccountErased        = "Votre compte et vos données ont été effacés"
)
