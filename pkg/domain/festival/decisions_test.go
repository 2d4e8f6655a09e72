package festival

import (
	"testing"
	"time"
)

func TestStatusWordsNeverShowDeliberationToProducersOrThePublic(t *testing.T) {
	for _, s := range SelectionStatuses {
		for _, a := range []Audience{AudienceProducer, AudiencePublic} {
			w := StatusWord(a, s, true)
			if !s.IsDecision() && w != WordUnderReview && w != WordEntered && w != "reçu" {
				t.Errorf("%s reads %q for %s, a step of the deliberation", a, w, s)
			}
		}
		if w := StatusWord(AudienceProducer, s, false); w != WordUnderReview {
			t.Errorf("before release a producer reads %q for %s, want %q", w, s, WordUnderReview)
		}
		if w := StatusWord(AudiencePublic, s, false); w != WordEntered {
			t.Errorf("before release the public reads %q for %s, want %q", w, s, WordEntered)
		}
		for _, a := range Audiences {
			if StatusWord(a, s, true) == "" {
				t.Errorf("no word for %s in %s", s, a)
			}
		}
	}
	cases := []struct {
		a    Audience
		s    SelectionStatus
		want string
	}{
		{AudienceProducer, StatusAssigned, "en cours d'examen"},
		{AudienceProducer, StatusCandidate, "en cours d'examen"},
		{AudienceProducer, StatusAwarded, "primé"},
		{AudienceProducer, StatusRefused, "non retenu"},
		{AudiencePublic, StatusRefused, "inscrit"},
		{AudienceAdmin, StatusCandidate, "proposé par un juré"},
		{AudienceJury, StatusAssigned, "à juger"},
	}
	for _, c := range cases {
		if got := StatusWord(c.a, c.s, true); got != c.want {
			t.Errorf("StatusWord(%s, %s) = %q, want %q", c.a, c.s, got, c.want)
		}
	}
}

func TestDecisionReleasedByDateOrCategory(t *testing.T) {
	release := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	s := Season{DecisionsReleaseAt: NewTime(release), ReleasedCategories: map[int64]Time{7: NewTime(release.Add(-time.Hour))}}
	before := release.Add(-time.Minute)
	cases := []struct {
		name string
		s    Season
		now  time.Time
		cats []int64
		want bool
	}{
		{"no release date: out at once", Season{}, before, nil, true},
		{"before the date", s, before, []int64{1}, false},
		{"at the date", s, release, []int64{1}, true},
		{"category released early", s, before, []int64{1, 7}, true},
	}
	for _, c := range cases {
		if got := c.s.DecisionReleased(c.now, c.cats); got != c.want {
			t.Errorf("%s: DecisionReleased = %v, want %v", c.name, got, c.want)
		}
		due := c.s.DecisionDue(c.now, c.cats)
		if c.want != due.Equal(c.now) {
			t.Errorf("%s: DecisionDue = %v", c.name, due)
		}
	}
}

func TestCuratedSelectionHidesFromThePublicWhatIsNotReleasedAndSelected(t *testing.T) {
	release := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	st := DefaultSettings()
	st.PublicSelection = SelectionCurated
	st.DecisionsReleaseAt = NewTime(release)
	films := []Movie{
		{ID: 1, OwnerID: 10, SelectionStatus: StatusSelected, Status: GuideCandidate},
		{ID: 2, OwnerID: 11, SelectionStatus: StatusRefused, Status: GuideRejected},
		{ID: 3, OwnerID: 12, SelectionStatus: StatusCandidate, Status: GuideCandidate},
	}
	anyone := Actor{}
	if got := st.FilmsFor(anyone, films, release.Add(-time.Hour)); len(got) != 0 {
		t.Errorf("before release the public reads %d films", len(got))
	}
	after := st.FilmsFor(anyone, films, release)
	if len(after) != 1 || after[0].ID != 1 || after[0].StatusLabel != "sélectionné" {
		t.Errorf("after release the public reads %+v, want film 1 only, selected", after)
	}
	owner := Actor{ID: 11, Role: RoleProducer}
	mine := st.FilmsFor(owner, films, release.Add(-time.Hour))
	if len(mine) != 1 || mine[0].ID != 2 {
		t.Fatalf("before release a producer reads %+v, want their own film only (the curated list is empty)", mine)
	}
	if m := mine[0]; m.SelectionStatus != StatusSubmitted || m.Status != GuidePending || m.StatusLabel != WordUnderReview {
		t.Errorf("before release the producer reads %s/%s/%q", m.SelectionStatus, m.Status, m.StatusLabel)
	}
	if m := st.FilmsFor(owner, films, release)[1]; m.ID != 2 || m.SelectionStatus != StatusRefused || m.StatusLabel != "non retenu" {
		t.Errorf("after release the producer reads %s/%q", m.SelectionStatus, m.StatusLabel)
	}
	admin := st.FilmsFor(Actor{ID: 1, Role: RoleAdmin}, films, release.Add(-time.Hour))
	if len(admin) != 3 || admin[1].SelectionStatus != StatusRefused {
		t.Errorf("an admin reads %+v", admin)
	}
}

func TestDefaultSettingsShowTheSpecificationsFields(t *testing.T) {
	st := DefaultSettings()
	m := Movie{ID: 3, OwnerID: 12, SelectionStatus: StatusCandidate, Status: GuideCandidate}
	got := st.FilmsFor(Actor{}, []Movie{m}, time.Now())
	if len(got) != 1 || got[0].SelectionStatus != StatusCandidate || got[0].Status != GuideCandidate || got[0].StatusLabel != WordEntered {
		t.Errorf("with the defaults the public reads %+v", got)
	}
	owner := st.FilmsFor(Actor{ID: 12, Role: RoleProducer}, []Movie{m}, time.Now())[0]
	if owner.SelectionStatus != StatusCandidate || owner.StatusLabel != WordUnderReview {
		t.Errorf("with the defaults the producer reads %s/%q (fields as stored, words by audience)", owner.SelectionStatus, owner.StatusLabel)
	}
}
