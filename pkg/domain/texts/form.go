package texts

// The festival's own form: its definition (PUT /settings/form) and the
// answers a film carries (submission, PUT /movies/:id/answers and the file
// answers' routes). Each refusal names the question: by its label once it
// has one, else by its place in the list.
const (
	FormTooManyQuestions Key = "form_too_many_questions"
	// FormQuestionNamed / FormQuestionAt name the question a refusal is
	// about (its label, or its index when it has no label yet), then say why.
	FormQuestionNamed  Key = "form_question_named"
	FormQuestionAt     Key = "form_question_at"
	FormIDPattern      Key = "form_id_pattern"
	FormIDTaken        Key = "form_id_taken"
	FormLabelLen       Key = "form_label_len"
	FormHelpLen        Key = "form_help_len"
	FormKind           Key = "form_kind"
	FormVisibility     Key = "form_visibility"
	FormCategory       Key = "form_category"
	FormUnknownCat     Key = "form_unknown_cat"
	FormChoicesOnly    Key = "form_choices_only"
	FormChoicesCount   Key = "form_choices_count"
	FormChoiceLen      Key = "form_choice_len"
	FormChoiceTwice    Key = "form_choice_twice"
	FormMinMaxOnly     Key = "form_min_max_only"
	FormMinMaxRange    Key = "form_min_max_range"
	FormRequiredFrom   Key = "form_required_from"
	FormRequiredFrozen Key = "form_required_frozen"
	FormVersionMoved   Key = "form_version_moved"

	// Answers.
	AnswersNotObject   Key = "answers_not_object"
	AnswerUnknown      Key = "answer_unknown"
	AnswerNotAsked     Key = "answer_not_asked"
	AnswerText         Key = "answer_text"
	AnswerLongText     Key = "answer_long_text"
	AnswerNumber       Key = "answer_number"
	AnswerNumberMin    Key = "answer_number_min"
	AnswerNumberMax    Key = "answer_number_max"
	AnswerDate         Key = "answer_date"
	AnswerURL          Key = "answer_url"
	AnswerYesNo        Key = "answer_yes_no"
	AnswerChoice       Key = "answer_choice"
	AnswerChoices      Key = "answer_choices"
	AnswerFileOnly     Key = "answer_file_only"
	AnswerNotFile      Key = "answer_not_file"
	AnswerFrozen       Key = "answer_frozen"
	AnswersTooLarge    Key = "answers_too_large"
	AnswerFileMissing  Key = "answer_file_missing"
	AnswerNone         Key = "answer_none"
	AnswersBodyMissing Key = "answers_body_missing"
)

// The form's body (PUT /settings/form) and its query.
const (
	FormBodyMissing  Key = "form_body_missing"
	FormQuestionType Key = "form_question_type"
	FormCategoryParm Key = "form_category_parm"
)

// Answers' routes.
const (
	AnswersSaved     Key = "answers_saved"
	AnswerFileSaved  Key = "answer_file_saved"
	AnswerFileGone   Key = "answer_file_gone"
	AnswerHidden     Key = "answer_hidden"
	AnswerFileOneOf  Key = "answer_file_one_of"
	AnswerPartFormat Key = "answer_part_format"
)
