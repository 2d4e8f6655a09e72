package festival

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Bounds of a film's answers. MaxAnswersBytes keeps the answers of the
// largest film inside one DynamoDB item with every other field at its limit
// (TestAMovieAtEveryLimitFitsInOneItem).
const (
	MaxAnswerText     = 255
	MaxAnswerLongText = 5000
	MaxAnswerURL      = 1000
	AnswerDecimals    = 2
	MaxAnswersBytes   = 64 << 10
	// MaxAnswerFileName bounds the name a file answer keeps (the name the
	// producer's file had; longer ones are cut).
	MaxAnswerFileName = 255
	// answerOverhead is what one answer costs in the item beyond its id and
	// its JSON value (the map entry and the value's type).
	answerOverhead = 8
)

// RawAnswers are a film's answers as sent, before the form reads them:
// JSON values by question id (a JSON body, or a submission's `answers`
// field; null, "" or [] clears an answer), and a submission form's text
// fields answer.<id> (one value, several for choices; "" clears). A JSON
// value wins over a text field of the same question.
type RawAnswers struct {
	JSON  map[string]json.RawMessage
	Texts map[string][]string
}

// Empty reports whether nothing was sent.
func (r RawAnswers) Empty() bool { return len(r.JSON) == 0 && len(r.Texts) == 0 }

// AnswerChanges are answers to set by question id; a nil answer clears it.
type AnswerChanges map[string]*Answer

// named is a refusal about question q: its label, then why.
func named(q Question, why texts.Key, args ...any) error {
	return apperr.E(apperr.Invalid, texts.FormQuestionNamed, q.Label, texts.M(why, args...))
}

// asked returns the question id asked of a film of categories cats: a 400
// naming it when the form has no such question or does not ask it.
func (f EntryForm) asked(id string, cats []int64) (Question, error) {
	q, ok := f.Question(id)
	if !ok {
		return q, apperr.Ef(apperr.Invalid, texts.AnswerUnknown, truncate(id, MaxQuestionIDLen))
	}
	if !q.AsksOf(cats) {
		return q, named(q, texts.AnswerNotAsked)
	}
	return q, nil
}

// ReadAnswers reads raw answers against the form, for a film of categories
// cats: each value parsed by its question's kind. The first refusal (ids in
// order) is a 400 naming the question.
func (f EntryForm) ReadAnswers(raw RawAnswers, cats []int64) (AnswerChanges, error) {
	ids := make([]string, 0, len(raw.JSON)+len(raw.Texts))
	for id := range raw.JSON {
		ids = append(ids, id)
	}
	for id := range raw.Texts {
		if _, dup := raw.JSON[id]; !dup {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	out := make(AnswerChanges, len(ids))
	for _, id := range ids {
		q, err := f.asked(id, cats)
		if err != nil {
			return nil, err
		}
		var a *Answer
		if v, ok := raw.JSON[id]; ok {
			a, err = q.ParseJSON(v)
		} else {
			a, err = q.ParseTexts(raw.Texts[id])
		}
		if err != nil {
			return nil, err
		}
		out[id] = a
	}
	return out, nil
}

// FileAnswer is the change that sets (file) or clears (nil) the answer to
// the file question id of a film of categories cats.
func (f EntryForm) FileAnswer(id string, cats []int64, file *AnswerFile) (AnswerChanges, error) {
	q, err := f.asked(id, cats)
	if err != nil {
		return nil, err
	}
	if q.Kind != QuestionFile {
		return nil, named(q, texts.AnswerNotFile)
	}
	if file == nil {
		return AnswerChanges{id: nil}, nil
	}
	return AnswerChanges{id: {File: file}}, nil
}

// ParseJSON reads the answer to q from its JSON value: a string for text,
// long_text, date, url and choice; a number; a boolean for yes_no; an array
// of strings for choices. null (and "" or []) clears it (nil). A file comes
// through the file routes only: JSON can only clear it.
func (q Question) ParseJSON(raw json.RawMessage) (*Answer, error) {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return nil, nil
	}
	switch q.Kind {
	case QuestionNumber:
		var n json.Number
		if len(raw) == 0 || raw[0] == '"' || json.Unmarshal(raw, &n) != nil {
			return nil, q.numberErr()
		}
		return q.number(n.String())
	case QuestionYesNo:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return nil, named(q, texts.AnswerYesNo)
		}
		return &Answer{Bool: &b}, nil
	case QuestionChoices:
		var vs []string
		if json.Unmarshal(raw, &vs) != nil {
			return nil, named(q, texts.AnswerChoices, strings.Join(q.Choices, ", "))
		}
		return q.choices(vs)
	case QuestionFile:
		return nil, named(q, texts.AnswerFileOnly, q.ID, q.ID)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil, q.textErr()
	}
	return q.text(s)
}

