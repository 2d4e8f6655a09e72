// Package texts holds every text the API answers with, once, by key (Key),
// in one catalogue per language (fr.go, en.go; French is the reference):
// those the API specification fixes (spec.go: a web client compares their
// French to the letter, spelling and trailing spaces included) and the
// festival's own (ours.go and the other area files). Each area file
// declares its keys; fr_<area>.go and en_<area>.go hold their words. Code
// carries keys and arguments (Msg, apperr.Error); a text is written in a
// language only when it is answered (T).
package texts

// Fixed by the specification.
const (
	AdminOnly       Key = "admin_only"
	AllFieldsFilled Key = "all_fields_filled"
	AllRequired     Key = "all_required"
	DatabaseError   Key = "database_error" // with details naming the field, on user operations
	EventCreated    Key = "event_created"
	EventExists     Key = "event_exists"
	EventNotFound   Key = "event_not_found"
	EventUpdated    Key = "event_updated"
	MovieNotFound   Key = "movie_not_found"
	Internal        Key = "internal"
	LoginOK         Key = "login_ok"
	MissingData     Key = "missing_data"
	MissingID       Key = "missing_id"
	TokenInvalid    Key = "token_invalid"
	UserCreated     Key = "user_created"
	UserExists      Key = "user_exists"
	UserNotFound    Key = "user_not_found"
)
