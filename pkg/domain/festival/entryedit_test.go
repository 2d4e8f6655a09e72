package festival

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

func TestEntryChangesNameWhatChangedInFrenchWords(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	i64 := func(n int64) *int64 { return &n }
	yes, no := true, false
	form := EntryForm{Questions: []Question{{ID: "premiere", Label: "Première ?"}, {ID: "budget", Label: "Budget"}}}
	base := Movie{Title: "Avant", Duration: i64(600), Synopsis: str("Un."), Answers: Answers{"premiere": {Bool: &yes}}}
	tests := []struct {
		name  string
		edit  func(m *Movie)
		want  []EntryChange
		audit map[string]string
	}{
		{"nothing", func(*Movie) {}, nil, map[string]string{"fields": ""}},
		{"short fields with their values, a long one named only", func(m *Movie) {
			m.Title, m.Duration, m.Synopsis, m.MainLanguage = "Après", i64(540), str("Deux."), str("fr")
		}, []EntryChange{
			{Field: "title", Word: "titre", Old: "Avant", New: "Après", Short: true},
			{Field: "duration", Word: "durée", Old: "600", New: "540", Short: true},
			{Field: "main_language", Word: "langue principale", Old: "", New: "fr", Short: true},
			{Field: "synopsis", Word: "synopsis"},
		}, map[string]string{"fields": "title,duration,main_language,synopsis", "title.old": "Avant", "title.new": "Après",
			"duration.old": "600", "duration.new": "540", "main_language.old": "", "main_language.new": "fr"}},
		{"answers changed, added and removed, in the form's order", func(m *Movie) {
			n := MustDecimal("12.5")
			m.Answers = Answers{"premiere": {Bool: &no}, "budget": {Number: &n}}
		}, []EntryChange{
			{Field: "answers.premiere", Word: "réponse « Première ? »"},
			{Field: "answers.budget", Word: "réponse « Budget »"},
		}, map[string]string{"fields": "answers.premiere,answers.budget"}},
		{"an answer removed, to a question gone from the form", func(m *Movie) {
			m.Answers = Answers{"ancienne": {Text: str("x")}}
		}, []EntryChange{
			{Field: "answers.premiere", Word: "réponse « Première ? »"},
			{Field: "answers.ancienne", Word: "réponse « ancienne »"},
		}, map[string]string{"fields": "answers.premiere,answers.ancienne"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			after := base
			tt.edit(&after)
			got := EntryChanges(base, after, form)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("changes\n%+v\nwant\n%+v", got, tt.want)
			}
			if audit := EntryAudit(got); !reflect.DeepEqual(audit, tt.audit) {
				t.Fatalf("audit %v, want %v", audit, tt.audit)
			}
		})
	}
}

func TestMovieEditedTellsTheVotersWhatChanged(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	changes := []EntryChange{{Field: "title", Word: "titre"}, {Field: "answers.premiere", Word: "réponse « Première ? »"}}
	if msgs := MovieEdited(Movie{Title: "Après"}, nil, changes, now); msgs != nil {
		t.Errorf("nobody voted: %v", msgs)
	}
	if msgs := MovieEdited(Movie{Title: "Après"}, []int64{4}, nil, now); msgs != nil {
		t.Errorf("nothing changed: %v", msgs)
	}
	msgs := MovieEdited(Movie{Title: "Après"}, []int64{4, 9}, changes, now)
	if len(msgs) != 1 || msgs[0].Kind != MessageMovieEdited || !reflect.DeepEqual(msgs[0].To, []int64{4, 9}) ||
		msgs[0].Params["title"] != "Après" || msgs[0].Params["changes"] != "- titre\n- réponse « Première ? »" {
		t.Fatalf("message %+v", msgs)
	}
}

func TestAnEntryEditKeepsToTheWindowAndTheChecklist(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	closed := Season{SubmissionsCloseAt: NewTime(now.Add(-time.Hour))}
	rule := 600.0
	courts := []MovieCategory{{ID: 1, Name: "Courts"}}
	ruled := Season{CategoryRules: map[int64][]EligibilityRule{1: {{Kind: RuleRuntimeMax, Number: &rule}}}}
	producer, admin := Actor{ID: 7, Role: RoleProducer}, Actor{ID: 1, Role: RoleAdmin}
	setDuration := func(d int64) MovieEdit {
		return func(m *Movie) (map[string]string, error) { m.Duration = &d; return nil, nil }
	}
	tests := []struct {
		name      string
		season    Season
		by        Actor
		movie     Movie
		duration  int64
		code      apperr.Code
		wantDraft bool
		told      bool
	}{
		{"the producer in the window", Season{}, producer, Movie{OwnerID: 7}, 300, "", false, true},
		{"another producer", Season{}, Actor{ID: 8, Role: RoleProducer}, Movie{OwnerID: 7}, 300, apperr.Forbidden, false, false},
		{"after the close", closed, producer, Movie{OwnerID: 7}, 300, apperr.Forbidden, false, false},
		{"after the close, a late code still running", closed, producer, Movie{OwnerID: 7, LateEntryUntil: NewTime(now.Add(time.Hour))}, 300, "", false, true},
		{"after the close, an admin", closed, admin, Movie{OwnerID: 7}, 300, "", false, true},
		{"withdrawn", Season{}, producer, Movie{OwnerID: 7, Withdrawn: &Withdrawal{}}, 300, apperr.Conflict, false, false},
		{"incomplete, refused", ruled, producer, Movie{OwnerID: 7, Categories: courts}, 900, apperr.Invalid, false, false},
		{"incomplete, saved as a draft", Season{CategoryRules: ruled.CategoryRules, IncompleteEntries: IncompleteSave}, producer,
			Movie{OwnerID: 7, Categories: courts}, 900, "", true, true},
		{"incomplete, by an admin", ruled, admin, Movie{OwnerID: 7, Categories: courts}, 900, "", false, true},
		{"a draft completed", ruled, producer, Movie{OwnerID: 7, Categories: courts, Draft: true}, 300, "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := Settings{Season: tt.season}
			m := tt.movie
			details, msgs, err := st.EntryEdit(tt.by, []int64{3}, now, setDuration(tt.duration))(&m)
			var e *apperr.Error
			switch {
			case tt.code == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.code != "" && (!errors.As(err, &e) || e.Code != tt.code):
				t.Fatalf("error %v, want %s", err, tt.code)
			case tt.code != "":
				return
			}
			if m.Draft != tt.wantDraft || (len(msgs) == 1) != tt.told || !strings.Contains(details["fields"], "duration") {
				t.Fatalf("draft %v, messages %v, details %v", m.Draft, msgs, details)
			}
		})
	}
}

func TestJurorsAreToldOnlyOfWhatTheyRead(t *testing.T) {
	t.Parallel()
	st := Settings{Form: EntryForm{Questions: []Question{{ID: "ecole", Label: "École", Visibility: VisibleJury}, {ID: "budget", Label: "Budget", Visibility: VisibleAdmins}}}}
	got := st.juryReads([]EntryChange{{Field: "title"}, {Field: "admin_comment"}, {Field: "answers.ecole"}, {Field: "answers.budget"}, {Field: "answers.gone"}})
	if len(got) != 2 || got[0].Field != "title" || got[1].Field != "answers.ecole" {
		t.Fatalf("told of %+v", got)
	}
}
