package movies_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// plans is a Plans store in memory: the films as stored, the plan saved,
// and what an apply answers.
type plans struct {
	films   []festival.VersionedMovie
	saved   []festival.PlanFilm
	applied error
}

func (p *plans) RecoverPlans(context.Context) (int, error) { return 0, nil }
func (p *plans) AllMoviesVersioned(context.Context) ([]festival.VersionedMovie, error) {
	return p.films, nil
}
func (p *plans) SavePlan(_ context.Context, _ festival.Actor, _ festival.PlanID, films []festival.PlanFilm) (festival.Time, error) {
	p.saved = films
	return festival.Time{}, nil
}
func (p *plans) ApplyPlan(context.Context, festival.Actor, festival.PlanID, func(int64, []festival.Movie) festival.Message) (int, error) {
	return 3, p.applied
}

// jurors is a People store that knows the JURY accounts.
type jurors []festival.User

func (j jurors) GetUser(_ context.Context, id int64) (festival.User, error) {
	for _, u := range j {
		if u.ID == id {
			return u, nil
		}
	}
	return festival.User{}, festival.ErrNotFound
}
func (j jurors) Jurors(context.Context) ([]festival.User, error) { return j, nil }

var admin = festival.Actor{ID: 1, Role: festival.RoleAdmin}

func TestAnAssignmentStaffsTheFilmsInCompetitionByDefault(t *testing.T) {
	t.Parallel()
	st := &plans{films: []festival.VersionedMovie{
		{Movie: festival.Movie{ID: 10, Title: "A", SelectionStatus: festival.StatusSubmitted}, Version: 4},
		{Movie: festival.Movie{ID: 11, Title: "B", SelectionStatus: festival.StatusRefused}, Version: 2},
		{Movie: festival.Movie{ID: 12, Title: "C", SelectionStatus: festival.StatusCandidate, Juries: []festival.Jury{{ID: 5}}}, Version: 7},
	}}
	people := jurors{{ID: 5, Role: festival.RoleJury}, {ID: 6, Role: festival.RoleJury}}
	svc := movies.New(movies.Stores{Plans: st, People: people}, nil, nil)
	p, err := svc.PreviewAssignment(context.Background(), admin, movies.AssignmentRequest{JurorsPerFilm: 2, KeepExisting: true})
	if err != nil {
		t.Fatal(err)
	}
	var staffed []int64
	for _, f := range p.Films {
		staffed = append(staffed, f.ID)
	}
	if !slices.Equal(staffed, []int64{10, 12}) {
		t.Fatalf("films staffed %v, want 10 and 12 (11 is refused)", staffed)
	}
	// Both films end with both members: film 10 gains two, film 12 one.
	want := []festival.PlanFilm{
		{MovieID: 10, Version: 4, Before: []int64{}, After: []int64{5, 6}},
		{MovieID: 12, Version: 7, Before: []int64{5}, After: []int64{5, 6}},
	}
	if p.Changes != 2 || len(st.saved) != 2 {
		t.Fatalf("%d changes, %d films saved; want 2", p.Changes, len(st.saved))
	}
	for i, f := range st.saved {
		if f.MovieID != want[i].MovieID || f.Version != want[i].Version || !slices.Equal(f.Before, want[i].Before) || !slices.Equal(f.After, want[i].After) {
			t.Errorf("plan film %d = %+v, want %+v", i, f, want[i])
		}
	}
}

func TestAnAppliedPlansRefusalIsAnsweredForWhatItIs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		err  error
		code apperr.Code
		text string
	}{
		{"unknown", festival.ErrNotFound, apperr.NotFound, texts.T(texts.French, texts.PlanNotFound)},
		{"applied", &festival.PlanStateError{State: festival.PlanApplied}, apperr.Conflict, texts.T(texts.French, texts.PlanAlreadyApplied)},
		{"being applied", &festival.PlanStateError{State: festival.PlanApplying}, apperr.Conflict, texts.T(texts.French, texts.PlanBeingApplied)},
		{"rolled back", &festival.PlanStateError{State: festival.PlanRolledBack}, apperr.Conflict, texts.T(texts.French, texts.PlanNotApplicable)},
		{"a member changed", festival.ErrConflict, apperr.Conflict, texts.T(texts.French, texts.PlanJuryChanged)},
		{"a member gone", &festival.UnknownIDsError{IDs: []int64{5}}, apperr.Conflict, texts.T(texts.French, texts.PlanJuryChanged)},
	}
	for _, c := range cases {
		svc := movies.New(movies.Stores{Plans: &plans{applied: c.err}}, nil, nil)
		_, err := svc.ApplyAssignment(context.Background(), admin, festival.NewPlanID(time.Now()))
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != c.code || e.Text(texts.French) != c.text {
			t.Errorf("%s: apply = %v, want %s %q", c.name, err, c.code, c.text)
		}
	}
	svc := movies.New(movies.Stores{Plans: &plans{applied: &festival.PlanStaleError{MovieID: 12}}}, nil, nil)
	var stale *apperr.Error
	if _, err := svc.ApplyAssignment(context.Background(), admin, festival.NewPlanID(time.Now())); !errors.As(err, &stale) || stale.Code != apperr.Conflict ||
		stale.Text(texts.French) != fmt.Sprintf(texts.T(texts.French, texts.PlanFilmChanged), 12) {
		t.Errorf("a stale film: apply = %v, want a conflict naming film 12", err)
	}
	svc = movies.New(movies.Stores{Plans: &plans{}}, nil, nil)
	if n, err := svc.ApplyAssignment(context.Background(), admin, festival.NewPlanID(time.Now())); err != nil || n != 3 {
		t.Errorf("apply = %d, %v; want the store's 3 films", n, err)
	}
}
