package festival

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func text(v string) Clearable[string] { return Clearable[string]{Sent: true, Value: &v} }
func number(v int64) Clearable[int64] { return Clearable[int64]{Sent: true, Value: &v} }

func TestAMoviePatchIsCheckedFieldByFieldInOrder(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	cleared := Clearable[string]{Sent: true}
	tests := []struct {
		name    string
		patch   MoviePatch
		create  bool
		refused string // "" when accepted
	}{
		{"nothing sent, on update", MoviePatch{}, false, ""},
		{"no title, on create", MoviePatch{}, true, "Le titre du film est requis (champ title)"},
		{"a title sent empty", MoviePatch{Title: sent("")}, false, "Le titre du film est requis (champ title)"},
		{"a title at its limit", MoviePatch{Title: sent(strings.Repeat("é", MaxMovieTitleLen))}, true, ""},
		{"a title too long", MoviePatch{Title: sent(strings.Repeat("é", MaxMovieTitleLen+1))}, true,
			"Le champ title dépasse 255 caractères (256 reçus)"},
		{"a title not UTF-8", MoviePatch{Title: sent("\xff")}, true, "Le champ title n'est pas du texte UTF-8 valide"},
		{"a synopsis at its limit", MoviePatch{Synopsis: text(strings.Repeat("a", MaxLongTextLen))}, false, ""},
		{"a synopsis too long", MoviePatch{Synopsis: text(strings.Repeat("a", MaxLongTextLen+1))}, false,
			"Le champ synopsis dépasse 10000 caractères (10001 reçus)"},
		{"an AI tool too long", MoviePatch{AITool: text(strings.Repeat("a", MaxAIToolLen+1))}, false,
			"Le champ ai_tool dépasse 1000 caractères (1001 reçus)"},
		{"a text cleared", MoviePatch{Synopsis: cleared, YoutubeLink: cleared}, false, ""},
		{"a web link", MoviePatch{YoutubeLink: text("https://youtu.be/x")}, false, ""},
		{"a link that is no web address", MoviePatch{YoutubeLink: text("javascript:alert(1)")}, false,
			"Le champ youtube_link doit être une adresse http(s) valide"},
		{"a link without a host", MoviePatch{YoutubeLink: text("http://")}, false,
			"Le champ youtube_link doit être une adresse http(s) valide"},
		{"the first refusal wins", MoviePatch{Title: sent(""), Description: text("\xff")}, false,
			"Le titre du film est requis (champ title)"},
		{"texts before numbers", MoviePatch{Duration: number(0), Nationality: text("\xff")}, false,
			"Le champ nationality n'est pas du texte UTF-8 valide"},
		{"a duration at its bounds", MoviePatch{Duration: number(MaxMovieDuration)}, false, ""},
		{"a duration of zero", MoviePatch{Duration: number(0)}, false,
			"Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"a duration too long", MoviePatch{Duration: number(MaxMovieDuration + 1)}, false,
			"Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"numbers cleared", MoviePatch{Duration: Clearable[int64]{Sent: true}, ReleaseYear: Clearable[int64]{Sent: true}}, false, ""},
		{"the oldest film", MoviePatch{ReleaseYear: number(MinReleaseYear)}, false, ""},
		{"older than any film", MoviePatch{ReleaseYear: number(MinReleaseYear - 1)}, false,
			"Année de sortie invalide : une année entre 1888 et 2031 est attendue (champ release_year)"},
		{"five years ahead", MoviePatch{ReleaseYear: number(2031)}, false, ""},
		{"six years ahead", MoviePatch{ReleaseYear: number(2032)}, false,
			"Année de sortie invalide : une année entre 1888 et 2031 est attendue (champ release_year)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.patch.Check(tt.create, now)
			if tt.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if apperr.CodeOf(err) != apperr.Invalid || err.(*apperr.Error).Text(texts.French) != tt.refused {
				t.Fatalf("err = %v, want the 400 %q", err, tt.refused)
			}
		})
	}
}

