package decisions

import (
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestABulkDecisionTakesAFilmOutOfTheFestivalOnlyWhenNamed(t *testing.T) {
	t.Parallel()
	films := []festival.VersionedMovie{
		{Movie: festival.Movie{ID: 1, Title: "En lice", SelectionStatus: festival.StatusAssigned}},
		{Movie: festival.Movie{ID: 2, Title: "Retiré", SelectionStatus: festival.StatusAssigned, Withdrawn: &festival.Withdrawal{By: 9, Reason: "x"}}},
		{Movie: festival.Movie{ID: 3, Title: "Brouillon", SelectionStatus: festival.StatusAssigned, Draft: true}},
	}
	assigned := Filter{Statuses: []festival.SelectionStatus{festival.StatusAssigned}}
	for _, tc := range []struct {
		name string
		req  Request
		want []int64
	}{
		{"by a filter", Request{Filter: assigned}, []int64{1}},
		{"named", Request{IDs: []int64{2, 3, 1}}, []int64{1, 2, 3}},
		{"named and filtered", Request{IDs: []int64{2}, Filter: assigned}, []int64{2}},
	} {
		kept, _ := Select(films, nil, tc.req)
		var got []int64
		for _, vm := range kept {
			got = append(got, vm.Movie.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: kept %v, want %v", tc.name, got, tc.want)
		}
	}
}
