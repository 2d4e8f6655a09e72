package texts

// frWithdrawal is the French of withdrawal.go's texts.
var frWithdrawal = map[Key]string{
	MovieWithdrawnDone:      "Film retiré du festival",
	MovieReinstated:         "Retrait annulé : le film est de nouveau au festival",
	WithdrawalReasonLength:  "Le champ reason (le motif du retrait) est obligatoire : de 1 à 1000 caractères",
	MovieAlreadyWithdrawn:   "Ce film est déjà retiré du festival",
	MovieNotWithdrawn:       "Ce film n'est pas retiré du festival : il n'y a pas de retrait à annuler",
	WithdrawAfterDecision:   "La décision du festival sur ce film est prise : seul un administrateur peut encore le retirer",
	MovieOutWithdrawn:       "Ce film est retiré du festival : il ne peut être ni confié au jury, ni noté, ni primé",
	MovieOutDraft:           "Ce film est un brouillon qui n'est pas encore soumis : il ne peut être ni confié au jury, ni noté, ni primé",
	HeldWithdrawnByProducer: "retiré par son producteur",
	HeldWithdrawnByAdmin:    "retiré par un administrateur",
	HeldDraft:               "brouillon incomplet",
}
