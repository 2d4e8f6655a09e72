package texts

// The first run (GET/POST /auth/setup), the confirmation of an account's
// e-mail address (POST /auth/confirm, /auth/confirm/resend) and the setting
// that asks for it.
const (
	SetupDone             Key = "setup_done"
	SetupCreated          Key = "setup_created"
	SetupUnavailable      Key = "setup_unavailable"
	SetupCodeWrong        Key = "setup_code_wrong"
	SetupCodeRequired     Key = "setup_code_required"
	SetupRolesShape       Key = "setup_roles_shape"
	SetupConfirmationBool Key = "setup_confirmation_bool"
	TooManySetupCodes     Key = "too_many_setup_codes"
	EmailConfirmationBool Key = "email_confirmation_bool"
	EmailUnconfirmed      Key = "email_unconfirmed"
	EmailConfirmed        Key = "email_confirmed"
	ConfirmTokenRequired  Key = "confirm_token_required"
	ConfirmInvalid        Key = "confirm_invalid"
	ConfirmSent           Key = "confirm_sent"
	ConfirmNotNeeded      Key = "confirm_not_needed"
	TooManyConfirmations  Key = "too_many_confirmations"
)
