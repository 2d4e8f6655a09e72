package texts

// enRelease is the English of release.go's texts.
var enRelease = map[Key]string{
	MessageNotFound:        "Message not found",
	MessageNotPending:      "This message is no longer waiting (%s): it can no longer be changed or withdrawn",
	MessageEditEmpty:       "Send subject or text (non-empty text)",
	MessageSubjectLength:   "The subject field must be 1 to %d characters long",
	MessageTextLength:      "The text field must be 1 to %d characters long",
	MessageEdited:          "Message changed: this text is the one that will be sent",
	MessageDiscarded:       "Message withdrawn: it will not be sent",
	DecisionsReleased:      "Decisions published: %d message(s) are leaving now",
	CategoryDecisionsFreed: "The category's decisions are published: %d message(s) are leaving now",
	ReleaseCategoryShape:   "The id_categorie field must be the id of a category (positive integer), or absent to publish everything",
	StateInvalid:           "Invalid state parameter: %q (possible values: pending, sent, failed, held, discarded)",
	FeedbackNotReleased:    "The jury's feedback on this film will be available when the decisions are published, on %s.",
	CommentSharedShape:     "The comment_shared field must be a boolean (true: the comment is shown, without your name, to the film's producer)",
	FeedbackOff:            "The festival does not share the jury's feedback on films.",
}
