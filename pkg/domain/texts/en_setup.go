package texts

// enSetup is the English of setup.go's texts.
var enSetup = map[Key]string{
	SetupDone:             "The festival already has an administrator",
	SetupCreated:          "First administrator created",
	SetupUnavailable:      "No setup code is configured on this deployment: create the first administrator with POST /auth/register (README, \"Deploying to AWS\")",
	SetupCodeWrong:        "Wrong setup code",
	SetupCodeRequired:     "The setup code (code) is required",
	SetupRolesShape:       "self_registration_roles must be a list of roles among ADMIN, JURY, PRODUCER (possibly empty)",
	SetupConfirmationBool: "email_confirmation must be a boolean (true or false)",
	TooManySetupCodes:     "Too many wrong setup codes: try again in %d minute(s)",
	EmailConfirmationBool: "The setting email_confirmation must be a boolean (true asks accounts made by sign-up to confirm their e-mail address)",
	EmailUnconfirmed:      "Confirm your e-mail address before submitting or voting",
	EmailConfirmed:        "E-mail address confirmed",
	ConfirmTokenRequired:  "The confirmation token (token) is required",
	ConfirmInvalid:        "Invalid or expired confirmation link: ask for a new one from your account",
	ConfirmSent:           "A new confirmation link was sent to you",
	ConfirmNotNeeded:      "Your e-mail address needs no confirmation",
	TooManyConfirmations:  "Too many confirmation links asked for: try again in %d minute(s)",
}
