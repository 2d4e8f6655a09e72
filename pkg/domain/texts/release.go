package texts

// The outbox's held messages, their release and the feedback to filmmakers.
const (
	MessageNotFound        Key = "message_not_found"
	MessageNotPending      Key = "message_not_pending"
	MessageEditEmpty       Key = "message_edit_empty"
	MessageSubjectLength   Key = "message_subject_length"
	MessageTextLength      Key = "message_text_length"
	MessageEdited          Key = "message_edited"
	MessageDiscarded       Key = "message_discarded"
	DecisionsReleased      Key = "decisions_released"
	CategoryDecisionsFreed Key = "category_decisions_freed"
	ReleaseCategoryShape   Key = "release_category_shape"
	StateInvalid           Key = "state_invalid"
	FeedbackNotReleased    Key = "feedback_not_released"
	CommentSharedShape     Key = "comment_shared_shape"
	FeedbackOff            Key = "feedback_off"
)
