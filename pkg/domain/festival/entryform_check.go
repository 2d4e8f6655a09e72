package festival

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Bounds of the festival's own form. The largest form they allow fits one
// DynamoDB item (TestTheLargestFormFitsOneItem, pkg/storage/dynamo).
const (
	MaxQuestions       = 30
	MaxQuestionIDLen   = 40
	MaxQuestionLabel   = 200
	MaxQuestionHelp    = 500
	MinQuestionChoices = 2
	MaxQuestionChoices = 20
	MaxChoiceLen       = 100
	// MaxAnswerNumber bounds a number answer and a question's min and max:
	// far inside what DynamoDB stores exactly (38 digits).
	MaxAnswerNumber = 1e12
)

// ValidQuestionID reports whether id is [a-z0-9_]{1,40}.
func ValidQuestionID(id string) bool {
	if id == "" || len(id) > MaxQuestionIDLen {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// validKind reports whether k is a known kind.
func validKind(k QuestionKind) bool { return slices.Contains(QuestionKinds, k) }

// oneLine reports whether s is non-empty once trimmed, holds no line break
// and has at most max characters.
func oneLine(s string, max int) bool {
	return strings.TrimSpace(s) != "" && !strings.ContainsAny(s, "\r\n") && utf8.RuneCountInString(s) <= max
}

// questionErr is a refusal about the i-th question: named by its label when
// it has a valid one, else by its place and the field at fault.
func questionErr(i int, q Question, field string, why texts.Key, args ...any) error {
	if oneLine(q.Label, MaxQuestionLabel) {
		return apperr.E(apperr.Invalid, texts.FormQuestionNamed, q.Label, texts.M(why, args...))
	}
	return apperr.E(apperr.Invalid, texts.FormQuestionAt, i, field, texts.M(why, args...))
}

// Check refuses a form the festival cannot ask: each refusal is a 400 that
// names the question. It does not know the categories: the service checks
// that each question's category exists (UnknownCategory).
func (f EntryForm) Check() error {
	if len(f.Questions) > MaxQuestions {
		return apperr.Ef(apperr.Invalid, texts.FormTooManyQuestions, MaxQuestions, len(f.Questions))
	}
	seen := make(map[string]bool, len(f.Questions))
	for i, q := range f.Questions {
		if !oneLine(q.Label, MaxQuestionLabel) {
			return questionErr(i, q, "label", texts.FormLabelLen, MaxQuestionLabel)
		}
		if !ValidQuestionID(q.ID) {
			return questionErr(i, q, "id", texts.FormIDPattern, MaxQuestionIDLen)
		}
		if seen[q.ID] {
			return questionErr(i, q, "id", texts.FormIDTaken, q.ID)
		}
		seen[q.ID] = true
		if err := q.check(i); err != nil {
			return err
		}
	}
	return nil
}

// check is Check of one question, its id and label apart.
func (q Question) check(i int) error {
	switch {
	case utf8.RuneCountInString(q.Help) > MaxQuestionHelp:
		return questionErr(i, q, "help", texts.FormHelpLen, MaxQuestionHelp)
	case !validKind(q.Kind):
		return questionErr(i, q, "kind", texts.FormKind)
	case q.Visibility != VisiblePublic && q.Visibility != VisibleJury && q.Visibility != VisibleAdmins:
		return questionErr(i, q, "visibility", texts.FormVisibility)
	case q.Category < 0:
		return questionErr(i, q, "category", texts.FormCategory)
	case !q.RequiredFrom.IsZero() && !q.Required:
		return questionErr(i, q, "required_from", texts.FormRequiredFrom)
	case !q.RequiredFrom.IsZero() && !q.FrozenFrom.IsZero() && !q.RequiredFrom.Before(q.FrozenFrom.Time):
		return questionErr(i, q, "required_from", texts.FormRequiredFrozen)
	}
	if err := q.checkChoices(i); err != nil {
		return err
	}
	return q.checkBounds(i)
}

// checkChoices: options only for a choice question, 2 to 20 of them, each
// one line of 1 to 100 characters, distinct.
func (q Question) checkChoices(i int) error {
	if q.Kind != QuestionChoice && q.Kind != QuestionChoices {
		if len(q.Choices) > 0 {
			return questionErr(i, q, "choices", texts.FormChoicesOnly)
		}
		return nil
	}
	if len(q.Choices) < MinQuestionChoices || len(q.Choices) > MaxQuestionChoices {
		return questionErr(i, q, "choices", texts.FormChoicesCount, MinQuestionChoices, MaxQuestionChoices)
	}
	for j, c := range q.Choices {
		if !oneLine(c, MaxChoiceLen) || strings.TrimSpace(c) != c {
			return questionErr(i, q, "choices", texts.FormChoiceLen, MaxChoiceLen)
		}
		if slices.Contains(q.Choices[:j], c) {
			return questionErr(i, q, "choices", texts.FormChoiceTwice, c)
		}
	}
	return nil
}

// checkBounds: min and max only for a number question, finite, within
// MaxAnswerNumber, min <= max.
func (q Question) checkBounds(i int) error {
	if q.Min == nil && q.Max == nil {
		return nil
	}
	if q.Kind != QuestionNumber {
		return questionErr(i, q, "min", texts.FormMinMaxOnly)
	}
	bad := func(v *Decimal) bool {
		return v != nil && !v.In(WholeDecimal(-MaxAnswerNumber), WholeDecimal(MaxAnswerNumber))
	}
	if bad(q.Min) || bad(q.Max) || (q.Min != nil && q.Max != nil && q.Min.Cmp(*q.Max) > 0) {
		return questionErr(i, q, "min", texts.FormMinMaxRange, float64(MaxAnswerNumber))
	}
	return nil
}

// UnknownCategory returns the first question whose category is not among
// known (0 is every film's), as the 400 that names it; nil when all exist.
func (f EntryForm) UnknownCategory(known func(id int64) bool) error {
	for i, q := range f.Questions {
		if q.Category != 0 && !known(q.Category) {
			return questionErr(i, q, "category", texts.FormUnknownCat, q.Category)
		}
	}
	return nil
}

// Categories lists the categories the form's questions name (0 aside),
// each once.
func (f EntryForm) Categories() []int64 {
	var ids []int64
	for _, q := range f.Questions {
		if q.Category != 0 && !slices.Contains(ids, q.Category) {
			ids = append(ids, q.Category)
		}
	}
	return ids
}
