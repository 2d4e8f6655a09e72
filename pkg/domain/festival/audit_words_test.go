package festival

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

func TestSettingsChanges(t *testing.T) {
	t.Parallel()
	open := NewTime(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	tests := []struct {
		name   string
		change func(*Settings)
		want   []AuditChange
	}{
		{"nothing", func(*Settings) {}, nil},
		{"a boolean", func(s *Settings) { s.BlindJudging = true }, []AuditChange{{"blind_judging", "false", "true"}}},
		{"a date set", func(s *Settings) { s.SubmissionsOpenAt = open },
			[]AuditChange{{"submissions_open_at", "", "2026-03-01T00:00:00.000Z"}}},
		{"roles", func(s *Settings) { s.SelfRegistrationRoles = []Role{RoleProducer} },
			[]AuditChange{{"self_registration_roles", "ADMIN,JURY,PRODUCER", "PRODUCER"}}},
		{"the same roles in another order are no change", func(s *Settings) {
			s.SelfRegistrationRoles = []Role{RoleProducer, RoleJury, RoleAdmin}
		}, nil},
		{"a map, by its entries", func(s *Settings) {
			s.CategoryWindows = map[int64]CategoryWindow{3: {}}
		}, []AuditChange{{"category_windows", "", "1"}}},
		{"two, in the settings' order", func(s *Settings) { s.WindowSeconds, s.JuryVoteAssignedOnly = 60, true },
			[]AuditChange{{"jury_vote_assigned_only", "false", "true"}, {"throttle_window_seconds", "900", "60"}}},
		{"the time of the write is not a change", func(s *Settings) { s.UpdatedAt = open }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := DefaultSettings()
			after := DefaultSettings()
			tt.change(&after)
			if got := SettingsChanges(before, after); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestMovieChanges(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", MaxAuditValue+10)
	tests := []struct {
		name   string
		change func(*Movie)
		want   []AuditChange
	}{
		{"a status", func(m *Movie) { m.SelectionStatus = StatusSelected },
			[]AuditChange{{"selection_status", "submitted", "selected"}}},
		{"a title and a runtime", func(m *Movie) { m.Title, m.Duration = "Cléo de 5 à 7", ptr(int64(5400)) },
			[]AuditChange{{"title", "Cléo", "Cléo de 5 à 7"}, {"duration", "", "5400"}}},
		{"a long synopsis, clipped", func(m *Movie) { m.Synopsis = &long },
			[]AuditChange{{"synopsis", "", strings.Repeat("é", MaxAuditValue-1) + "…"}}},
		{"a list, by its entries", func(m *Movie) { m.Categories = []MovieCategory{{ID: 1, Name: "Fiction"}} },
			[]AuditChange{{"Categories", "", "1"}}},
		{"a list changed inside keeps its count", func(m *Movie) { m.Collaborators = []Collaborator{{ID: 2, FirstName: "B"}} },
			[]AuditChange{{"Collaborators", "1", "1"}}},
		{"what no person edits is not recorded", func(m *Movie) { m.UpdatedAt = NewTime(time.Now()); m.StatusLabel = "x" }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := Movie{ID: 1, Title: "Cléo", SelectionStatus: StatusSubmitted, Collaborators: []Collaborator{{ID: 1, FirstName: "A"}}}
			after := before
			tt.change(&after)
			if got := MovieChanges(before, after); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestNamesChange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		before, after []Jury
		want          []AuditChange
	}{
		{"the same jury", []Jury{{ID: 1, FirstName: "Anouk", LastName: "Aimée"}}, []Jury{{ID: 1, FirstName: "Anouk", LastName: "Aimée"}}, nil},
		{"one more", []Jury{{ID: 1, FirstName: "Anouk", LastName: "Aimée"}},
			[]Jury{{ID: 1, FirstName: "Anouk", LastName: "Aimée"}, {ID: 2, FirstName: "Jacques", LastName: "Perrin"}},
			[]AuditChange{{"Juries", "Anouk Aimée", "Anouk Aimée, Jacques Perrin"}}},
		{"from none", nil, []Jury{{ID: 2, FirstName: "Jacques", LastName: "Perrin"}}, []AuditChange{{"Juries", "", "Jacques Perrin"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := JuriesChange(tt.before, tt.after); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	if got := CategoriesChange(nil, []MovieCategory{{ID: 3, Name: "Fiction"}}); !reflect.DeepEqual(got, []AuditChange{{"Categories", "", "Fiction"}}) {
		t.Errorf("categories: %+v", got)
	}
}

func TestWordAudit(t *testing.T) {
	t.Parallel()
	names := AuditNames{Users: map[int64]string{1: "Anne Martin", 3: "Jean Rouch"}, Films: map[int64]string{12: "Cléo de 5 à 7"},
		Categories: map[int64]string{}, Events: map[int64]string{}}
	tests := []struct {
		name              string
		lang              texts.Lang
		entry             AuditEntry
		actor, label, sum string
		changes           []AuditChangeLine
	}{
		{"settings, worded", texts.French,
			AuditEntry{ActorID: 1, Action: "settings.update", Target: "settings", Changes: []AuditChange{
				{"category_windows", "", "1"}, {"blind_judging", "false", "true"},
				{"submissions_open_at", "", "2026-03-01T00:00:00.000Z"}, {"public_selection", "all", "curated"}}},
			"Anne Martin", "", "a changé les réglages du festival", []AuditChangeLine{
				{"category_windows", "Fenêtres par catégorie", "(vide)", "1"},
				{"blind_judging", "Jugement à l'aveugle", "non", "oui"},
				{"submissions_open_at", "Ouverture des inscriptions", "(vide)", "1 mars 2026 à 00:00 UTC"},
				{"public_selection", "Films montrés au public", "tous les films", "les films retenus"}}},
		{"a status, in English", texts.English,
			AuditEntry{ActorID: 1, Action: "movie.status", Target: "movie:12", Details: map[string]string{"from": "submitted", "to": "selected"},
				Changes: []AuditChange{{"selection_status", "submitted", "selected"}}},
			"Anne Martin", "Cléo de 5 à 7", "gave the status “selected” to the film “Cléo de 5 à 7”",
			[]AuditChangeLine{{"selection_status", "Status", "received", "selected"}}},
		{"an old entry's from and to", texts.French,
			AuditEntry{ActorID: 1, Action: "user.role", Target: "user:3", Details: map[string]string{"from": "PRODUCER", "to": "JURY"}},
			"Anne Martin", "Jean Rouch", "a changé le rôle de Jean Rouch",
			[]AuditChangeLine{{"role", "Rôle", "producteur", "membre du jury"}}},
		{"an erased actor, a deleted film's kept title", texts.French,
			AuditEntry{ActorID: 7, Action: "movie.delete", Target: "movie:40", Details: map[string]string{"title": "Sans toit ni loi"}},
			"compte supprimé", "Sans toit ni loi", "a supprimé le film « Sans toit ni loi »", []AuditChangeLine{}},
		{"a film gone without a title: its number", texts.French,
			AuditEntry{ActorID: 1, Action: "vote.create", Target: "movie:41"},
			"Anne Martin", "n° 41", "a voté pour le film « n° 41 »", []AuditChangeLine{}},
		{"a list changed inside", texts.French,
			AuditEntry{ActorID: 1, Action: "movie.collaborators", Target: "movie:12", Changes: []AuditChange{{"Collaborators", "2", "2"}}},
			"Anne Martin", "Cléo de 5 à 7", "a changé l'équipe du film « Cléo de 5 à 7 »",
			[]AuditChangeLine{{"Collaborators", "Équipe", "2", "modifié"}}},
		{"an action without words", texts.French,
			AuditEntry{ActorID: 0, Action: "unknown.thing", Target: "x"},
			"le festival (automatique)", "", "a fait « unknown.thing »", []AuditChangeLine{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WordAudit(tt.lang, tt.entry, names)
			if got.ActorName != tt.actor || got.TargetLabel != tt.label || got.Summary != tt.sum {
				t.Errorf("got %q / %q / %q, want %q / %q / %q", got.ActorName, got.TargetLabel, got.Summary, tt.actor, tt.label, tt.sum)
			}
			if !reflect.DeepEqual(got.Worded, tt.changes) {
				t.Errorf("changes %+v, want %+v", got.Worded, tt.changes)
			}
		})
	}
}

func TestAuditRefsOf(t *testing.T) {
	t.Parallel()
	got := AuditRefsOf([]AuditEntry{
		{ActorID: 3, Target: "movie:12"}, {ActorID: 1, Target: "user:3"}, {ActorID: 1, Target: "category:2"},
		{ActorID: 1, Target: "event:5"}, {ActorID: 1, Target: "template:movie.status"}, {ActorID: 0, Target: "settings"},
	})
	want := AuditRefs{Users: []int64{1, 3}, Films: []int64{12}, Categories: []int64{2}, Events: []int64{5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// actionWritten are the ways the code names the action of an audit entry
// it writes: the store's auditOp, an AuditInfo or AuditEntry literal, the
// films service's change and ChangeEntry, and the methods that return one.
var actionWritten = []*regexp.Regexp{
	regexp.MustCompile(`auditOp\([^,]+,\s*"([a-z_]+(?:\.[a-z_]+)+)"`),
	regexp.MustCompile(`Action:\s*"([a-z_]+(?:\.[a-z_]+)+)"`),
	regexp.MustCompile(`\.change\([^"]*"([a-z_]+(?:\.[a-z_]+)+)"`),
	regexp.MustCompile(`[cC]hangeEntry\([^"]*"([a-z_]+(?:\.[a-z_]+)+)"`),
}

var actionReturned = regexp.MustCompile(`(?s)\) (?:Audit)?Action\(\) string \{(.*?)\n\}`)
var literalCode = regexp.MustCompile(`"([a-z_]+(?:\.[a-z_]+)+)"`)

// TestEveryWrittenActionHasWords reads the product's code for the action
// codes it can write in the trail, and checks that the trail has words for
// each in every language.
func TestEveryWrittenActionHasWords(t *testing.T) {
	t.Parallel()
	found := map[string]string{}
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, re := range actionWritten {
			for _, m := range re.FindAllSubmatch(src, -1) {
				found[string(m[1])] = path
			}
		}
		for _, body := range actionReturned.FindAllSubmatch(src, -1) {
			for _, m := range literalCode.FindAllSubmatch(body[1], -1) {
				found[string(m[1])] = path
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 35 {
		t.Fatalf("found only %d action codes in the code: the patterns no longer match how entries are written", len(found))
	}
	codes := AuditActionCodes()
	for code, path := range found {
		if !slices.Contains(codes, code) {
			t.Errorf("%s writes the audit action %q, which has no words (auditActionWords)", path, code)
		}
	}
	for _, l := range texts.Langs {
		for _, a := range AuditActions(l) {
			if a.Label == "" || strings.Contains(a.Label, "%!") {
				t.Errorf("%s: action %q reads %q", l, a.Action, a.Label)
			}
		}
	}
}

// TestEverySettingHasALabel: a setting added to the settings is recorded by
// SettingsChanges without a change there; it needs its label here.
func TestEverySettingHasALabel(t *testing.T) {
	t.Parallel()
	fields, _ := jsonFields(DefaultSettings())
	for f := range fields {
		if slices.Contains(settingsUnaudited, f) {
			continue
		}
		if _, ok := auditFieldWords[f]; !ok {
			t.Errorf("setting %q has no label in auditFieldWords", f)
		}
	}
	for _, f := range movieAudited {
		if _, ok := auditFieldWords[f]; !ok {
			t.Errorf("film field %q has no label in auditFieldWords", f)
		}
	}
}
