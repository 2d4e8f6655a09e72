package festival

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The filmmaker's own festival: the festival's own questions (EntryForm),
// the answers a film carries (Answers), the eligibility rules of categories
// (EligibilityRule), what a film still lacks (Missing), its withdrawal
// (Withdrawal) and the edit window (CheckEdit). docs/entries.md explains
// the whole.

// QuestionKind is the type of a question's answer.
type QuestionKind string

const (
	QuestionText     QuestionKind = "text"      // one line
	QuestionLongText QuestionKind = "long_text" // paragraphs
	QuestionNumber   QuestionKind = "number"    // a decimal, two places at most
	QuestionDate     QuestionKind = "date"      // YYYY-MM-DD
	QuestionURL      QuestionKind = "url"       // http(s)
	QuestionYesNo    QuestionKind = "yes_no"    // true or false
	QuestionChoice   QuestionKind = "choice"    // one of Choices
	QuestionChoices  QuestionKind = "choices"   // some of Choices
	QuestionFile     QuestionKind = "file"      // a PDF or an image, content-checked
)

// QuestionKinds lists every kind.
var QuestionKinds = []QuestionKind{
	QuestionText, QuestionLongText, QuestionNumber, QuestionDate, QuestionURL,
	QuestionYesNo, QuestionChoice, QuestionChoices, QuestionFile,
}

// AnswerVisibility is who reads an answer besides the film's producer (who
// always reads their own) and the admins (who read everything).
type AnswerVisibility string

const (
	VisiblePublic AnswerVisibility = "public" // whoever reads the film
	VisibleJury   AnswerVisibility = "jury"   // jurors and admins
	VisibleAdmins AnswerVisibility = "admins" // admins only
)

// Question is one question of the festival's own form. Category 0 asks it
// of every film; otherwise of the films of that category.
type Question struct {
	// ID is the answer's key on the film: [a-z0-9_]{1,40}, stable.
	ID       string       `json:"id"`
	Label    string       `json:"label"`
	Help     string       `json:"help"`
	Kind     QuestionKind `json:"kind"`
	Category int64        `json:"category"`
	// Required: a film must answer it; RequiredFrom, when set, makes it
	// required from that moment only (optional before).
	Required     bool `json:"required"`
	RequiredFrom Time `json:"required_from"`
	// FrozenFrom, when set: from that moment the producer can no longer
	// change the answer (an admin still can).
	FrozenFrom Time             `json:"frozen_from"`
	Visibility AnswerVisibility `json:"visibility"`
	// Choices are the options of a choice or choices question.
	Choices []string `json:"choices"`
	// Min and Max bound a number question's answer (nil: unbounded), two
	// decimal places at most, as the answer.
	Min *Decimal `json:"min"`
	Max *Decimal `json:"max"`
}

// RequiredAt reports whether the question must be answered at now.
func (q Question) RequiredAt(now time.Time) bool {
	return q.Required && (q.RequiredFrom.IsZero() || !now.Before(q.RequiredFrom.Time))
}

// FrozenAt reports whether a producer may no longer change the answer.
func (q Question) FrozenAt(now time.Time) bool {
	return !q.FrozenFrom.IsZero() && !now.Before(q.FrozenFrom.Time)
}

// AsksOf reports whether the question is asked of a film of categories cats.
func (q Question) AsksOf(cats []int64) bool {
	return q.Category == 0 || slices.Contains(cats, q.Category)
}

// ReadBy reports whether audience a reads the answer.
func (q Question) ReadBy(a Audience) bool {
	switch a {
	case AudienceAdmin, AudienceProducer:
		return true
	case AudienceJury:
		return q.Visibility == VisiblePublic || q.Visibility == VisibleJury
	}
	return q.Visibility == VisiblePublic
}

// EntryForm is the festival's own form: its questions, in the order the
// form shows them. It is stored beside the settings (one item) and read
// with them (Settings.Form).
type EntryForm struct {
	Questions []Question `json:"questions"`
	UpdatedAt Time       `json:"updatedAt"`
}

// Question returns the question with this id.
func (f EntryForm) Question(id string) (Question, bool) {
	i := slices.IndexFunc(f.Questions, func(q Question) bool { return q.ID == id })
	if i < 0 {
		return Question{}, false
	}
	return f.Questions[i], true
}

// AskedOf lists the questions asked of a film of categories cats.
func (f EntryForm) AskedOf(cats []int64) []Question {
	var out []Question
	for _, q := range f.Questions {
		if q.AsksOf(cats) {
			out = append(out, q)
		}
	}
	return out
}

// AnswerFile is a file given as an answer: the stored object's name (under
// the film's prefix in the bucket), the name the producer gave it, its
// checked content type and its size.
type AnswerFile struct {
	Key         string `json:"key" dynamodbav:"key"`
	Name        string `json:"name" dynamodbav:"name"`
	ContentType string `json:"content_type" dynamodbav:"content_type"`
	Size        int64  `json:"size" dynamodbav:"size"`
}

