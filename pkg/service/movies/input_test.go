package movies

import (
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestStatusFilterReadsBothVocabularies(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]festival.SelectionStatus{
		"":          nil,
		"PENDING":   {festival.StatusSubmitted},
		"VALIDATED": {festival.StatusAssigned, festival.StatusToDiscuss},
		"CANDIDATE": {festival.StatusCandidate, festival.StatusAwarded, festival.StatusSelected, festival.StatusFinalist},
		"candidate": {festival.StatusCandidate},
		"Refused":   {festival.StatusRefused},
	} {
		got, err := StatusFilter(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("StatusFilter(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := StatusFilter("WINNER"); err == nil {
		t.Error("an unknown status is accepted")
	}
}
