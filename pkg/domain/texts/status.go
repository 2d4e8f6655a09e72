package texts

// The words of a film's status for each audience (festival.StatusWord):
// what the films' status_label and GET /settings/status-words say.
const (
	StatusWordReceived    Key = "status_word_received"
	StatusWordWithJury    Key = "status_word_with_jury"
	StatusWordToDiscuss   Key = "status_word_to_discuss"
	StatusWordProposed    Key = "status_word_proposed"
	StatusWordSelected    Key = "status_word_selected"
	StatusWordFinalist    Key = "status_word_finalist"
	StatusWordAwarded     Key = "status_word_awarded"
	StatusWordRefused     Key = "status_word_refused"
	StatusWordToJudge     Key = "status_word_to_judge"
	StatusWordUnderReview Key = "status_word_under_review"
	StatusWordEntered     Key = "status_word_entered"
)
