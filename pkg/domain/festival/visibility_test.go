package festival

import (
	"reflect"
	"testing"
	"time"
)

func filmToRedact() Movie {
	comment := "à revoir"
	return Movie{
		ID: 7, JuryComment: &comment, AdminComment: &comment,
		Collaborators: []Collaborator{{ID: 1, FirstName: "Ada", LastName: "L", Email: "ada@example.org", Job: "montage"}},
		Juries:        []Jury{{ID: 2, FirstName: "Jo", LastName: "J", Email: "jo@example.org", Role: RoleJury}},
	}
}

func TestRedactFilmHidesEmailsCommentsAndTheJuryUntilPublication(t *testing.T) {
	m := filmToRedact()
	before := RedactFilm(m, false)
	if before.JuryComment != nil || before.AdminComment != nil {
		t.Error("comments are shown")
	}
	if before.Collaborators[0].Email != "" || before.Collaborators[0].FirstName != "Ada" {
		t.Errorf("collaborator %+v, want the name without the e-mail", before.Collaborators[0])
	}
	if before.Juries == nil || len(before.Juries) != 0 {
		t.Errorf("jury before publication %+v, want an empty list", before.Juries)
	}
	after := RedactFilm(m, true)
	if want := []Jury{{ID: 2, FirstName: "Jo", LastName: "J", Role: RoleJury}}; !reflect.DeepEqual(after.Juries, want) {
		t.Errorf("jury after publication %+v, want %+v", after.Juries, want)
	}
	if !reflect.DeepEqual(m, filmToRedact()) {
		t.Error("RedactFilm changed the film it was given (its slices may be shared)")
	}
}

func TestFilmsForRedactsOnlyForNonAdminsUnderTheRedactedView(t *testing.T) {
	films := []Movie{filmToRedact()}
	full := DefaultSettings()
	redacted := DefaultSettings()
	redacted.PublicFilmView = FilmViewRedacted
	redacted.ResultsPublishedAt = Time{Time: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}
	jury := Actor{ID: 2, Role: RoleJury}
	now := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	as := func(a Audience, m Movie) []Movie { return []Movie{full.ForAudience(a, m, now)} }
	if got := full.FilmsFor(jury, films, now); !reflect.DeepEqual(got, as(AudienceJury, films[0])) {
		t.Error("the full view redacts")
	}
	if got := redacted.FilmsFor(Actor{ID: 1, Role: RoleAdmin}, films, now); !reflect.DeepEqual(got, films) {
		t.Error("an admin does not read the films as stored")
	}
	got := redacted.FilmsFor(jury, films, now)
	if want := RedactFilm(as(AudienceJury, films[0])[0], true); !reflect.DeepEqual(got, []Movie{want}) {
		t.Errorf("a jury member reads %+v, want the redacted film with the published jury %+v", got, want)
	}
	if !reflect.DeepEqual(films, []Movie{filmToRedact()}) {
		t.Error("FilmsFor changed the films it was given")
	}
}

func TestParseFilmViewKnowsBothViews(t *testing.T) {
	for _, v := range []FilmView{FilmViewFull, FilmViewRedacted} {
		if got, ok := ParseFilmView(string(v)); !ok || got != v {
			t.Errorf("ParseFilmView(%q) = %q, %v", v, got, ok)
		}
	}
	if _, ok := ParseFilmView("public"); ok {
		t.Error(`ParseFilmView("public") is accepted`)
	}
}
