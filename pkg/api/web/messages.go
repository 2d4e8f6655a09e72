package web

// Texts fixed by the API specification; a web client compares them literally.
const (
	MsgTokenInvalid = "Token invalide ou manquant"
	MsgAdminOnly    = "Accès interdit. Rôle ADMIN requis."
	MsgInternal     = "Internal server error"
)
