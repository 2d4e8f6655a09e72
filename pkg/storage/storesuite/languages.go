package storesuite

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// languageCases: the languages a juror understands and a film's own and
// subtitle languages are stored and read back as written, in both stores;
// an update of other fields keeps them.
var languageCases = []testCase{
	{"a juror's languages are kept across updates", jurorLanguagesAreKept},
	{"a film's languages are read back", filmLanguagesAreReadBack},
}

func jurorLanguagesAreKept(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "polyglot@example.org")
	if got, err := s.Users.GetUser(ctx, u.ID); err != nil || got.JuryLanguages != nil {
		t.Fatalf("a new user's languages %v, %v; want none (nil)", got.JuryLanguages, err)
	}
	if _, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error {
		x.JuryLanguages = []festival.LanguageCode{"de", "en"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	city := "Gent"
	if _, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error { x.City = &city; return nil }); err != nil {
		t.Fatal(err)
	}
	got, err := s.Users.GetUser(ctx, u.ID)
	if err != nil || fmt.Sprint(got.JuryLanguages) != "[de en]" {
		t.Fatalf("languages after another update %v, %v; want [de en]", got.JuryLanguages, err)
	}
	if _, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error { x.JuryLanguages = []festival.LanguageCode{}; return nil }); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Users.GetUser(ctx, u.ID); err != nil || got.JuryLanguages != nil {
		t.Fatalf("languages cleared read back as %v, %v; want nil", got.JuryLanguages, err)
	}
}

func filmLanguagesAreReadBack(t *testing.T, s Stores) {
	ctx := context.Background()
	ja := festival.LanguageCode("ja")
	now := festival.NewTime(time.Now())
	for _, m := range []festival.Movie{
		{Title: "Tokyo Story", OriginalLanguage: &ja, SubtitleLanguages: []festival.LanguageCode{"en", "fr"}},
		{Title: "Sans paroles", SubtitleLanguages: []festival.LanguageCode{}},
	} {
		id, err := s.Films.NewMovieID(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m.ID, m.OwnerID, m.SelectionStatus, m.CreatedAt, m.UpdatedAt = id, 7, festival.StatusSubmitted, now, now
		m.Producer = &festival.Producer{ID: 7, FirstName: "Yasujirō", LastName: "Ozu"}
		if err := s.AddFilm(ctx, m); err != nil {
			t.Fatal(err)
		}
		got := film(t, s, id)
		if fmt.Sprint(got.SubtitleLanguages) != fmt.Sprint(m.SubtitleLanguages) {
			t.Errorf("%s read back with subtitles %v, want %v", m.Title, got.SubtitleLanguages, m.SubtitleLanguages)
		}
		if m.OriginalLanguage != nil && (got.OriginalLanguage == nil || *got.OriginalLanguage != ja) {
			t.Errorf("%s read back with original %v, want ja", m.Title, got.OriginalLanguage)
		}
		if len(m.SubtitleLanguages) == 0 && got.SubtitleLanguages != nil {
			t.Errorf("%s: no subtitle languages read back as %#v, want nil", m.Title, got.SubtitleLanguages)
		}
	}
}
