package texts

// enDecisions is the English of decisions.go's texts.
var enDecisions = map[Key]string{
	DecisionShape:         "Invalid body: {\"to\": status, \"ids\": [id_movie…] optional, \"filter\": {\"status\", \"category\", \"score_min\", \"score_max\", \"rank_from\", \"rank_to\", \"search\"} optional}",
	DecisionToRequired:    "The to field (the status to give the films) is required",
	DecisionBadStatus:     "Invalid status in %s: %q (expected: %s, or PENDING, VALIDATED, CANDIDATE, REJECTED)",
	DecisionScoreRange:    "The score_min and score_max filters are numbers from 0 to 10, score_min at most score_max",
	DecisionRankRange:     "The rank_from and rank_to filters are ranks from 1, rank_from at most rank_to",
	DecisionSearchLength:  "The search filter is at most %d characters long",
	DecisionTooManyIDs:    "At most %d films per decision",
	DecisionNoSelection:   "Choose the films: ids or at least one filter",
	DecisionEmpty:         "No film matches the selection",
	DecisionNothingToDo:   "The %d films of the selection already have the requested status: nothing to change",
	DecisionTooMany:       "The selection has %d films to change; at most %d per decision: narrow the filters",
	DecisionUnknownFilms:  "Unknown films: %s",
	DecisionPlanRequired:  "The id_plan field (received with the preview) is required",
	DecisionPlanNotFound:  "Unknown or expired decision preview: preview again",
	DecisionFilmChanged:   "Film no. %d “%s” has changed since the preview: no decision was applied, preview again",
	DecisionFilmGone:      "Film no. %d was deleted since the preview: no decision was applied, preview again",
	DecisionPlanApplied:   "These decisions have already been applied",
	DecisionPlanApplying:  "These decisions are being applied",
	DecisionPlanNotUsable: "This preview can no longer be applied: preview again",
	DecisionsApplied:      "Decisions applied",
}