// Answer is the answer to one question; exactly one field is set, the one
// of the question's kind: Text (text, long_text, url, date, choice), Number,
// Bool (yes_no), Choices, File. Its JSON is the bare value (a string, a
// number, a boolean, an array of strings, or the file's object).
type Answer struct {
	Text    *string
	Number  *Decimal
	Bool    *bool
	Choices []string
	File    *AnswerFile
}

// Answers are a film's answers by question id.
type Answers map[string]Answer

// Has reports whether the question id is answered.
func (a Answers) Has(id string) bool { _, ok := a[id]; return ok }

// Missing is one line of a film's checklist: what keeps it incomplete.
// Kind is "question" (a required answer), "rule" (an eligibility rule of
// one of its categories) or "file" (the film's file); Ref names the
// question or the rule; Text says it in French.
type Missing struct {
	Kind string `json:"kind"`
	Ref  string `json:"ref"`
	Text string `json:"text"`
}

// Completeness is a film's checklist as its producer and the admins read it.
type Completeness struct {
	Complete bool      `json:"complete"`
	Missing  []Missing `json:"missing"`
}

// RuleKind is the kind of an eligibility rule.
type RuleKind string

const (
	RuleRuntimeMax     RuleKind = "runtime_max"      // Number: seconds, measured else declared
	RuleRuntimeMin     RuleKind = "runtime_min"      // Number: seconds
	RuleReleaseYearMin RuleKind = "release_year_min" // Number: a year
	RuleLanguage       RuleKind = "language"         // Values: accepted main languages
	RuleSubtitles      RuleKind = "subtitles"        // a subtitle file, readable once measured
	RuleAnswer         RuleKind = "answer"           // Question answered, with one of Values when set
)

// EligibilityRule is a condition a film of a category must meet to be
// complete (Season.CategoryRules).
type EligibilityRule struct {
	Kind     RuleKind `json:"kind" dynamodbav:"kind"`
	Number   *float64 `json:"number,omitempty" dynamodbav:"number,omitempty"`
	Values   []string `json:"values,omitempty" dynamodbav:"values,omitempty"`
	Question string   `json:"question,omitempty" dynamodbav:"question,omitempty"`
}

// IncompleteEntries is what the festival does with a film its checklist
// finds incomplete when it is submitted or edited.
type IncompleteEntries string

const (
	// IncompleteRefuse refuses the submission or the edit (400 naming what
	// is missing): the default.
	IncompleteRefuse IncompleteEntries = "refuse"
	// IncompleteSave keeps the film as a draft (Movie.Draft): saved, not
	// submitted, until an edit makes it complete.
	IncompleteSave IncompleteEntries = "save"
)

// ParseIncompleteEntries reads the setting's value.
func ParseIncompleteEntries(s string) (IncompleteEntries, bool) {
	switch v := IncompleteEntries(s); v {
	case IncompleteRefuse, IncompleteSave:
		return v, true
	}
	return "", false
}

// Withdrawal is a film's withdrawal from the festival: by whom, when, why,
// and the status it had (an admin's undo leaves it as it was).
type Withdrawal struct {
	At     Time            `json:"at" dynamodbav:"at"`
	By     int64           `json:"by" dynamodbav:"by"`
	Reason string          `json:"reason" dynamodbav:"reason"`
	Status SelectionStatus `json:"status" dynamodbav:"status"`
}

// InFestival reports whether the film takes part in the festival: neither a
// draft nor withdrawn. A film out of it leaves the public list, the
// assignment, the results and the progress counts.
func (m Movie) InFestival() bool { return !m.Draft && m.Withdrawn == nil }

// CheckEdit refuses a change of a film's entry (its fields, its answers)
// by by at now: an admin may always; the film's producer while its
// categories' submission window is open (Season.CheckSubmissionIn), or
// until the late-entry code that let it in expires, and never once it is
// withdrawn; nobody else.
func (s Season) CheckEdit(by Actor, m Movie, now time.Time) error {
	switch {
	case by.Is(RoleAdmin):
		return nil
	case by.ID == 0 || by.ID != m.OwnerID:
		return apperr.E(apperr.Forbidden, texts.NotOwner)
	case m.Withdrawn != nil:
		return apperr.E(apperr.Conflict, texts.MovieWithdrawn)
	case !m.LateEntryUntil.IsZero() && now.Before(m.LateEntryUntil.Time):
		return nil
	}
	return s.CheckSubmissionIn(now, m.CategoryIDs())
}

// MarshalJSON writes the answer as its bare value.
func (a Answer) MarshalJSON() ([]byte, error) {
	switch {
	case a.Text != nil:
		return json.Marshal(*a.Text)
	case a.Number != nil:
		return json.Marshal(*a.Number)
	case a.Bool != nil:
		return json.Marshal(*a.Bool)
	case a.File != nil:
		return json.Marshal(a.File)
	case a.Choices != nil:
		return json.Marshal(a.Choices)
	}
	return []byte("null"), nil
}