// ParseTexts reads the answer to q from a form's text values: one value
// (several for choices), a number as written ("12.5" or "12,5"), yes_no as
// true/false/oui/non. "" clears it (nil).
func (q Question) ParseTexts(vs []string) (*Answer, error) {
	if q.Kind == QuestionChoices {
		return q.choices(vs)
	}
	if len(vs) != 1 {
		return nil, q.textErr()
	}
	s := strings.TrimSpace(vs[0])
	switch q.Kind {
	case QuestionNumber:
		if s == "" {
			return nil, nil
		}
		if !decimalText.MatchString(s) {
			return nil, q.numberErr()
		}
		return q.number(strings.Replace(s, ",", ".", 1))
	case QuestionYesNo:
		switch strings.ToLower(s) {
		case "":
			return nil, nil
		case "true", "oui":
			return &Answer{Bool: new(true)}, nil
		case "false", "non":
			return &Answer{Bool: new(false)}, nil
		}
		return nil, named(q, texts.AnswerYesNo)
	case QuestionFile:
		return nil, named(q, texts.AnswerFileOnly, q.ID, q.ID)
	}
	return q.text(s)
}

// decimalText is a number as a form writes it: digits, a point or a comma.
var decimalText = regexp.MustCompile(`^[+-]?[0-9]{1,13}([.,][0-9]+)?$`)

// textErr is the refusal of a value that is not of the question's kind.
func (q Question) textErr() error {
	switch q.Kind {
	case QuestionNumber:
		return q.numberErr()
	case QuestionYesNo:
		return named(q, texts.AnswerYesNo)
	case QuestionChoices:
		return named(q, texts.AnswerChoices, strings.Join(q.Choices, ", "))
	case QuestionChoice:
		return named(q, texts.AnswerChoice, strings.Join(q.Choices, ", "))
	case QuestionDate:
		return named(q, texts.AnswerDate)
	case QuestionURL:
		return named(q, texts.AnswerURL, MaxAnswerURL)
	case QuestionLongText:
		return named(q, texts.AnswerLongText, MaxAnswerLongText)
	case QuestionFile:
		return named(q, texts.AnswerFileOnly, q.ID, q.ID)
	}
	return named(q, texts.AnswerText, MaxAnswerText)
}

func (q Question) numberErr() error {
	return named(q, texts.AnswerNumber, AnswerDecimals, float64(MaxAnswerNumber))
}

// number reads a decimal as written, exactly (ParseDecimal: at most two
// decimals, so 1e-131 has too many), within MaxAnswerNumber, then within
// the question's min and max.
func (q Question) number(lit string) (*Answer, error) {
	v, err := ParseDecimal([]byte(lit))
	if err != nil || !v.In(WholeDecimal(-MaxAnswerNumber), WholeDecimal(MaxAnswerNumber)) {
		return nil, q.numberErr()
	}
	if q.Min != nil && v.Cmp(*q.Min) < 0 {
		return nil, named(q, texts.AnswerNumberMin, q.Min.Float64())
	}
	if q.Max != nil && v.Cmp(*q.Max) > 0 {
		return nil, named(q, texts.AnswerNumberMax, q.Max.Float64())
	}
	return &Answer{Number: &v}, nil
}

// text reads the answer of a question whose answer is a string, trimmed;
// "" clears it.
func (q Question) text(s string) (*Answer, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	n := utf8.RuneCountInString(s)
	ok := utf8.ValidString(s)
	switch q.Kind {
	case QuestionText:
		ok = ok && n <= MaxAnswerText && !strings.ContainsAny(s, "\r\n")
	case QuestionLongText:
		ok = ok && n <= MaxAnswerLongText
	case QuestionDate:
		_, err := time.Parse(time.DateOnly, s)
		ok = err == nil && len(s) == len(time.DateOnly)
	case QuestionURL:
		ok = ok && n <= MaxAnswerURL && validURL(s)
	case QuestionChoice:
		ok = slices.Contains(q.Choices, s)
	default:
		ok = false
	}
	if !ok {
		return nil, q.textErr()
	}
	return &Answer{Text: &s}, nil
}

// validURL reports whether s is an absolute http(s) address with a host
// and no space.
func validURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		!strings.ContainsAny(s, " \t\r\n")
}

// choices reads a choices answer: options of the question, each once; none
// clears it.
func (q Question) choices(vs []string) (*Answer, error) {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		v = strings.TrimSpace(v)
		if v == "" && len(vs) == 1 {
			break // a form's empty field
		}
		if !slices.Contains(q.Choices, v) || slices.Contains(out, v) {
			return nil, named(q, texts.AnswerChoices, strings.Join(q.Choices, ", "))
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return &Answer{Choices: out}, nil
}
