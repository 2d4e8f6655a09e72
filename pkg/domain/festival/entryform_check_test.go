package festival

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func aQuestion(id string, kind QuestionKind) Question {
	return Question{ID: id, Label: "Question " + id, Kind: kind, Visibility: VisiblePublic}
}

// refusedWith is err's message when it is a 400 (409 with conflict), "" when nil.
func refusedWith(t *testing.T, err error, code apperr.Code) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("error %v, want an apperr %s", err, code)
	}
	return e.Text(texts.French)
}

func TestEntryFormCheckNamesTheQuestion(t *testing.T) {
	at := func(s string) Time { v, _ := ParseTime(s); return v }
	f64 := func(v float64) *Decimal { d, _ := DecimalFromFloat(v); return &d }
	tooMany := make([]Question, MaxQuestions+1)
	for i := range tooMany {
		tooMany[i] = aQuestion("q"+strings.Repeat("x", i), QuestionText)
	}
	tests := []struct {
		name string
		edit func(q *Question)
		all  []Question // instead of one question edited
		want string     // "" accepted; else a part of the message
	}{
		{"a plain question", func(q *Question) {}, nil, ""},
		{"no label: named by place", func(q *Question) { q.Label = " " }, nil, "questions[0].label : l'intitulé est requis"},
		{"a label on two lines", func(q *Question) { q.Label = "a\nb" }, nil, "questions[0].label"},
		{"label of 200 characters", func(q *Question) { q.Label = strings.Repeat("é", 200) }, nil, ""},
		{"label of 201 characters", func(q *Question) { q.Label = strings.Repeat("é", 201) }, nil, "questions[0].label"},
		{"bad id, named by label", func(q *Question) { q.ID = "Prem-ière" }, nil, "Question « Question q » : l'identifiant doit faire"},
		{"id of 41", func(q *Question) { q.ID = strings.Repeat("a", 41) }, nil, "l'identifiant"},
		{"id of 40", func(q *Question) { q.ID = strings.Repeat("a", 40) }, nil, ""},
		{"help of 501", func(q *Question) { q.Help = strings.Repeat("a", 501) }, nil, "l'aide fait au plus 500"},
		{"unknown kind", func(q *Question) { q.Kind = "colour" }, nil, "le type doit être"},
		{"no visibility", func(q *Question) { q.Visibility = "" }, nil, "la visibilité doit être public, jury ou admins"},
		{"negative category", func(q *Question) { q.Category = -1 }, nil, "la catégorie doit être 0"},
		{"required_from without required", func(q *Question) { q.RequiredFrom = at("2026-01-01T00:00:00Z") }, nil, "required_from n'a de sens"},
		{"required_from with required", func(q *Question) { q.Required, q.RequiredFrom = true, at("2026-01-01T00:00:00Z") }, nil, ""},
		{"required after frozen", func(q *Question) {
			q.Required, q.RequiredFrom, q.FrozenFrom = true, at("2026-02-01T00:00:00Z"), at("2026-01-01T00:00:00Z")
		}, nil, "required_from doit précéder frozen_from"},
		{"choices on a text", func(q *Question) { q.Choices = []string{"a", "b"} }, nil, "seules les questions choice"},
		{"one choice", func(q *Question) { q.Kind, q.Choices = QuestionChoice, []string{"a"} }, nil, "de 2 à 20 options"},
		{"two choices", func(q *Question) { q.Kind, q.Choices = QuestionChoices, []string{"a", "b"} }, nil, ""},
		{"21 choices", func(q *Question) {
			q.Kind = QuestionChoice
			for i := range 21 {
				q.Choices = append(q.Choices, strings.Repeat("c", i+1))
			}
		}, nil, "de 2 à 20 options"},
		{"a repeated choice", func(q *Question) { q.Kind, q.Choices = QuestionChoice, []string{"a", "b", "a"} }, nil, "l'option « a » est en double"},
		{"an empty choice", func(q *Question) { q.Kind, q.Choices = QuestionChoice, []string{"a", ""} }, nil, "chaque option"},
		{"a choice of 101", func(q *Question) { q.Kind, q.Choices = QuestionChoice, []string{"a", strings.Repeat("b", 101)} }, nil, "chaque option"},
		{"min on a text", func(q *Question) { q.Min = f64(1) }, nil, "seules les questions number"},
		{"min above max", func(q *Question) { q.Kind, q.Min, q.Max = QuestionNumber, f64(2), f64(1) }, nil, "le minimum au plus égal"},
		{"max beyond 1e12", func(q *Question) { q.Kind, q.Max = QuestionNumber, f64(2e12) }, nil, "le minimum au plus égal"},
		{"min and max", func(q *Question) { q.Kind, q.Min, q.Max = QuestionNumber, f64(-1), f64(1) }, nil, ""},
		{"a repeated id", nil, []Question{aQuestion("a", QuestionText), aQuestion("a", QuestionDate)}, "Question « Question a » : l'identifiant a est déjà"},
		{"31 questions", nil, tooMany, "au plus 30 questions (reçu 31)"},
		{"no question", nil, []Question{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := EntryForm{Questions: tt.all}
			if tt.edit != nil {
				q := aQuestion("q", QuestionText)
				tt.edit(&q)
				f.Questions = []Question{q}
			}
			got := refusedWith(t, f.Check(), apperr.Invalid)
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("Check() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEntryFormUnknownCategoryNamesTheQuestion(t *testing.T) {
	q := aQuestion("premiere", QuestionYesNo)
	q.Label, q.Category = "Première mondiale ?", 9
	f := EntryForm{Questions: []Question{aQuestion("a", QuestionText), q}}
	got := refusedWith(t, f.UnknownCategory(func(id int64) bool { return id == 3 }), apperr.Invalid)
	if got != "Question « Première mondiale ? » : la catégorie 9 n'existe pas" {
		t.Errorf("got %q", got)
	}
	if err := f.UnknownCategory(func(id int64) bool { return id == 9 }); err != nil {
		t.Errorf("a known category refused: %v", err)
	}
	if cats := f.Categories(); len(cats) != 1 || cats[0] != 9 {
		t.Errorf("Categories() = %v", cats)
	}
}

func TestQuestionTimesRequiredAndFrozen(t *testing.T) {
	from, _ := ParseTime("2026-03-01T00:00:00Z")
	q := Question{Required: true, RequiredFrom: from, FrozenFrom: from}
	before, after := from.Add(-time.Second), from.Time
	if q.RequiredAt(before) || !q.RequiredAt(after) || q.FrozenAt(before) || !q.FrozenAt(after) {
		t.Error("required_from or frozen_from does not start at its moment")
	}
}
