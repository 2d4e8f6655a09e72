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

// Moved from the code.
const (
	BodyUnreadable        Key = "body_unreadable"
	BodyTooLarge          Key = "body_too_large"
	BodyNotJSONObject     Key = "body_not_json_object"
	FieldNotString        Key = "field_not_string"
	FieldBadType          Key = "field_bad_type"
	BadURLID              Key = "bad_urlid"
	BodyNotMultipart      Key = "body_not_multipart"
	ConsoleNotBuilt       Key = "console_not_built"
	MethodNotAllowed      Key = "method_not_allowed"
	FileNotFound          Key = "file_not_found"
	PartTwice             Key = "part_twice"
	FormFieldTooLong      Key = "form_field_too_long"
	FormTooManyParts      Key = "form_too_many_parts"
	FormTextTooLarge      Key = "form_text_too_large"
	UnknownFilePart       Key = "unknown_file_part"
	CollaboratorEmail     Key = "collaborator_email"
	CollaboratorNotString Key = "collaborator_not_string"
	CollaboratorTooLong   Key = "collaborator_too_long"
	CollaboratorRequired  Key = "collaborator_required"
	TooManyIDs            Key = "too_many_i_ds"
	FieldNotInteger       Key = "field_not_integer"
	FieldNotIDs           Key = "field_not_i_ds"
	CollaboratorsShape    Key = "collaborators_shape"
	RoleNotAllowed        Key = "role_not_allowed"
	ValueNotString        Key = "value_not_string"
	AuditToBeforeFrom     Key = "audit_to_before_from"
	AuditBadDate          Key = "audit_bad_date"
	AuditBadActor         Key = "audit_bad_actor"
	FieldEmpty            Key = "field_empty"
	CategoriesRequired    Key = "categories_required"
	CollaboratorsRequired Key = "collaborators_required"
	JuriesRequired        Key = "juries_required"
	IsCandidateBool       Key = "is_candidate_bool"
	BadCategoryParam      Key = "bad_category_param"
	AwardNameEmpty        Key = "award_name_empty"
	EmailInvalid          Key = "email_invalid"
	EmailEmpty            Key = "email_empty"
	BirthDateFormat       Key = "birth_date_format"
	BirthDateImplausible  Key = "birth_date_implausible"
)

// Moved from the code.
const (
	TooManyCollaborators Key = "too_many_collaborators"
)
