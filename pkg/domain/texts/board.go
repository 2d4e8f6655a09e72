package texts

// The committee's board (GET /movies/board), its tags, notes and saved views.

// The board's query: each refusal names its parameter.
const (
	BoardUnknownParam  Key = "board_unknown_param"
	BoardBadSort       Key = "board_bad_sort"
	BoardBadOrder      Key = "board_bad_order"
	BoardBadStatus     Key = "board_bad_status"
	BoardBadCategory   Key = "board_bad_category"
	BoardBadSearch     Key = "board_bad_search"
	BoardBadTag        Key = "board_bad_tag"
	BoardBadFile       Key = "board_bad_file"
	BoardBadIncomplete Key = "board_bad_incomplete"
	BoardBadPage       Key = "board_bad_page"
	BoardBadPerPage    Key = "board_bad_per_page"
	BoardBadAround     Key = "board_bad_around"
	BoardRepeatedParam Key = "board_repeated_param"
)

// A film's committee tags.
const (
	TagsMissing Key = "tags_missing"
	TagsTooMany Key = "tags_too_many"
	TagBad      Key = "tag_bad"
	TagsSaved   Key = "tags_saved"
)

// The committee's notes on a film.
const (
	NoteMissing   Key = "note_missing"
	NoteTextBad   Key = "note_text_bad"
	NoteNotFound  Key = "note_not_found"
	NoteNotAuthor Key = "note_not_author"
	NoteDeleted   Key = "note_deleted"
)

// An admin's saved views of the board.
const (
	ViewsMissing        Key = "views_missing"
	ViewsTooMany        Key = "views_too_many"
	ViewShape           Key = "view_shape"
	ViewNameBad         Key = "view_name_bad"
	ViewQueryTooLong    Key = "view_query_too_long"
	ViewQueryBad        Key = "view_query_bad"
	ViewQueryUnreadable Key = "view_query_unreadable"
)
