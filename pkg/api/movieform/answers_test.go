package movieform

import (
	"fmt"
	"testing"
)

func TestAnswersAsAFormSendsThem(t *testing.T) {
	tests := []struct {
		name   string
		values map[string][]string
		want   string // the raw answers, or the refusal
	}{
		{"none", map[string][]string{"title": {"X"}}, "json=map[] texts=map[]"},
		{"a JSON object", map[string][]string{"answers": {`{"budget": 12.5, "premiere": null}`}}, "json=map[budget:12.5 premiere:null] texts=map[]"},
		{"text fields", map[string][]string{"answer.langs": {"fr", "de"}, "answer.budget": {"12,5"}}, "json=map[] texts=map[budget:[12,5] langs:[fr de]]"},
		{"not an object", map[string][]string{"answers": {`["budget"]`}}, "invalid: Le champ answers doit être un objet : identifiant de question → réponse"},
		{"null", map[string][]string{"answers": {`null`}}, "invalid: Le champ answers doit être un objet : identifiant de question → réponse"},
		{"sent twice", map[string][]string{"answers": {`{}`, `{}`}}, "invalid: Le champ answers doit être un objet : identifiant de question → réponse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := Answers(tt.values)
			got := fmt.Sprintf("json=%s texts=%v", jsonOf(raw.JSON), raw.Texts)
			if err != nil {
				got = err.Error()
			}
			if raw.Texts == nil && err == nil {
				got = fmt.Sprintf("json=%s texts=map[]", jsonOf(raw.JSON))
			}
			if got != tt.want {
				t.Errorf("Answers = %s, want %s", got, tt.want)
			}
		})
	}
}

func jsonOf[V ~[]byte](m map[string]V) string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return fmt.Sprint(out)
}
