package texts

// In-app notices (GET /users/me/notices, POST /users/me/notices/read).
const (
	NoticesReadBoth    Key = "notices_read_both"
	NoticesReadNone    Key = "notices_read_none"
	NoticesReadTooMany Key = "notices_read_too_many"
	NoticeBadID        Key = "notice_bad_id"
	NoticesReadEmpty   Key = "notices_read_empty"
	NoticesUnreadBool  Key = "notices_unread_bool"
	NoticesMarkedRead  Key = "notices_marked_read"
)
