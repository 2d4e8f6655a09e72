package festival

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A film's checklist: what keeps it incomplete, as its producer and the
// admins read it (computed on read, never stored), and what decides whether
// a submission or an edit is refused or saved as a draft (IncompleteEntries).

// Checklist is what film m lacks at now: each question of the festival's
// form asked of its categories that is required at now and not answered,
// then each eligibility rule of each of its categories it fails, in the
// order of its categories. Rules are checked on what the film is: its
// measured runtime once the media job measured it (declared before), its
// subtitles readable once the job read them.
func (s Settings) Checklist(m Movie, now time.Time) Completeness {
	missing := []Missing{}
	for _, q := range s.Form.AskedOf(m.CategoryIDs()) {
		if q.RequiredAt(now) && !m.Answers.Has(q.ID) {
			missing = append(missing, Missing{Kind: "question", Ref: q.ID, Text: fmt.Sprintf(texts.AnswerRequired, q.Label)})
		}
	}
	for _, c := range m.Categories {
		for _, r := range s.CategoryRules[c.ID] {
			if why, failed := s.fails(r, m); failed {
				missing = append(missing, Missing{
					Kind: "rule", Ref: strconv.FormatInt(c.ID, 10) + ":" + string(r.Kind),
					Text: fmt.Sprintf(texts.RuleInCategory, c.Name) + why,
				})
			}
		}
	}
	return Completeness{Complete: len(missing) == 0, Missing: missing}
}

// fails reports whether m fails rule r, and why (in French, without the
// category). A rule of an unknown kind fails nothing (storage keeps only
// known kinds).
func (s Settings) fails(r EligibilityRule, m Movie) (string, bool) {
	n := 0.0
	if r.Number != nil {
		n = *r.Number
	}
	switch r.Kind {
	case RuleRuntimeMax, RuleRuntimeMin:
		return runtimeFails(r.Kind, int64(n), m.Runtime())
	case RuleReleaseYearMin:
		switch {
		case m.ReleaseYear == nil:
			return fmt.Sprintf(texts.ReleaseYearUnknown, int64(n)), true
		case float64(*m.ReleaseYear) < n:
			return fmt.Sprintf(texts.ReleaseYearTooOld, *m.ReleaseYear, int64(n)), true
		}
	case RuleLanguage:
		return languageFails(r.Values, m.MainLanguage)
	case RuleSubtitles:
		switch {
		case m.Subtitle == nil:
			return texts.SubtitlesMissing, true
		case m.Media != nil && m.Media.Facts != nil && (m.Media.Facts.SubtitlesEnd == nil || *m.Media.Facts.SubtitlesEnd <= 0):
			return texts.SubtitlesUnreadable, true
		}
	case RuleAnswer:
		return s.answerFails(r, m.Answers)
	}
	return "", false
}

// runtimeFails checks a runtime bound of limit seconds against the film's
// runtime (nil: unknown, which fails either bound).
func runtimeFails(kind RuleKind, limit int64, runtime *int64) (string, bool) {
	switch {
	case runtime == nil && kind == RuleRuntimeMax:
		return fmt.Sprintf(texts.RuntimeUnknownMax, Clock(limit)), true
	case runtime == nil:
		return fmt.Sprintf(texts.RuntimeUnknownMin, Clock(limit)), true
	case kind == RuleRuntimeMax && *runtime > limit:
		return fmt.Sprintf(texts.RuntimeOverMax, Clock(*runtime), Clock(limit)), true
	case kind == RuleRuntimeMin && *runtime < limit:
		return fmt.Sprintf(texts.RuntimeUnderMin, Clock(*runtime), Clock(limit)), true
	}
	return "", false
}

// languageFails checks the film's main language against the accepted ones,
// trimmed and case-insensitively.
func languageFails(accepted []string, lang *string) (string, bool) {
	list := strings.Join(accepted, ", ")
	if lang == nil || strings.TrimSpace(*lang) == "" {
		return fmt.Sprintf(texts.LanguageUnknown, list), true
	}
	for _, v := range accepted {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(*lang)) {
			return "", false
		}
	}
	return fmt.Sprintf(texts.LanguageNotAccepted, strings.TrimSpace(*lang), list), true
}

// answerFails checks that the rule's question is answered, with one of its
// values when it has some (a multiple choice: one of the choices made).
func (s Settings) answerFails(r EligibilityRule, answers Answers) (string, bool) {
	label := r.Question
	if q, ok := s.Form.Question(r.Question); ok {
		label = q.Label
	}
	a, ok := answers[r.Question]
	if !ok {
		return fmt.Sprintf(texts.RuleAnswerMissing, label), true
	}
	if len(r.Values) == 0 {
		return "", false
	}
	for _, v := range a.values() {
		for _, want := range r.Values {
			if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(want)) {
				return "", false
			}
		}
	}
	return fmt.Sprintf(texts.RuleAnswerNotIn, label, strings.Join(r.Values, ", ")), true
}

// values are the answer as the texts a rule's values are compared with: a
// yes/no answer is "true" or "false", a number its shortest decimal form.
func (a Answer) values() []string {
	switch {
	case a.Text != nil:
		return []string{*a.Text}
	case a.Number != nil:
		return []string{strconv.FormatFloat(*a.Number, 'f', -1, 64)}
	case a.Bool != nil:
		return []string{strconv.FormatBool(*a.Bool)}
	case a.File != nil:
		return []string{a.File.Name}
	}
	return a.Choices
}

// Clock writes a runtime of seconds as people read it: "12 min 30 s",
// "10 min", "45 s", "1 h 30 min".
func Clock(seconds int64) string {
	h, m, s := seconds/3600, seconds%3600/60, seconds%60
	var parts []string
	if h > 0 {
		parts = append(parts, strconv.FormatInt(h, 10)+" h")
	}
	if m > 0 {
		parts = append(parts, strconv.FormatInt(m, 10)+" min")
	}
	if s > 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatInt(s, 10)+" s")
	}
	return strings.Join(parts, " ")
}

// Incomplete is the refusal of a film whose checklist is not complete: its
// first missing line (IncompleteRefuse).
func (c Completeness) Incomplete() error {
	if c.Complete || len(c.Missing) == 0 {
		return nil
	}
	return apperr.E(apperr.Invalid, c.Missing[0].Text)
}

// Admit decides what a submission or a producer's edit of film m at now
// meets: complete, it is in the festival (Draft cleared); incomplete, it is
// refused (the first missing line) or, when the festival saves incomplete
// entries, kept as a draft. An admin's edit is never refused: it only
// clears Draft once the film is complete.
func (s Settings) Admit(m *Movie, now time.Time, byAdmin bool) error {
	c := s.Checklist(*m, now)
	switch {
	case c.Complete:
		m.Draft = false
	case byAdmin:
	case s.IncompleteEntries == IncompleteSave:
		m.Draft = true
	default:
		return c.Incomplete()
	}
	return nil
}
