package texts

// frEditionsStore is the French of editions_store.go's texts.
var frEditionsStore = map[Key]string{
	EditionArchivedReadOnly: "Cette édition est archivée : elle ne se modifie plus",
}
