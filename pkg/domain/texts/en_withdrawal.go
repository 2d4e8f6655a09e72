package texts

// enWithdrawal is the English of withdrawal.go's texts.
var enWithdrawal = map[Key]string{
	MovieWithdrawnDone:      "Film withdrawn from the festival",
	MovieReinstated:         "Withdrawal undone: the film is back in the festival",
	WithdrawalReasonLength:  "The reason field (why the film is withdrawn) is required: 1 to 1000 characters",
	MovieAlreadyWithdrawn:   "This film is already withdrawn from the festival",
	MovieNotWithdrawn:       "This film is not withdrawn from the festival: there is no withdrawal to undo",
	WithdrawAfterDecision:   "The festival has decided on this film: only an administrator can still withdraw it",
	MovieOutWithdrawn:       "This film is withdrawn from the festival: it can no longer be given to the jury, scored or awarded",
	MovieOutDraft:           "This film is a draft not submitted yet: it cannot be given to the jury, scored or awarded",
	HeldWithdrawnByProducer: "withdrawn by its producer",
	HeldWithdrawnByAdmin:    "withdrawn by an administrator",
	HeldDraft:               "incomplete draft",
}
