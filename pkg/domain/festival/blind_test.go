package festival

import (
	"reflect"
	"testing"
	"time"
)

// filmByMakers is a film whose every field that names its makers is set.
func filmByMakers() Movie {
	return Movie{
		ID: 9, Title: "Le Rayon vert", Synopsis: ptr("Delphine en vacances."), OwnerID: 4,
		Trailer: ptr("filmFile-1732270000000-123456789.mp4"), Picture1: ptr("thumbnail1-1732270000000-000000001.png"),
		Production: ptr("Les Films du Losange"), Workshop: ptr("Atelier Rohmer"), YoutubeLink: ptr("https://youtu.be/rohmer"),
		Translation: ptr("sous-titres anglais"), SelectionStatus: StatusAssigned,
		Producer:      &Producer{ID: 4, FirstName: "Éric", LastName: "Rohmer"},
		Collaborators: []Collaborator{{ID: 1, FirstName: "Marie", LastName: "Rivière", Email: "marie@example.org", Job: "ACTOR"}},
		Juries:        []Jury{{ID: 2, FirstName: "Jo", LastName: "J", Email: "jo@example.org", Role: RoleJury}},
		Answers: Answers{
			"statement": {Text: ptr("Un film d'été.")},
			"cv":        {File: &AnswerFile{Key: "answer-cv-1732270000000-000000002.pdf", Name: "CV Éric Rohmer.pdf", ContentType: "application/pdf", Size: 10}},
		},
		Withdrawn: &Withdrawal{At: NewTime(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)), By: 4, Reason: "Éric préfère Cannes", Status: StatusAssigned},
	}
}

func TestBlindFilmEmptiesWhatNamesTheMakersAndKeepsTheRest(t *testing.T) {
	m := filmByMakers()
	got := BlindFilm(m)

	want := filmByMakers()
	want.Producer, want.OwnerID, want.Collaborators = nil, 0, []Collaborator{}
	want.Production, want.Workshop, want.YoutubeLink = nil, nil, nil
	want.Answers["cv"].File.Name = "answer-cv-1732270000000-000000002.pdf"
	want.Withdrawn.By, want.Withdrawn.Reason = 0, ""
	if !reflect.DeepEqual(got, want) {
		t.Errorf("BlindFilm =\n%+v\nwant\n%+v", got, want)
	}
	if got.Collaborators == nil {
		t.Error("Collaborators is nil: the specification's shape wants an empty list")
	}
	if !reflect.DeepEqual(m, filmByMakers()) {
		t.Error("BlindFilm changed the film it was given (its slices, maps and pointers may be shared)")
	}
	// A film without answers nor withdrawal stays without them.
	bare := BlindFilm(Movie{ID: 1, Title: "x"})
	if bare.Answers != nil || bare.Withdrawn != nil {
		t.Errorf("a bare film blinded: answers %v, withdrawn %v", bare.Answers, bare.Withdrawn)
	}
}

func TestBlindJudgingHidesTheMakersFromJurorsAndThePublicOnly(t *testing.T) {
	now := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	m := filmByMakers()
	for _, tc := range []struct {
		name    string
		blind   bool
		view    FilmView
		caller  Actor
		blinded bool
	}{
		{"off: a juror", false, FilmViewFull, Actor{ID: 2, Role: RoleJury}, false},
		{"off: the public", false, FilmViewFull, Actor{}, false},
		{"on: an admin", true, FilmViewFull, Actor{ID: 1, Role: RoleAdmin}, false},
		{"on: the film's producer", true, FilmViewFull, Actor{ID: 4, Role: RoleProducer}, false},
		{"on: a juror", true, FilmViewFull, Actor{ID: 2, Role: RoleJury}, true},
		{"on: a juror not assigned", true, FilmViewFull, Actor{ID: 3, Role: RoleJury}, true},
		{"on: anonymous", true, FilmViewFull, Actor{}, true},
		{"on: another producer", true, FilmViewFull, Actor{ID: 5, Role: RoleProducer}, true},
		{"on, redacted view: a juror", true, FilmViewRedacted, Actor{ID: 2, Role: RoleJury}, true},
		{"on, redacted view: the public", true, FilmViewRedacted, Actor{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings()
			s.BlindJudging, s.PublicFilmView = tc.blind, tc.view
			got := s.FilmsFor(tc.caller, []Movie{m}, now)
			if len(got) != 1 {
				t.Fatalf("FilmsFor = %d films, want 1", len(got))
			}
			f := got[0]
			named := f.Producer != nil || f.OwnerID != 0 || len(f.Collaborators) > 0 || f.Production != nil || f.Workshop != nil || f.YoutubeLink != nil
			if named == tc.blinded {
				t.Errorf("producer %v, id_user %d, team %v, production %v, workshop %v: want blinded %v",
					f.Producer, f.OwnerID, f.Collaborators, f.Production, f.Workshop, tc.blinded)
			}
			if f.Title != m.Title || f.Trailer == nil || *f.Trailer != *m.Trailer || len(f.Juries) != len(m.Juries) && tc.view == FilmViewFull {
				t.Errorf("the film itself changed: %+v", f)
			}
			if tc.blinded && f.Answers["cv"].File.Name != f.Answers["cv"].File.Key {
				t.Errorf("a file answer keeps the producer's name for it: %+v", f.Answers["cv"].File)
			}
		})
	}
	if !reflect.DeepEqual(m, filmByMakers()) {
		t.Error("FilmsFor changed the film it was given")
	}
}

func TestBlindsOnlyJurorsAndThePublicWhileTheSettingIsOn(t *testing.T) {
	for _, a := range Audiences {
		on := Season{BlindJudging: true}
		want := a == AudienceJury || a == AudiencePublic
		if got := on.Blinds(a); got != want {
			t.Errorf("on: Blinds(%s) = %v, want %v", a, got, want)
		}
		if (Season{}).Blinds(a) {
			t.Errorf("off: Blinds(%s) = true", a)
		}
	}
}
