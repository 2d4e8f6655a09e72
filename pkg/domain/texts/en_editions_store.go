package texts

// enEditionsStore is the English of editions_store.go's texts.
var enEditionsStore = map[Key]string{
	EditionArchivedReadOnly: "This edition is archived: it can no longer be changed",
}
