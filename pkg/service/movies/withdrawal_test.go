package movies_test

import (
	"context"
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

func TestAFilmOutOfTheFestivalIsHeldFromTheAssignmentWithItsReason(t *testing.T) {
	t.Parallel()
	const producer = 40
	st := &plans{films: []festival.VersionedMovie{
		{Movie: festival.Movie{ID: 10, Title: "In", SelectionStatus: festival.StatusSubmitted}, Version: 1},
		{Movie: festival.Movie{ID: 11, Title: "By its producer", OwnerID: producer, SelectionStatus: festival.StatusAssigned,
			Withdrawn: &festival.Withdrawal{By: producer, Reason: "première ailleurs", Status: festival.StatusAssigned}}, Version: 3},
		{Movie: festival.Movie{ID: 12, Title: "By an admin", OwnerID: producer, SelectionStatus: festival.StatusSubmitted,
			Withdrawn: &festival.Withdrawal{By: 1, Reason: "hors règlement", Status: festival.StatusSubmitted}}, Version: 2},
		{Movie: festival.Movie{ID: 13, Title: "Draft", OwnerID: producer, SelectionStatus: festival.StatusSubmitted, Draft: true}, Version: 1},
		{Movie: festival.Movie{ID: 14, Title: "Refused, withdrawn", OwnerID: producer, SelectionStatus: festival.StatusRefused,
			Withdrawn: &festival.Withdrawal{By: 1, Reason: "x", Status: festival.StatusRefused}}, Version: 1},
	}}
	svc := movies.New(movies.Stores{Plans: st, People: jurors{{ID: 5, Role: festival.RoleJury}}}, nil, nil)
	p, err := svc.PreviewAssignment(context.Background(), admin, movies.AssignmentRequest{JurorsPerFilm: 1})
	if err != nil {
		t.Fatal(err)
	}
	var staffed []int64
	for _, f := range p.Films {
		staffed = append(staffed, f.ID)
	}
	if !slices.Equal(staffed, []int64{10}) {
		t.Fatalf("films staffed %v, want 10 alone", staffed)
	}
	// Film 14 is not asked for (refused): it is not held, only left out.
	want := []movies.HeldFilm{
		{ID: 11, Title: "By its producer", Reason: texts.T(texts.French, texts.HeldWithdrawnByProducer)},
		{ID: 12, Title: "By an admin", Reason: texts.T(texts.French, texts.HeldWithdrawnByAdmin)},
		{ID: 13, Title: "Draft", Reason: texts.T(texts.French, texts.HeldDraft)},
	}
	if !slices.Equal(p.Held, want) {
		t.Fatalf("held %+v, want %+v", p.Held, want)
	}
}
