package texts

// frSetup is the French of setup.go's texts.
var frSetup = map[Key]string{
	SetupDone:             "Le festival a déjà un administrateur",
	SetupCreated:          "Premier administrateur créé",
	SetupUnavailable:      "Aucun code d'installation n'est configuré sur ce déploiement : créez le premier administrateur avec POST /auth/register (README, « Deploying to AWS »)",
	SetupCodeWrong:        "Code d'installation incorrect",
	SetupCodeRequired:     "Le code d'installation (code) est requis",
	SetupRolesShape:       "self_registration_roles doit être une liste de rôles parmi ADMIN, JURY, PRODUCER (éventuellement vide)",
	SetupConfirmationBool: "email_confirmation doit être un booléen (true ou false)",
	TooManySetupCodes:     "Trop de codes d'installation incorrects : réessayez dans %d minute(s)",
	EmailConfirmationBool: "Le paramètre email_confirmation doit être un booléen (true demande aux comptes créés par inscription de confirmer leur adresse e-mail)",
	EmailUnconfirmed:      "Confirmez votre adresse e-mail avant de soumettre ou de voter",
	EmailConfirmed:        "Adresse e-mail confirmée",
	ConfirmTokenRequired:  "Le jeton de confirmation (token) est requis",
	ConfirmInvalid:        "Lien de confirmation invalide ou expiré : demandez-en un nouveau depuis votre compte",
	ConfirmSent:           "Un nouveau lien de confirmation vous a été envoyé",
	ConfirmNotNeeded:      "Votre adresse e-mail n'a pas besoin d'être confirmée",
	TooManyConfirmations:  "Trop de liens de confirmation demandés : réessayez dans %d minute(s)",
}
