package texts

// Refusals of a request's fields and parameters, at the API's edge and in
// the domain's checks.
const (
	UnknownSetting Key = "unknown_setting"
)

// Moved from the code.
const (
	MovieAwardsFull      Key = "movie_awards_full"
	CategoryNameEmpty    Key = "category_name_empty"
	EventEndsBeforeStart Key = "event_ends_before_start"
	DateNotISO           Key = "date_not_iso"
	FieldNotURL          Key = "field_not_url"
	FieldTooLong         Key = "field_too_long"
	FieldNotUTF8         Key = "field_not_utf8"
	EmailTooLong         Key = "email_too_long"
	PasswordTooShort     Key = "password_too_short"
	PasswordTooLong      Key = "password_too_long"
	ValueTooLong         Key = "value_too_long"
	ValueNotUTF8         Key = "value_not_utf8"
	ValueEmpty           Key = "value_empty"
	ValueNotAllowed      Key = "value_not_allowed"
	OwnRoleChange        Key = "own_role_change"
	ScoreRange           Key = "score_range"
	ScoreNotNumber       Key = "score_not_number"
	ScoreString          Key = "score_string"
	ScoreDecimals        Key = "score_decimals"
)

// A refused value, and the field it was sent in.
const (
	FieldRefusal   Key = "field_refusal"
	BadDuration    Key = "bad_duration"
	BadReleaseYear Key = "bad_release_year"
)

// A listing's page.
const (
	BadCursor Key = "bad_cursor"
)
