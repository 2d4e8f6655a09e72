package festival

import (
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A film's checklist: what keeps it incomplete, as its producer and the
// admins read it (computed on read, never stored), and what decides whether
// a submission or an edit is refused or saved as a draft (IncompleteEntries).

// Checklist is what film m lacks at now, in French (ChecklistIn).
func (s Settings) Checklist(m Movie, now time.Time) Completeness {
	return s.ChecklistIn(m, now, texts.Default)
}

// ChecklistIn is what film m lacks at now, written in l: each question of
// the festival's form asked of its categories that is required at now and
// not answered, then each eligibility rule of each of its categories it
// fails, in the order of its categories. Rules are checked on what the
// film is: its measured runtime once the media job measured it (declared
// before), its subtitles readable once the job read them.
func (s Settings) ChecklistIn(m Movie, now time.Time, l texts.Lang) Completeness {
	missing := []Missing{}
	for _, line := range s.lacks(m, now) {
		missing = append(missing, Missing{Kind: line.kind, Ref: line.ref, Text: line.why.In(l)})
	}
	return Completeness{Complete: len(missing) == 0, Missing: missing}
}

// lack is one line of a checklist, not yet written in a language.
type lack struct {
	kind, ref string
	why       texts.Msg
}

// lacks are the lines of film m's checklist at now (ChecklistIn).
func (s Settings) lacks(m Movie, now time.Time) []lack {
	var out []lack
	for _, q := range s.Form.AskedOf(m.CategoryIDs()) {
		if q.RequiredAt(now) && !m.Answers.Has(q.ID) {
			out = append(out, lack{kind: "question", ref: q.ID, why: texts.M(texts.AnswerRequired, q.Label)})
		}
	}
	for _, c := range m.Categories {
		for _, r := range s.CategoryRules[c.ID] {
			if why, failed := s.fails(r, m); failed {
				out = append(out, lack{kind: "rule", ref: strconv.FormatInt(c.ID, 10) + ":" + string(r.Kind),
					why: texts.M(texts.RuleInCategory, c.Name, why)})
			}
		}
	}
	return out
}

// fails reports whether m fails rule r, and why (without the category). A rule of an unknown kind fails nothing (storage keeps only
// known kinds).
func (s Settings) fails(r EligibilityRule, m Movie) (texts.Msg, bool) {
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
			return texts.M(texts.ReleaseYearUnknown, int64(n)), true
		case float64(*m.ReleaseYear) < n:
			return texts.M(texts.ReleaseYearTooOld, *m.ReleaseYear, int64(n)), true
		}
	case RuleLanguage:
		return languageFails(r.Values, m.MainLanguage)
	case RuleSubtitles:
		switch {
		case m.Subtitle == nil:
			return texts.M(texts.SubtitlesMissing), true
		case m.Media != nil && m.Media.Facts != nil && (m.Media.Facts.SubtitlesEnd == nil || *m.Media.Facts.SubtitlesEnd <= 0):
			return texts.M(texts.SubtitlesUnreadable), true
		}
	case RuleAnswer:
		return s.answerFails(r, m.Answers)
	}
	return texts.Msg{}, false
}

// runtimeFails checks a runtime bound of limit seconds against the film's
// runtime (nil: unknown, which fails either bound).
func runtimeFails(kind RuleKind, limit int64, runtime *int64) (texts.Msg, bool) {
	switch {
	case runtime == nil && kind == RuleRuntimeMax:
		return texts.M(texts.RuntimeUnknownMax, Clock(limit)), true
	case runtime == nil:
		return texts.M(texts.RuntimeUnknownMin, Clock(limit)), true
	case kind == RuleRuntimeMax && *runtime > limit:
		return texts.M(texts.RuntimeOverMax, Clock(*runtime), Clock(limit)), true
	case kind == RuleRuntimeMin && *runtime < limit:
		return texts.M(texts.RuntimeUnderMin, Clock(*runtime), Clock(limit)), true
	}
	return texts.Msg{}, false
}

// languageFails checks the film's main language against the accepted ones,
// trimmed and case-insensitively.
func languageFails(accepted []string, lang *string) (texts.Msg, bool) {
	list := strings.Join(accepted, ", ")
	if lang == nil || strings.TrimSpace(*lang) == "" {
		return texts.M(texts.LanguageUnknown, list), true
	}
	for _, v := range accepted {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(*lang)) {
			return texts.Msg{}, false
		}
	}
	return texts.M(texts.LanguageNotAccepted, strings.TrimSpace(*lang), list), true
}

// answerFails checks that the rule's question is answered, with one of its
// values when it has some (a multiple choice: one of the choices made).
func (s Settings) answerFails(r EligibilityRule, answers Answers) (texts.Msg, bool) {
	label := r.Question
	if q, ok := s.Form.Question(r.Question); ok {
		label = q.Label
	}
	a, ok := answers[r.Question]
	if !ok {
		return texts.M(texts.RuleAnswerMissing, label), true
	}
	if len(r.Values) == 0 {
		return texts.Msg{}, false
	}
	for _, v := range a.values() {
		for _, want := range r.Values {
			if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(want)) {
				return texts.Msg{}, false
			}
		}
	}
	return texts.M(texts.RuleAnswerNotIn, label, strings.Join(r.Values, ", ")), true
}

// values are the answer as the texts a rule's values are compared with: a
// yes/no answer is "true" or "false", a number its shortest decimal form.
func (a Answer) values() []string {
	switch {
	case a.Text != nil:
		return []string{*a.Text}
	case a.Number != nil:
		return []string{a.Number.String()}
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

// Admit decides what a submission or a producer's edit of film m at now
// meets: complete, it is in the festival (Draft cleared); incomplete, it is
// refused (the first missing line) or, when the festival saves incomplete
// entries, kept as a draft. An admin's edit is never refused: it only
// clears Draft once the film is complete.
func (s Settings) Admit(m *Movie, now time.Time, byAdmin bool) error {
	lacks := s.lacks(*m, now)
	switch {
	case len(lacks) == 0:
		m.Draft = false
	case byAdmin:
	case s.IncompleteEntries == IncompleteSave:
		m.Draft = true
	default:
		return apperr.E(apperr.Invalid, lacks[0].why.Key, lacks[0].why.Args...)
	}
	return nil
}
