package festival

import (
	"sort"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Limits of the category_rules setting (docs/limits.md).
const (
	MaxRulesPerCategory = 10
	MaxRuleRuntime      = 100000 // seconds, as a film's declared duration
	MaxRuleValues       = 50
	MaxRuleValueLen     = 100
)

// RuleKinds lists every kind of eligibility rule.
var RuleKinds = []RuleKind{RuleRuntimeMax, RuleRuntimeMin, RuleReleaseYearMin, RuleLanguage, RuleSubtitles, RuleAnswer}

// CheckCategoryRules refuses (400, naming the category and the rule) a set
// of rules that breaks their shape at now: a known kind, a whole number
// where the kind needs one (a runtime in seconds, a year from
// MinReleaseYear to ReleaseYearsAhead after now's), the languages of a
// language rule, the question of an answer rule (whether it is in the form
// is the service's check: CheckRuleQuestions), no field the kind does not
// use, at most MaxRulesPerCategory a category. Categories are checked in
// increasing id order, so the answer is the same for the same body.
func CheckCategoryRules(rules map[int64][]EligibilityRule, now time.Time) error {
	ids := make([]int64, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		if n := len(rules[id]); n > MaxRulesPerCategory {
			return apperr.Ef(apperr.Invalid, texts.TooManyRules, id, n, MaxRulesPerCategory)
		}
		for _, r := range rules[id] {
			if err := r.check(id, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// wholeIn reports whether n is set, whole and within [min, max].
func wholeIn(n *float64, min, max int) bool {
	return n != nil && *n == float64(int64(*n)) && *n >= float64(min) && *n <= float64(max)
}

// textsIn reports whether vs has least to most values, each 1 to MaxRuleValueLen
// characters of valid UTF-8.
func textsIn(vs []string, least, most int) bool {
	if len(vs) < least || len(vs) > most {
		return false
	}
	for _, v := range vs {
		if !utf8.ValidString(v) || v == "" || utf8.RuneCountInString(v) > MaxRuleValueLen {
			return false
		}
	}
	return true
}

// check refuses a rule of category cat that breaks its kind's shape.
func (r EligibilityRule) check(cat int64, now time.Time) error {
	extra := func(field string) error { return apperr.Ef(apperr.Invalid, texts.RuleExtraField, r.Kind, cat, field) }
	usesNumber := r.Kind == RuleRuntimeMax || r.Kind == RuleRuntimeMin || r.Kind == RuleReleaseYearMin
	switch {
	case r.Number != nil && !usesNumber:
		return extra("number")
	case r.Values != nil && r.Kind != RuleLanguage && r.Kind != RuleAnswer:
		return extra("values")
	case r.Question != "" && r.Kind != RuleAnswer:
		return extra("question")
	}
	switch r.Kind {
	case RuleRuntimeMax, RuleRuntimeMin:
		if !wholeIn(r.Number, 1, MaxRuleRuntime) {
			return apperr.Ef(apperr.Invalid, texts.RuleRuntimeRange, r.Kind, cat, MaxRuleRuntime)
		}
	case RuleReleaseYearMin:
		if last := now.Year() + ReleaseYearsAhead; !wholeIn(r.Number, MinReleaseYear, last) {
			return apperr.Ef(apperr.Invalid, texts.RuleYearRange, cat, MinReleaseYear, last)
		}
	case RuleLanguage:
		if !textsIn(r.Values, 1, MaxRuleValues) {
			return apperr.Ef(apperr.Invalid, texts.RuleLanguages, cat, MaxRuleValues, MaxRuleValueLen)
		}
	case RuleSubtitles:
	case RuleAnswer:
		if r.Question == "" {
			return apperr.Ef(apperr.Invalid, texts.RuleQuestionNeeded, cat)
		}
		if r.Values != nil && !textsIn(r.Values, 0, MaxRuleValues) {
			return apperr.Ef(apperr.Invalid, texts.RuleValuesTooMany, cat, MaxRuleValues, MaxRuleValueLen)
		}
	default:
		return apperr.Ef(apperr.Invalid, texts.RuleKindUnknown, cat, string(r.Kind))
	}
	return nil
}

// CheckRuleQuestions refuses (400) an answer rule whose question is not in
// the festival's form.
func CheckRuleQuestions(rules map[int64][]EligibilityRule, form EntryForm) error {
	ids := make([]int64, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		for _, r := range rules[id] {
			if _, ok := form.Question(r.Question); r.Kind == RuleAnswer && !ok {
				return apperr.Ef(apperr.Invalid, texts.RuleUnknownQuestion, id, r.Question)
			}
		}
	}
	return nil
}
