package texts

// frEntries is the French of entries.go's texts.
var frEntries = map[Key]string{
	BlindJudgingBool:        "Le paramètre blind_judging doit être un booléen (true cache aux jurés le producteur, l'équipe et les réponses qui ne leur sont pas destinées)",
	IncompleteEntriesValues: "Le paramètre incomplete_entries doit valoir refuse (un film incomplet est refusé) ou save (il est enregistré comme brouillon, non soumis)",
	MovieWithdrawn:          "Ce film est retiré du festival : il ne peut plus être modifié (un administrateur peut annuler le retrait)",
}
