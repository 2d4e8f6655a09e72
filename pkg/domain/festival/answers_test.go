package festival

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

// answerForm asks one question of each kind (the number between -5 and
// 1000), and "cat_only" of category 4's films only.
func answerForm() EntryForm {
	f64 := func(v float64) *Decimal { d, _ := DecimalFromFloat(v); return &d }
	qs := []Question{
		aQuestion("t", QuestionText), aQuestion("lt", QuestionLongText), aQuestion("n", QuestionNumber),
		aQuestion("d", QuestionDate), aQuestion("u", QuestionURL), aQuestion("yn", QuestionYesNo),
		aQuestion("c", QuestionChoice), aQuestion("cs", QuestionChoices), aQuestion("f", QuestionFile),
		aQuestion("cat_only", QuestionText),
	}
	qs[2].Min, qs[2].Max = f64(-5), f64(1000)
	qs[6].Choices = []string{"court", "long"}
	qs[7].Choices = []string{"fr", "en", "de"}
	qs[9].Category = 4
	return EntryForm{Questions: qs}
}

// answerJSON is the answer's JSON, "clear" for nil.
func answerJSON(a *Answer) string {
	if a == nil {
		return "clear"
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func TestParseJSONEveryKindAtItsEdges(t *testing.T) {
	f := answerForm()
	tests := []struct {
		id, raw string
		want    string // the answer's JSON, "clear", or "!" + a part of the refusal
	}{
		{"t", `"  Bonjour  "`, `"Bonjour"`},
		{"t", `"` + strings.Repeat("é", 255) + `"`, `"` + strings.Repeat("é", 255) + `"`},
		{"t", `"` + strings.Repeat("é", 256) + `"`, "!un texte d'une ligne de 255"},
		{"t", `"a\nb"`, "!un texte d'une ligne"},
		{"t", `""`, "clear"},
		{"t", `null`, "clear"},
		{"t", `12`, "!un texte d'une ligne"},
		{"lt", `"a\nb"`, `"a\nb"`},
		{"lt", `"` + strings.Repeat("x", 5001) + `"`, "!de 5000 caractères"},
		{"n", `12.5`, `12.5`},
		{"n", `-5`, `-5`},
		{"n", `1000`, `1000`},
		{"n", `1000.01`, "!au plus 1000"},
		{"n", `-5.01`, "!au moins -5"},
		{"n", `1.234`, "!au plus 2 décimales"},
		{"n", `1e-131`, "!au plus 2 décimales"},
		{"n", `1e2`, `100`},
		{"n", `1e-999999999`, "!au plus 2 décimales"},
		{"n", `1e999999999`, "!au plus 2 décimales"},
		{"n", `100e-2`, `1`},
		{"n", `"12"`, "!un nombre"},
		{"n", `true`, "!un nombre"},
		{"d", `"2026-02-28"`, `"2026-02-28"`},
		{"d", `"2026-02-30"`, "!une date réelle"},
		{"d", `"2026-2-3"`, "!une date réelle"},
		{"d", `"28/02/2026"`, "!une date réelle"},
		{"u", `"https://example.org/a?b=c"`, `"https://example.org/a?b=c"`},
		{"u", `"ftp://example.org"`, "!une adresse http"},
		{"u", `"https://"`, "!une adresse http"},
		{"u", `"https://example.org/` + strings.Repeat("a", 1000) + `"`, "!1000 caractères"},
		{"yn", `true`, `true`},
		{"yn", `false`, `false`},
		{"yn", `"oui"`, "!true ou false"},
		{"c", `"court"`, `"court"`},
		{"c", `"moyen"`, "!l'une des options : court, long"},
		{"cs", `["fr","de"]`, `["fr","de"]`},
		{"cs", `[]`, "clear"},
		{"cs", `["fr","fr"]`, "!options distinctes"},
		{"cs", `["it"]`, "!options distinctes"},
		{"cs", `"fr"`, "!options distinctes"},
		{"f", `{"key":"x"}`, "!la réponse est un fichier"},
		{"f", `null`, "clear"},
	}
	for _, tt := range tests {
		t.Run(tt.id+" "+tt.raw[:min(len(tt.raw), 20)], func(t *testing.T) {
			q, _ := f.Question(tt.id)
			a, err := q.ParseJSON(json.RawMessage(tt.raw))
			check(t, a, err, tt.want, q)
		})
	}
}

func check(t *testing.T, a *Answer, err error, want string, q Question) {
	t.Helper()
	if strings.HasPrefix(want, "!") {
		msg := refusedWith(t, err, apperr.Invalid)
		if !strings.HasPrefix(msg, "Question « "+q.Label+" » : ") || !strings.Contains(msg, want[1:]) {
			t.Errorf("refusal %q, want the question named and %q", msg, want[1:])
		}
		return
	}
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	if got := answerJSON(a); got != want {
		t.Errorf("answer %s, want %s", got, want)
	}
}

func TestParseTextsAsAFormSendsThem(t *testing.T) {
	f := answerForm()
	tests := []struct {
		id   string
		vs   []string
		want string
	}{
		{"n", []string{"12,5"}, `12.5`},
		{"n", []string{" 7 "}, `7`},
		{"n", []string{"1e2"}, "!un nombre"},
		{"n", []string{"0x10"}, "!un nombre"},
		{"n", []string{"1/3"}, "!un nombre"},
		{"n", []string{"1.001"}, "!au plus 2 décimales"},
		{"n", []string{""}, "clear"},
		{"yn", []string{"oui"}, `true`},
		{"yn", []string{"Non"}, `false`},
		{"yn", []string{"true"}, `true`},
		{"yn", []string{"peut-être"}, "!true ou false"},
		{"cs", []string{"fr", "en"}, `["fr","en"]`},
		{"cs", []string{""}, "clear"},
		{"cs", []string{"fr", "fr"}, "!options distinctes"},
		{"t", []string{"a", "b"}, "!un texte d'une ligne"},
		{"d", []string{"2024-02-29"}, `"2024-02-29"`},
		{"f", []string{"x"}, "!la réponse est un fichier"},
	}
	for _, tt := range tests {
		t.Run(tt.id+" "+strings.Join(tt.vs, "|"), func(t *testing.T) {
			q, _ := f.Question(tt.id)
			a, err := q.ParseTexts(tt.vs)
			check(t, a, err, tt.want, q)
		})
	}
}

func TestReadAnswersRefusesUnknownAndUnaskedQuestions(t *testing.T) {
	f := answerForm()
	_, err := f.ReadAnswers(RawAnswers{JSON: map[string]json.RawMessage{"t": []byte(`"a"`), "nope": []byte(`1`)}}, nil)
	if got := refusedWith(t, err, apperr.Invalid); got != "Question inconnue : nope (le formulaire du festival ne la pose pas)" {
		t.Errorf("unknown question: %q", got)
	}
	_, err = f.ReadAnswers(RawAnswers{Texts: map[string][]string{"cat_only": {"x"}}}, []int64{3})
	if got := refusedWith(t, err, apperr.Invalid); !strings.Contains(got, "n'est pas posée") {
		t.Errorf("unasked question: %q", got)
	}
	got, err := f.ReadAnswers(RawAnswers{JSON: map[string]json.RawMessage{"t": []byte(`"json"`)},
		Texts: map[string][]string{"t": {"text"}, "cat_only": {"x"}}}, []int64{4})
	if err != nil || *got["t"].Text != "json" || *got["cat_only"].Text != "x" {
		t.Errorf("ReadAnswers = %v, %v; want the JSON value to win and the category's question read", got, err)
	}
	if _, err := f.FileAnswer("t", nil, &AnswerFile{Key: "k"}); !strings.Contains(refusedWith(t, err, apperr.Invalid), "n'attend pas de fichier") {
		t.Errorf("a file to a text question: %v", err)
	}
}

func TestEditAnswersFrozenBudgetAndWindow(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st := DefaultSettings()
	st.Form = answerForm()
	st.Form.Questions[0].FrozenFrom = NewTime(now.Add(-time.Hour)) // "t" is frozen
	producer, admin := Actor{ID: 5, Role: RoleProducer}, Actor{ID: 1, Role: RoleAdmin}
	film := Movie{ID: 3, OwnerID: 5, Answers: Answers{"t": {Text: new("avant")}}}
	set := func(raw map[string]string) func(Movie) (AnswerChanges, error) {
		return func(m Movie) (AnswerChanges, error) {
			j := map[string]json.RawMessage{}
			for k, v := range raw {
				j[k] = json.RawMessage(v)
			}
			return st.Form.ReadAnswers(RawAnswers{JSON: j}, m.CategoryIDs())
		}
	}
	tests := []struct {
		name    string
		by      Actor
		raw     map[string]string
		code    apperr.Code
		want    string // refusal part, or the audit's questions
		answers int
	}{
		{"the producer changes a free answer", producer, map[string]string{"n": "3", "c": `"long"`}, "", "n,c", 3},
		{"the producer resends a frozen answer unchanged", producer, map[string]string{"t": `"avant"`, "yn": "true"}, "", "yn", 2},
		{"the producer changes a frozen answer", producer, map[string]string{"t": `"après"`}, apperr.Conflict, "Question « Question t » : la réponse est figée depuis le 01/03/2026 à 11:00 UTC", 1},
		{"the producer clears a frozen answer", producer, map[string]string{"t": `null`}, apperr.Conflict, "figée", 1},
		{"an admin changes a frozen answer", admin, map[string]string{"t": `"après"`}, "", "t", 1},
		{"someone else", Actor{ID: 9, Role: RoleProducer}, map[string]string{"n": "3"}, apperr.Forbidden, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := film
			details, err := EditAnswers(tt.by, st, now, set(tt.raw))(&m)
			if tt.code != "" {
				if msg := refusedWith(t, err, tt.code); !strings.Contains(msg, tt.want) {
					t.Errorf("refusal %q, want %q", msg, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if details["questions"] != tt.want || len(m.Answers) != tt.answers {
				t.Errorf("questions %q, %d answers; want %q, %d", details["questions"], len(m.Answers), tt.want, tt.answers)
			}
			if *film.Answers["t"].Text != "avant" || len(film.Answers) != 1 {
				t.Error("the film's answers before the edit were changed in place")
			}
		})
	}
}

func TestTheAnswersBudgetNamesTheQuestionPastIt(t *testing.T) {
	var qs []Question
	for i := range 20 {
		qs = append(qs, aQuestion("q"+string(rune('a'+i)), QuestionLongText))
	}
	f := EntryForm{Questions: qs}
	long := strings.Repeat("𝄞", MaxAnswerLongText) // 20,000 bytes
	next := Answers{"qa": {Text: &long}, "qb": {Text: &long}, "qc": {Text: &long}}
	if err := f.CheckAnswers(Actor{ID: 1, Role: RoleAdmin}, next, []string{"qa", "qb", "qc"}, time.Now()); err != nil {
		t.Fatalf("three long answers (60 KB) refused: %v", err)
	}
	next["qd"] = Answer{Text: &long}
	err := f.CheckAnswers(Actor{ID: 1, Role: RoleAdmin}, next, []string{"qd"}, time.Now())
	if got := refusedWith(t, err, apperr.Invalid); got != "Question « Question qd » : les réponses du film dépassent 65536 octets avec celle-ci" {
		t.Errorf("got %q", got)
	}
}

func TestAnswersForEachAudience(t *testing.T) {
	f := EntryForm{Questions: []Question{
		{ID: "pub", Visibility: VisiblePublic}, {ID: "jury", Visibility: VisibleJury}, {ID: "adm", Visibility: VisibleAdmins},
	}}
	all := Answers{"pub": {Bool: new(true)}, "jury": {Bool: new(true)}, "adm": {Bool: new(true)}, "gone": {Bool: new(true)}}
	want := map[Audience]string{
		AudienceAdmin: "adm,gone,jury,pub", AudienceProducer: "adm,jury,pub", AudienceJury: "jury,pub", AudiencePublic: "pub",
	}
	for a, w := range want {
		got := f.AnswersFor(a, all)
		var ids []string
		for id := range got {
			ids = append(ids, id)
		}
		if s := strings.Join(sorted(ids), ","); s != w {
			t.Errorf("%s reads %s, want %s", a, s, w)
		}
	}
	st := DefaultSettings()
	st.Form = f
	if m := st.ForAudience(AudiencePublic, Movie{Answers: all}, time.Now()); len(m.Answers) != 1 {
		t.Errorf("ForAudience(public) keeps %v", m.Answers)
	}
	if len(all) != 4 {
		t.Error("the stored answers were filtered in place")
	}
}

func sorted(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}
