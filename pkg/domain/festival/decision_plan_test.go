package festival

import (
	"testing"
	"time"
)

func TestADecisionPlanMovesAFilmsStatusAndPutsItBack(t *testing.T) {
	t.Parallel()
	now := NewTime(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
	m := Movie{ID: 7, Title: "Cléo", SelectionStatus: StatusAssigned, Status: GuideValidated}
	f := PlanFilm{MovieID: 7, Version: 3, From: StatusAssigned, To: StatusSelected}
	after := f.Decided(m, now)
	if after.SelectionStatus != StatusSelected || after.Status != StatusSelected.Guide() || after.UpdatedAt != now {
		t.Fatalf("decided = %+v", after)
	}
	back := f.Undecided(after)
	if back.SelectionStatus != StatusAssigned || back.Status != GuideValidated {
		t.Fatalf("undecided = %+v", back)
	}
	p := NewDecisionPlan(PlanID{"p1"}, Actor{ID: 1, Role: RoleAdmin}, []PlanFilm{f}, now.Time)
	if p.Kind != PlanDecision || p.State != PlanPreviewed || !p.Claimable(now.Time) || p.Claimable(now.Add(PlanTTL)) {
		t.Fatalf("plan = %+v", p)
	}
	if NewPlan(PlanID{"p2"}, Actor{ID: 1}, nil, now.Time).Kind != PlanAssignment {
		t.Fatal("an assignment plan has the zero kind")
	}
}

func TestATitleSearchIgnoresCaseAccentsAndSpaces(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		title, search string
		want          bool
	}{
		{"Élégie pour Cléo", "elegie", true},
		{"Élégie pour Cléo", "CLÉO", true},
		{"Élégie pour Cléo", "pour  cleo", true},
		{"L'Œil du cyclone", "l'œil", true},
		{"Les Parapluies", "parapluie", true},
		{"Les Parapluies", "cherbourg", false},
		{"Ça tourne", "ca", true},
		{"Anything", "", true},
	} {
		if got := TitleMatches(tc.title, tc.search); got != tc.want {
			t.Errorf("TitleMatches(%q, %q) = %v, want %v", tc.title, tc.search, got, tc.want)
		}
	}
}
