package festival

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Apply returns prev with the changes made (prev is not changed) and the
// ids whose answer is now different, in the form's order (then by id for
// questions it no longer asks).
func (c AnswerChanges) Apply(prev Answers, form EntryForm) (Answers, []string) {
	next := maps.Clone(prev)
	if next == nil {
		next = Answers{}
	}
	var changed []string
	for id, a := range c {
		old, had := prev[id]
		switch {
		case a == nil && had:
			delete(next, id)
		case a == nil:
			continue
		case had && sameAnswer(old, *a):
			continue
		default:
			next[id] = *a
		}
		changed = append(changed, id)
	}
	form.sortIDs(changed)
	if len(next) == 0 {
		next = nil
	}
	return next, changed
}

// sameAnswer reports whether two answers hold the same value.
func sameAnswer(a, b Answer) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// sortIDs sorts question ids in the form's order, those it does not hold
// last, by id.
func (f EntryForm) sortIDs(ids []string) {
	pos := func(id string) int {
		i := slices.IndexFunc(f.Questions, func(q Question) bool { return q.ID == id })
		if i < 0 {
			return len(f.Questions)
		}
		return i
	}
	slices.SortFunc(ids, func(a, b string) int {
		if pa, pb := pos(a), pos(b); pa != pb {
			return pa - pb
		}
		return strings.Compare(a, b)
	})
}

// AnswerSize is what one answer weighs in the film's item, in bytes: its
// id, its value as JSON (UTF-8) and the entry's overhead.
func AnswerSize(id string, a Answer) int {
	j, _ := json.Marshal(a)
	return len(id) + len(j) + answerOverhead
}

// CheckAnswers refuses next, the answers changed (changed) by by at now:
// the frozen questions (CheckFrozen), then the budget (CheckBudget).
func (f EntryForm) CheckAnswers(by Actor, next Answers, changed []string, now time.Time) error {
	if err := f.CheckFrozen(by, changed, now); err != nil {
		return err
	}
	return f.CheckBudget(next, changed)
}

// CheckFrozen refuses a producer's change of the answer to a frozen
// question (409 naming it); an admin may. A new film's first answers are
// no change: a submission is not held to it.
func (f EntryForm) CheckFrozen(by Actor, changed []string, now time.Time) error {
	if by.Is(RoleAdmin) {
		return nil
	}
	for _, id := range changed {
		if q, ok := f.Question(id); ok && q.FrozenAt(now) {
			return apperr.E(apperr.Conflict, texts.FormQuestionNamed, q.Label,
				texts.M(texts.AnswerFrozen, texts.Stamp(q.FrozenFrom.Time)))
		}
	}
	return nil
}

// CheckBudget refuses answers that together weigh more than
// MaxAnswersBytes (AnswerSize): a 400 naming the first changed question
// past it (the unchanged answers count first).
func (f EntryForm) CheckBudget(next Answers, changed []string) error {
	total := 0
	for id, a := range next {
		if !slices.Contains(changed, id) {
			total += AnswerSize(id, a)
		}
	}
	for _, id := range changed {
		a, ok := next[id]
		if !ok {
			continue
		}
		if total += AnswerSize(id, a); total > MaxAnswersBytes {
			name := id
			if q, ok := f.Question(id); ok {
				name = q.Label
			}
			return apperr.E(apperr.Invalid, texts.FormQuestionNamed, name, texts.M(texts.AnswersTooLarge, MaxAnswersBytes))
		}
	}
	return nil
}

// EditAnswers is the change of a film's answers by by at now (PUT
// /movies/:id/answers and the file answers' routes): the edit window
// (Season.CheckEdit), the changes read from the film as stored (read: its
// categories say which questions it is asked), the frozen questions and
// the budget (CheckAnswers). The audit entry's details name the questions
// whose answer changed.
func EditAnswers(by Actor, st Settings, now time.Time, read func(m Movie) (AnswerChanges, error)) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		if err := st.CheckEdit(by, *m, now); err != nil {
			return nil, err
		}
		changes, err := read(*m)
		if err != nil {
			return nil, err
		}
		next, changed := changes.Apply(m.Answers, st.Form)
		if err := st.Form.CheckAnswers(by, next, changed, now); err != nil {
			return nil, err
		}
		m.Answers = next
		return map[string]string{"questions": strings.Join(changed, ",")}, nil
	}
}

// AnswersFor are the answers audience a reads: those whose question it
// may read (Question.ReadBy); an answer to a question the form no longer
// holds is the admins' only. Admins read them as stored; answers is not
// changed.
func (f EntryForm) AnswersFor(a Audience, answers Answers) Answers {
	if a == AudienceAdmin || len(answers) == 0 {
		return answers
	}
	out := make(Answers, len(answers))
	for id, ans := range answers {
		if q, ok := f.Question(id); ok && q.ReadBy(a) {
			out[id] = ans
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// FileKeys lists the objects the file answers name.
func (a Answers) FileKeys() []string {
	var keys []string
	for _, ans := range a {
		if ans.File != nil {
			keys = append(keys, ans.File.Key)
		}
	}
	return keys
}
