package texts

// A film's eligibility and completeness (festival.Settings.Checklist), the
// category_rules setting, the producer's edit of their film and what jurors
// are told of it.
const (
	// Checklist lines; every rule line is RuleInCategory naming the category, then the reason.
	AnswerRequired      Key = "answer_required"
	RuleInCategory      Key = "rule_in_category"
	RuntimeOverMax      Key = "runtime_over_max"
	RuntimeUnderMin     Key = "runtime_under_min"
	RuntimeUnknownMax   Key = "runtime_unknown_max"
	RuntimeUnknownMin   Key = "runtime_unknown_min"
	ReleaseYearTooOld   Key = "release_year_too_old"
	ReleaseYearUnknown  Key = "release_year_unknown"
	LanguageNotAccepted Key = "language_not_accepted"
	LanguageUnknown     Key = "language_unknown"
	SubtitlesMissing    Key = "subtitles_missing"
	SubtitlesUnreadable Key = "subtitles_unreadable"
	RuleAnswerMissing   Key = "rule_answer_missing"
	RuleAnswerNotIn     Key = "rule_answer_not_in"

	// The category_rules setting.
	CategoryRulesShape  Key = "category_rules_shape"
	RuleKindUnknown     Key = "rule_kind_unknown"
	TooManyRules        Key = "too_many_rules"
	RuleRuntimeRange    Key = "rule_runtime_range"
	RuleYearRange       Key = "rule_year_range"
	RuleLanguages       Key = "rule_languages"
	RuleQuestionNeeded  Key = "rule_question_needed"
	RuleValuesTooMany   Key = "rule_values_too_many"
	RuleUnknownQuestion Key = "rule_unknown_question"
	RuleExtraField      Key = "rule_extra_field"

	// The producer's edit (PUT /movies/{id}/entry).
	MovieEntryUpdated Key = "movie_entry_updated"
	AdminOnlyField    Key = "admin_only_field"
	IncompleteFilter  Key = "incomplete_filter"

	// What a juror who voted reads of an edit (movie.edited).
	EditedFieldsJoin = ", "
)
