package voting

import (
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestAggregateLeavesOutTheFilmsOutOfTheFestival(t *testing.T) {
	t.Parallel()
	movies := []festival.MovieFacts{
		{ID: 1, Title: "En lice"},
		{ID: 2, Title: "Retiré", Withdrawn: &festival.Withdrawal{By: 9, Reason: "première ailleurs", Status: festival.StatusAssigned}},
		{ID: 3, Title: "Brouillon", Draft: true},
		{ID: 4, Title: "Second"},
	}
	votes := []festival.Vote{
		vote(1, 6, false), vote(2, 10, true), vote(3, 9, false), vote(4, 5, false),
	}
	got := Aggregate(movies, votes, nil, 0)
	if len(got) != 2 || got[0].MovieID != 1 || *got[0].Rank != 1 || got[1].MovieID != 4 || *got[1].Rank != 2 {
		t.Fatalf("results %+v, want films 1 then 4 ranked, 2 and 3 left out", got)
	}
}
