package festival

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzAnswers feeds any value to every question kind, as JSON and as form
// text: nothing panics, an answer accepted reads back the same from its own
// JSON (what the API shows is what a client may send again), and it stays
// within its kind's bound.
func FuzzAnswers(f *testing.F) {
	for _, seed := range []string{`"texte"`, `12.5`, `1e-131`, `true`, `["fr","en"]`, `"2024-02-29"`, `"https://example.org"`,
		`null`, `""`, `"court"`, `{"key":"x"}`, "oui", "12,5", "fr\x00de"} {
		f.Add(seed)
	}
	form := answerForm()
	f.Fuzz(func(t *testing.T, raw string) {
		for _, q := range form.Questions {
			a, err := q.ParseJSON(json.RawMessage(raw))
			if err == nil && a != nil {
				back, _ := json.Marshal(a)
				again, err := q.ParseJSON(back)
				if err != nil || again == nil || !sameAnswer(*a, *again) {
					t.Fatalf("%s: %q accepted as %s, which reads back as %v, %v", q.Kind, raw, back, again, err)
				}
				if AnswerSize(q.ID, *a) > 4*MaxAnswerLongText+64 {
					t.Fatalf("%s: %q accepted at %d bytes", q.Kind, raw, AnswerSize(q.ID, *a))
				}
			}
			if a, err := q.ParseTexts(strings.Split(raw, "\x00")); err == nil && a != nil {
				back, _ := json.Marshal(a)
				if again, err := q.ParseJSON(back); err != nil || again == nil || !sameAnswer(*a, *again) {
					t.Fatalf("%s: form text %q accepted as %s, which reads back as %v, %v", q.Kind, raw, back, again, err)
				}
			}
		}
	})
}