func TestANumberFieldRefusesWhatItCannotReadAsItRefusesABound(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range MovieNumberFields {
		min, max, _ := f.bounds(now)
		out := min - 1
		if got, want := f.Check(&out, now), f.Refusal(now); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v below its bounds, want %v", f.Name, got, want)
		}
		if err := f.Check(&max, now); err != nil {
			t.Errorf("%s: %v at its bound", f.Name, err)
		}
	}
}

func TestAMoviePatchSetsWhatWasSent(t *testing.T) {
	t.Parallel()
	stored := func() Movie {
		return Movie{ID: 7, Title: "Old", Description: sent("keep"), Synopsis: sent("gone"), Duration: sent(int64(80)),
			SelectionStatus: StatusSubmitted}
	}
	tests := []struct {
		name    string
		patch   MoviePatch
		want    func(*Movie)
		changed []string
	}{
		{"nothing sent", MoviePatch{}, func(*Movie) {}, nil},
		{"a title", MoviePatch{Title: sent("New")}, func(m *Movie) { m.Title = "New" }, []string{"title"}},
		{"a text set, another cleared", MoviePatch{MainLanguage: text("fr"), Synopsis: Clearable[string]{Sent: true}},
			func(m *Movie) { m.MainLanguage, m.Synopsis = sent("fr"), nil }, []string{"main_language", "synopsis"}},
		{"numbers set and cleared", MoviePatch{ReleaseYear: number(1962), Duration: Clearable[int64]{Sent: true}},
			func(m *Movie) { m.Duration, m.ReleaseYear = nil, sent(int64(1962)) }, []string{"duration", "release_year"}},
		{"admin fields and status", MoviePatch{AdminComment: text("vu"), Status: sent(StatusRefused)},
			func(m *Movie) { m.AdminComment, m.SelectionStatus = sent("vu"), StatusRefused }, []string{"admin_comment", "selection_status"}},
		{"every kind, named in the order checked", MoviePatch{Status: sent(StatusAssigned), Duration: number(90), JuryComment: text("x"),
			Description: text("d"), Title: sent("T")},
			func(m *Movie) {
				m.Title, m.Description, m.JuryComment, m.Duration = "T", sent("d"), sent("x"), sent(int64(90))
				m.SelectionStatus = StatusAssigned
			}, []string{"title", "description", "jury_comment", "duration", "selection_status"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, want := stored(), stored()
			tt.want(&want)
			changed := tt.patch.Apply(&got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("film = %+v, want %+v", got, want)
			}
			if !slices.Equal(changed, tt.changed) {
				t.Errorf("changed = %v, want %v", changed, tt.changed)
			}
		})
	}
}

func TestAMoviePatchEditIsCheckedAndAuditsTheFieldsItSets(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		patch   MoviePatch
		refused string
		fields  string
	}{
		{"nothing to change", MoviePatch{}, "Aucun champ modifiable n'a été envoyé", ""},
		{"a refused value", MoviePatch{Title: sent("")}, "Le titre du film est requis (champ title)", ""},
		{"fields set and cleared", MoviePatch{Title: sent("New"), Synopsis: Clearable[string]{Sent: true}, ReleaseYear: number(2000)},
			"", "title,synopsis,release_year"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			edit, err := tt.patch.Edit(now)
			if tt.refused != "" {
				if apperr.CodeOf(err) != apperr.Invalid || err.(*apperr.Error).Text(texts.French) != tt.refused || edit != nil {
					t.Fatalf("edit %v, err = %v, want the 400 %q", edit != nil, err, tt.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			m := Movie{Title: "Old", Synopsis: sent("gone")}
			// Storage may apply the edit again to the film as stored.
			for range 2 {
				details, err := edit(&m)
				if err != nil || !reflect.DeepEqual(details, map[string]string{"fields": tt.fields}) {
					t.Fatalf("details %v, err %v", details, err)
				}
			}
			if m.Title != "New" || m.Synopsis != nil || *m.ReleaseYear != 2000 {
				t.Errorf("film = %+v", m)
			}
		})
	}
}
