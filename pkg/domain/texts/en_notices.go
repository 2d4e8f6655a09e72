package texts

// enNotices is the English of notices.go's texts.
var enNotices = map[Key]string{
	NoticesReadBoth:    "Send either ids (the notices to mark read) or all: true (every notice), not both",
	NoticesReadNone:    "Send ids (a list of notice ids) or all: true",
	NoticesReadTooMany: "At most %d notices at once: send all: true to mark them all read",
	NoticeBadID:        "Invalid notice id: %q",
	NoticesReadEmpty:   "Empty request body: send {\"ids\": [...]} or {\"all\": true}",
	NoticesUnreadBool:  "The unread parameter must be true or false",
	NoticesMarkedRead:  "Notices marked as read",
}
