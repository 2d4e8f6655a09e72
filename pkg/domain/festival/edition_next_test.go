package festival_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestTheNextEditionKeepsTheRulesAndClearsTheCalendar(t *testing.T) {
	at := festival.NewTime(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	st := festival.DefaultSettings()
	st.SubmissionsOpenAt, st.SubmissionsCloseAt, st.VotingOpenAt, st.VotingCloseAt = at, at, at, at
	st.ResultsPublishedAt, st.ResultsLedger, st.DecisionsReleaseAt = at, &festival.LedgerHead{Seq: 3}, at
	st.ReleasedCategories = map[int64]festival.Time{1: at}
	st.CategoryWindows = map[int64]festival.CategoryWindow{1: {SubmissionsCloseAt: at}}
	st.CategoryGrids = map[int64]festival.Grid{1: {{Key: "image", Name: "Image", Weight: festival.MustDecimal("1")}}, 9: {{Key: "son", Name: "Son", Weight: festival.MustDecimal("1")}}}
	st.CategoryRules = map[int64][]festival.EligibilityRule{2: {{Kind: "subtitles"}}}
	st.BlindJudging, st.JuryReminderDays = true, 3
	st.Form.Questions = []festival.Question{{ID: "pitch"}, {ID: "lieu", Category: 1}, {ID: "gone", Category: 9}}
	next := st.ForNextEdition(festival.CategoryIDs{1: 11, 2: 12})

	for name, cleared := range map[string]bool{
		"submissions": next.SubmissionsOpenAt.IsZero() && next.SubmissionsCloseAt.IsZero(),
		"voting":      next.VotingOpenAt.IsZero() && next.VotingCloseAt.IsZero(),
		"results":     next.ResultsPublishedAt.IsZero() && next.ResultsLedger == nil,
		"release":     next.DecisionsReleaseAt.IsZero() && next.ReleasedCategories == nil,
		"windows":     next.CategoryWindows == nil,
	} {
		if !cleared {
			t.Errorf("%s not cleared: %+v", name, next.Season)
		}
	}
	if !next.BlindJudging || next.JuryReminderDays != 3 {
		t.Errorf("rules lost: %+v", next.Season)
	}
	if _, ok := next.CategoryGrids[11]; !ok || len(next.CategoryGrids) != 1 {
		t.Errorf("grids %v, want category 1's on 11 (9 has no copy)", next.CategoryGrids)
	}
	if _, ok := next.CategoryRules[12]; !ok || len(next.CategoryRules) != 1 {
		t.Errorf("rules %v, want category 2's on 12", next.CategoryRules)
	}
	if got := fmt.Sprint(next.Form.Questions); got != fmt.Sprint([]festival.Question{{ID: "pitch"}, {ID: "lieu", Category: 11}}) {
		t.Errorf("form %s", got)
	}
	if st.CategoryGrids[1] == nil || st.SubmissionsCloseAt.IsZero() {
		t.Error("the archived edition's settings changed")
	}
}

func TestJurorsCategoriesMoveToTheCopiesOnce(t *testing.T) {
	ids := festival.CategoryIDs{1: 11, 2: 12}
	for _, c := range []struct{ judged, want []int64 }{
		{nil, nil},
		{[]int64{1}, []int64{11}},
		{[]int64{1, 2}, []int64{11, 12}},
		{[]int64{11, 2}, []int64{11, 12}}, // a start finished after a failure
		{[]int64{7}, nil},                 // a category of no edition any more
	} {
		if got := festival.NextJuryCategories(c.judged, ids); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("NextJuryCategories(%v) = %v, want %v", c.judged, got, c.want)
		}
	}
}

func TestTheNextEditionNeedsANewWellFormedID(t *testing.T) {
	existing := []festival.Edition{{ID: "2026"}, {ID: "printemps"}}
	for _, c := range []struct {
		n    festival.NextEdition
		want error
	}{
		{festival.NextEdition{ID: "2027", Name: "Festival 2027"}, nil},
		{festival.NextEdition{ID: "2027-automne"}, nil},
		{festival.NextEdition{ID: "2026"}, festival.ErrEditionExists},
		{festival.NextEdition{ID: "PRINTEMPS"}, festival.ErrEditionExists},
		{festival.NextEdition{ID: ""}, festival.ErrEditionID},
		{festival.NextEdition{ID: "-2027"}, festival.ErrEditionID},
		{festival.NextEdition{ID: "20 27"}, festival.ErrEditionID},
		{festival.NextEdition{ID: "12345678901234567"}, festival.ErrEditionID},
		{festival.NextEdition{ID: "2027", Name: " 2027"}, festival.ErrEditionName},
		{festival.NextEdition{ID: "2027", Name: string(make([]rune, 101))}, festival.ErrEditionName},
	} {
		if err := festival.CheckNextEdition(c.n, existing); !errors.Is(err, c.want) {
			t.Errorf("CheckNextEdition(%+v) = %v, want %v", c.n, err, c.want)
		}
	}
}
