package texts

// What the store answers a write to a record of an archived edition.
const (
	EditionArchivedReadOnly Key = "edition_archived_read_only"
)
