package texts

// What the store answers a write to a record of an archived edition.
const (
	EditionArchivedReadOnly = "Cette édition est archivée : elle ne se modifie plus" // en: "This edition is archived: it can no longer be changed"
)
