package texts

// The texts of bulk decisions (POST /movies/decisions/preview and /apply).
const (
	DecisionShape         Key = "decision_shape"
	DecisionToRequired    Key = "decision_to_required"
	DecisionBadStatus     Key = "decision_bad_status"
	DecisionScoreRange    Key = "decision_score_range"
	DecisionRankRange     Key = "decision_rank_range"
	DecisionSearchLength  Key = "decision_search_length"
	DecisionTooManyIDs    Key = "decision_too_many_i_ds"
	DecisionNoSelection   Key = "decision_no_selection"
	DecisionEmpty         Key = "decision_empty"
	DecisionNothingToDo   Key = "decision_nothing_to_do"
	DecisionTooMany       Key = "decision_too_many"
	DecisionUnknownFilms  Key = "decision_unknown_films"
	DecisionPlanRequired  Key = "decision_plan_required"
	DecisionPlanNotFound  Key = "decision_plan_not_found"
	DecisionFilmChanged   Key = "decision_film_changed"
	DecisionFilmGone      Key = "decision_film_gone"
	DecisionPlanApplied   Key = "decision_plan_applied"
	DecisionPlanApplying  Key = "decision_plan_applying"
	DecisionPlanNotUsable Key = "decision_plan_not_usable"
	DecisionsApplied      Key = "decisions_applied"
)
