package festival

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestTheChecklistNamesWhatAFilmLacks(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	num := func(f float64) *float64 { return &f }
	str := func(s string) *string { return &s }
	i64 := func(n int64) *int64 { return &n }
	form := EntryForm{Questions: []Question{
		{ID: "premiere", Label: "Première mondiale ?", Kind: QuestionYesNo, Required: true},
		{ID: "ecole", Label: "École", Kind: QuestionText, Category: 2, Required: true},
		{ID: "budget", Label: "Budget", Kind: QuestionNumber, Required: true, RequiredFrom: NewTime(now.Add(time.Hour))},
		{ID: "notes", Label: "Notes", Kind: QuestionLongText},
		{ID: "genre", Label: "Genre", Kind: QuestionChoices, Choices: []string{"fiction", "documentaire"}},
	}}
	yes := true
	answered := Answers{"premiere": {Bool: &yes}}
	courts := []MovieCategory{{ID: 1, Name: "Courts"}}
	rules := func(rs ...EligibilityRule) Settings {
		return Settings{Form: form, Season: Season{CategoryRules: map[int64][]EligibilityRule{1: rs, 3: {{Kind: RuleSubtitles}}}}}
	}
	measured := func(d float64, subsEnd *float64) *FilmMedia {
		return &FilmMedia{Facts: &MediaFacts{Duration: d, SubtitlesEnd: subsEnd}}
	}
	tests := []struct {
		name  string
		st    Settings
		movie Movie
		want  []Missing
	}{
		{"no form, no rule: complete", Settings{}, Movie{}, nil},
		{"a required question of every film", Settings{Form: form}, Movie{},
			[]Missing{{"question", "premiere", "« Première mondiale ? » : réponse obligatoire"}}},
		{"a category's question asked of its films only", Settings{Form: form}, Movie{Answers: answered, Categories: []MovieCategory{{ID: 2, Name: "Écoles"}}},
			[]Missing{{"question", "ecole", "« École » : réponse obligatoire"}}},
		{"required later: not yet", Settings{Form: form}, Movie{Answers: answered}, nil},
		{"runtime over the maximum, declared", rules(EligibilityRule{Kind: RuleRuntimeMax, Number: num(600)}),
			Movie{Answers: answered, Categories: courts, Duration: i64(750)},
			[]Missing{{"rule", "1:runtime_max", "Catégorie « Courts » : durée de 12 min 30 s au-delà de 10 min"}}},
		{"the measured runtime wins over the declared one", rules(EligibilityRule{Kind: RuleRuntimeMax, Number: num(600)}),
			Movie{Answers: answered, Categories: courts, Duration: i64(500), Media: measured(3725.4, nil)},
			[]Missing{{"rule", "1:runtime_max", "Catégorie « Courts » : durée de 1 h 2 min 5 s au-delà de 10 min"}}},
		{"runtime within", rules(EligibilityRule{Kind: RuleRuntimeMax, Number: num(600)}, EligibilityRule{Kind: RuleRuntimeMin, Number: num(60)}),
			Movie{Answers: answered, Categories: courts, Duration: i64(600)}, nil},
		{"runtime unknown", rules(EligibilityRule{Kind: RuleRuntimeMax, Number: num(600)}, EligibilityRule{Kind: RuleRuntimeMin, Number: num(60)}),
			Movie{Answers: answered, Categories: courts},
			[]Missing{{"rule", "1:runtime_max", "Catégorie « Courts » : durée inconnue (10 min au plus)"},
				{"rule", "1:runtime_min", "Catégorie « Courts » : durée inconnue (1 min au moins)"}}},
		{"runtime under the minimum", rules(EligibilityRule{Kind: RuleRuntimeMin, Number: num(60)}),
			Movie{Answers: answered, Categories: courts, Duration: i64(45)},
			[]Missing{{"rule", "1:runtime_min", "Catégorie « Courts » : durée de 45 s en deçà de 1 min"}}},
		{"release year", rules(EligibilityRule{Kind: RuleReleaseYearMin, Number: num(2024)}),
			Movie{Answers: answered, Categories: courts, ReleaseYear: i64(2019)},
			[]Missing{{"rule", "1:release_year_min", "Catégorie « Courts » : année de sortie 2019 antérieure à 2024"}}},
		{"release year unknown", rules(EligibilityRule{Kind: RuleReleaseYearMin, Number: num(2024)}),
			Movie{Answers: answered, Categories: courts},
			[]Missing{{"rule", "1:release_year_min", "Catégorie « Courts » : année de sortie manquante (2024 ou après)"}}},
		{"language, trimmed and case-insensitive", rules(EligibilityRule{Kind: RuleLanguage, Values: []string{"Français", "it"}}),
			Movie{Answers: answered, Categories: courts, MainLanguage: str(" français ")}, nil},
		{"language not accepted", rules(EligibilityRule{Kind: RuleLanguage, Values: []string{"fr", "it"}}),
			Movie{Answers: answered, Categories: courts, MainLanguage: str("en")},
			[]Missing{{"rule", "1:language", "Catégorie « Courts » : langue principale « en » hors des langues admises (fr, it)"}}},
		{"language missing", rules(EligibilityRule{Kind: RuleLanguage, Values: []string{"fr"}}),
			Movie{Answers: answered, Categories: courts},
			[]Missing{{"rule", "1:language", "Catégorie « Courts » : langue principale manquante (langues admises : fr)"}}},
		{"subtitles missing, in the film's second category", rules(),
			Movie{Answers: answered, Categories: []MovieCategory{{ID: 1, Name: "Courts"}, {ID: 3, Name: "Monde"}}},
			[]Missing{{"rule", "3:subtitles", "Catégorie « Monde » : sous-titres manquants"}}},
		{"subtitles given, not measured yet", rules(),
			Movie{Answers: answered, Categories: []MovieCategory{{ID: 3, Name: "Monde"}}, Subtitle: str("subtitlesSrt-1.srt")}, nil},
		{"subtitles measured empty", rules(),
			Movie{Answers: answered, Categories: []MovieCategory{{ID: 3, Name: "Monde"}}, Subtitle: str("subtitlesSrt-1.srt"), Media: measured(300, num(0))},
			[]Missing{{"rule", "3:subtitles", "Catégorie « Monde » : sous-titres illisibles (aucune réplique lue par le contrôle du fichier)"}}},
		{"subtitles measured", rules(),
			Movie{Answers: answered, Categories: []MovieCategory{{ID: 3, Name: "Monde"}}, Subtitle: str("subtitlesSrt-1.srt"), Media: measured(300, num(280))}, nil},
		{"an answer rule, unanswered", rules(EligibilityRule{Kind: RuleAnswer, Question: "genre"}),
			Movie{Answers: answered, Categories: courts},
			[]Missing{{"rule", "1:answer", "Catégorie « Courts » : réponse à « Genre » manquante"}}},
		{"an answer rule, one of the values chosen", rules(EligibilityRule{Kind: RuleAnswer, Question: "genre", Values: []string{"documentaire"}}),
			Movie{Answers: Answers{"premiere": {Bool: &yes}, "genre": {Choices: []string{"fiction", "documentaire"}}}, Categories: courts}, nil},
		{"an answer rule, outside the values", rules(EligibilityRule{Kind: RuleAnswer, Question: "premiere", Values: []string{"false"}}),
			Movie{Answers: answered, Categories: courts},
			[]Missing{{"rule", "1:answer", "Catégorie « Courts » : réponse à « Première mondiale ? » hors des valeurs admises (false)"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := tt.st.Checklist(tt.movie, now)
			want := Completeness{Complete: len(tt.want) == 0, Missing: tt.want}
			if want.Missing == nil {
				want.Missing = []Missing{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("checklist\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

func TestAQuestionRequiredFromADateIsRequiredFromThen(t *testing.T) {
	t.Parallel()
	from := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	st := Settings{Form: EntryForm{Questions: []Question{{ID: "budget", Label: "Budget", Kind: QuestionNumber, Required: true, RequiredFrom: NewTime(from)}}}}
	for _, tt := range []struct {
		at       time.Time
		complete bool
	}{{from.Add(-time.Second), true}, {from, false}, {from.Add(time.Hour), false}} {
		if got := st.Checklist(Movie{}, tt.at).Complete; got != tt.complete {
			t.Errorf("at %s: complete %v, want %v", tt.at, got, tt.complete)
		}
	}
}

func TestAdmitRefusesSavesOrClearsTheDraft(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	form := EntryForm{Questions: []Question{{ID: "premiere", Label: "Première ?", Kind: QuestionYesNo, Required: true}}}
	yes := true
	tests := []struct {
		name      string
		mode      IncompleteEntries
		admin     bool
		movie     Movie
		wantErr   string
		wantDraft bool
	}{
		{"refuse: incomplete is refused with the first line", IncompleteRefuse, false, Movie{}, "« Première ? » : réponse obligatoire", false},
		{"save: incomplete is a draft", IncompleteSave, false, Movie{}, "", true},
		{"save: complete clears the draft", IncompleteSave, false, Movie{Draft: true, Answers: Answers{"premiere": {Bool: &yes}}}, "", false},
		{"refuse: complete clears the draft", IncompleteRefuse, false, Movie{Draft: true, Answers: Answers{"premiere": {Bool: &yes}}}, "", false},
		{"an admin is never refused, the draft stays", IncompleteRefuse, true, Movie{Draft: true}, "", true},
		{"an admin's incomplete film is not made a draft", IncompleteRefuse, true, Movie{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := Settings{Form: form, Season: Season{IncompleteEntries: tt.mode}}
			m := tt.movie
			err := st.Admit(&m, now, tt.admin)
			if got := answer400(t, err); got != tt.wantErr {
				t.Fatalf("answer %q, want %q", got, tt.wantErr)
			}
			if err == nil && m.Draft != tt.wantDraft {
				t.Fatalf("draft %v, want %v", m.Draft, tt.wantDraft)
			}
		})
	}
}

func TestCategoryRulesAreCheckedByKind(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	num := func(f float64) *float64 { return &f }
	eleven := make([]EligibilityRule, 11)
	for i := range eleven {
		eleven[i] = EligibilityRule{Kind: RuleSubtitles}
	}
	long := make([]string, 51)
	for i := range long {
		long[i] = "fr"
	}
	tests := []struct {
		name  string
		rules map[int64][]EligibilityRule
		want  string
	}{
		{"none", map[int64][]EligibilityRule{}, ""},
		{"every kind right", map[int64][]EligibilityRule{4: {{Kind: RuleRuntimeMax, Number: num(600)}, {Kind: RuleRuntimeMin, Number: num(1)},
			{Kind: RuleReleaseYearMin, Number: num(2031)}, {Kind: RuleLanguage, Values: []string{"fr"}}, {Kind: RuleSubtitles},
			{Kind: RuleAnswer, Question: "premiere"}, {Kind: RuleAnswer, Question: "genre", Values: []string{"fiction"}}}}, ""},
		{"unknown kind", map[int64][]EligibilityRule{4: {{Kind: "budget_max"}}},
			`Règle inconnue pour la catégorie 4 : "budget_max" (valeurs possibles : runtime_max, runtime_min, release_year_min, language, subtitles, answer)`},
		{"runtime missing", map[int64][]EligibilityRule{4: {{Kind: RuleRuntimeMax}}},
			"Règle runtime_max de la catégorie 4 : un nombre entier de secondes entre 1 et 100000 est attendu (number)"},
		{"runtime not whole", map[int64][]EligibilityRule{4: {{Kind: RuleRuntimeMin, Number: num(1.5)}}},
			"Règle runtime_min de la catégorie 4 : un nombre entier de secondes entre 1 et 100000 est attendu (number)"},
		{"runtime too long", map[int64][]EligibilityRule{4: {{Kind: RuleRuntimeMax, Number: num(100001)}}},
			"Règle runtime_max de la catégorie 4 : un nombre entier de secondes entre 1 et 100000 est attendu (number)"},
		{"year ahead", map[int64][]EligibilityRule{4: {{Kind: RuleReleaseYearMin, Number: num(2032)}}},
			"Règle release_year_min de la catégorie 4 : une année entre 1888 et 2031 est attendue (number)"},
		{"year too old", map[int64][]EligibilityRule{4: {{Kind: RuleReleaseYearMin, Number: num(1887)}}},
			"Règle release_year_min de la catégorie 4 : une année entre 1888 et 2031 est attendue (number)"},
		{"no language", map[int64][]EligibilityRule{4: {{Kind: RuleLanguage}}},
			"Règle language de la catégorie 4 : de 1 à 50 langues (values) de 1 à 100 caractères sont attendues"},
		{"too many languages", map[int64][]EligibilityRule{4: {{Kind: RuleLanguage, Values: long}}},
			"Règle language de la catégorie 4 : de 1 à 50 langues (values) de 1 à 100 caractères sont attendues"},
		{"an empty language", map[int64][]EligibilityRule{4: {{Kind: RuleLanguage, Values: []string{""}}}},
			"Règle language de la catégorie 4 : de 1 à 50 langues (values) de 1 à 100 caractères sont attendues"},
		{"answer without question", map[int64][]EligibilityRule{4: {{Kind: RuleAnswer}}},
			"Règle answer de la catégorie 4 : l'identifiant d'une question du formulaire est attendu (question)"},
		{"a number on subtitles", map[int64][]EligibilityRule{4: {{Kind: RuleSubtitles, Number: num(1)}}},
			"Règle subtitles de la catégorie 4 : le champ number ne s'applique pas à cette règle"},
		{"values on a runtime", map[int64][]EligibilityRule{4: {{Kind: RuleRuntimeMax, Number: num(60), Values: []string{"x"}}}},
			"Règle runtime_max de la catégorie 4 : le champ values ne s'applique pas à cette règle"},
		{"eleven rules", map[int64][]EligibilityRule{4: eleven}, "La catégorie 4 a 11 règles : 10 au plus"},
		{"the lowest category first", map[int64][]EligibilityRule{9: {{Kind: RuleAnswer}}, 4: {{Kind: RuleLanguage}}},
			"Règle language de la catégorie 4 : de 1 à 50 langues (values) de 1 à 100 caractères sont attendues"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := answer400(t, CheckCategoryRules(tt.rules, now)); got != tt.want {
				t.Fatalf("answer %q, want %q", got, tt.want)
			}
		})
	}
	form := EntryForm{Questions: []Question{{ID: "premiere"}}}
	if got := answer400(t, CheckRuleQuestions(map[int64][]EligibilityRule{4: {{Kind: RuleAnswer, Question: "premiere"}}}, form)); got != "" {
		t.Fatalf("a question of the form refused: %q", got)
	}
	want := `Règle answer de la catégorie 4 : la question "budget" n'est pas dans le formulaire du festival`
	if got := answer400(t, CheckRuleQuestions(map[int64][]EligibilityRule{4: {{Kind: RuleAnswer, Question: "budget"}}}, form)); got != want {
		t.Fatalf("answer %q, want %q", got, want)
	}
}

// TestTheChecklistIsWrittenInTheReadersLanguage: the same lines, in English
// for a request that asked for it; the refusal of an incomplete entry
// carries the first line's key.
func TestTheChecklistIsWrittenInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	runtime := int64(750)
	st := Settings{
		Form:   EntryForm{Questions: []Question{{ID: "premiere", Label: "World premiere?", Kind: QuestionYesNo, Required: true}}},
		Season: Season{CategoryRules: map[int64][]EligibilityRule{1: {{Kind: RuleRuntimeMax, Number: func() *float64 { f := 600.0; return &f }()}}}},
	}
	m := Movie{Duration: &runtime, Categories: []MovieCategory{{ID: 1, Name: "Shorts"}}}
	got := st.ChecklistIn(m, now, texts.English)
	want := []Missing{
		{"question", "premiere", "“World premiere?”: answer required"},
		{"rule", "1:runtime_max", "Category “Shorts”: runtime of 12 min 30 s over 10 min"},
	}
	if !reflect.DeepEqual(got.Missing, want) || got.Complete {
		t.Fatalf("checklist in English\n%+v\nwant\n%+v", got.Missing, want)
	}
	var e *apperr.Error
	if err := st.Admit(&m, now, false); !errors.As(err, &e) || e.Key != texts.AnswerRequired {
		t.Fatalf("an incomplete entry: %v", err)
	}
}
