package texts

// enFields is the English of fields.go's texts.
var enFields = map[Key]string{
	UnknownSetting:       "Unknown parameter: %s",
	MovieAwardsFull:      "this film already has %d awards, the maximum",
	CategoryNameEmpty:    "the category name is empty",
	EventEndsBeforeStart: "the end date (%s) comes before the start date (%s)",
	DateNotISO:           "the date %q is not in ISO 8601 format (for example 2025-06-01T18:00:00Z)",
	FieldNotURL:          "The field %s must be a valid http(s) address",
	FieldTooLong:         "The field %s exceeds %d characters (%d received)",
	FieldNotUTF8:         "The field %s is not valid UTF-8 text",
	EmailTooLong:         "the e-mail address exceeds %d characters",
	PasswordTooShort:     "the password must contain at least %d characters",
	PasswordTooLong:      "the password must not exceed %d bytes",
	ValueTooLong:         "the value exceeds %d characters (%d received)",
	ValueNotUTF8:         "the value is not valid UTF-8 text",
	ValueEmpty:           "the value is empty",
	ValueNotAllowed:      "the value %q is not allowed (possible values: %s)",
	OwnRoleChange:        "You cannot change your own role",
	ScoreRange:           "the score must be a number between %d and %d (decimals allowed), received %v",
	ScoreNotNumber:       "the score must be a number between %d and %d, received %s",
	ScoreString:          "the score must be a number between %d and %d, received the string %s",
	ScoreDecimals:        "the score has at most %d decimals, received %s",
	FieldRefusal:         "%s: %s",
	BadDuration:          "Invalid duration: a positive whole number is expected (duration field)",
	BadReleaseYear:       "Invalid release year: a year between %d and %d is expected (release_year field)",
	BadCursor:            "Invalid cursor parameter",
}
