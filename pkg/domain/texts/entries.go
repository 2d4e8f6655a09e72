package texts

// The filmmaker's own festival: the festival's form, a film's checklist,
// its edits and withdrawal, and a person's data (docs/entries.md).
const (
	BlindJudgingBool        = "Le paramètre blind_judging doit être un booléen (true cache aux jurés le producteur, l'équipe et les réponses qui ne leur sont pas destinées)"
	IncompleteEntriesValues = "Le paramètre incomplete_entries doit valoir refuse (un film incomplet est refusé) ou save (il est enregistré comme brouillon, non soumis)"
	MovieWithdrawn          = "Ce film est retiré du festival : il ne peut plus être modifié (un administrateur peut annuler le retrait)"
)
