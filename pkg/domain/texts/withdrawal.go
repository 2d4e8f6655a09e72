package texts

// A film's withdrawal from the festival and what a film out of it (withdrawn,
// or a draft not submitted) is refused.
const (
	MovieWithdrawnDone      Key = "movie_withdrawn_done"
	MovieReinstated         Key = "movie_reinstated"
	WithdrawalReasonLength  Key = "withdrawal_reason_length"
	MovieAlreadyWithdrawn   Key = "movie_already_withdrawn"
	MovieNotWithdrawn       Key = "movie_not_withdrawn"
	WithdrawAfterDecision   Key = "withdraw_after_decision"
	MovieOutWithdrawn       Key = "movie_out_withdrawn"
	MovieOutDraft           Key = "movie_out_draft"
	HeldWithdrawnByProducer Key = "held_withdrawn_by_producer"
	HeldWithdrawnByAdmin    Key = "held_withdrawn_by_admin"
	HeldDraft               Key = "held_draft"
)
