package mailtemplate

import (
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestGroupSelect(t *testing.T) {
	cat := []festival.MovieCategory{{ID: 3, Name: "Documentaire"}}
	ann, bob := &festival.Producer{ID: 10, FirstName: "Ann", LastName: "Zed"}, &festival.Producer{ID: 11, FirstName: "Bob", LastName: "Abe"}
	j1, j2 := festival.Jury{ID: 20, FirstName: "Jo", LastName: "Un"}, festival.Jury{ID: 21, FirstName: "Lu", LastName: "Deux"}
	films := []festival.Movie{
		{ID: 1, Title: "A", OwnerID: 10, Producer: ann, SelectionStatus: festival.StatusSelected, Categories: cat, Juries: []festival.Jury{j1, j2}},
		{ID: 2, Title: "B", OwnerID: 10, Producer: ann, SelectionStatus: festival.StatusRefused, Categories: cat, Juries: []festival.Jury{j1}},
		{ID: 3, Title: "C", OwnerID: 11, Producer: bob, SelectionStatus: festival.StatusSelected, Juries: []festival.Jury{j2}},
		{ID: 4, Title: "D", SelectionStatus: festival.StatusSelected}, // no producer left
		// Withdrawn once selected: its producer is among every producer, not
		// among the selected ones.
		{ID: 5, Title: "E", OwnerID: 12, Producer: &festival.Producer{ID: 12, FirstName: "Cy", LastName: "Moi"}, SelectionStatus: festival.StatusSelected,
			Withdrawn: &festival.Withdrawal{By: 12, Reason: "x", Status: festival.StatusSelected}},
	}
	votes := []festival.Vote{{MovieID: 1, UserID: 20}, {MovieID: 2, UserID: 20}, {MovieID: 3, UserID: 20}}
	cases := []struct {
		name string
		g    Group
		want string // id:titles, in order
	}{
		{"every producer, by last name", Group{Role: festival.RoleProducer}, "11:[C] 12:[E] 10:[A B]"},
		{"selected producers", Group{Role: festival.RoleProducer, Statuses: []festival.SelectionStatus{festival.StatusSelected}}, "11:[C] 10:[A]"},
		{"selected producers of a category", Group{Role: festival.RoleProducer, Statuses: []festival.SelectionStatus{festival.StatusSelected}, CategoryID: 3}, "10:[A]"},
		{"refused or finalist", Group{Role: festival.RoleProducer, Statuses: []festival.SelectionStatus{festival.StatusRefused, festival.StatusFinalist}}, "10:[B]"},
		{"every juror", Group{Role: festival.RoleJury}, "21:[A C] 20:[A B]"},
		{"jurors behind", Group{Role: festival.RoleJury, Behind: true}, "21:[A C]"},
		{"jurors of a category", Group{Role: festival.RoleJury, CategoryID: 3}, "21:[A] 20:[A B]"},
		{"nobody", Group{Role: festival.RoleProducer, CategoryID: 9}, ""},
	}
	for _, c := range cases {
		got := ""
		for i, a := range c.g.Select(films, votes) {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("%d:%v", a.ID, a.Titles)
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if s := (Addressee{Titles: []string{"A", "B"}}).TitlesText(); s != "- A\n- B" {
		t.Errorf("titles: %q", s)
	}
}

// TestAMessageThatTellsOfADecisionWaitsForItsRelease: to producers drawn
// by a decision, held until the last of their films' decisions is out (a
// category released early lets its films go); any other message goes now.
func TestAMessageThatTellsOfADecisionWaitsForItsRelease(t *testing.T) {
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	release := now.Add(10 * 24 * time.Hour)
	season := festival.Season{DecisionsReleaseAt: festival.NewTime(release), ReleasedCategories: map[int64]festival.Time{7: festival.NewTime(now)}}
	early := festival.Movie{ID: 1, Title: "A", OwnerID: 10, SelectionStatus: festival.StatusSelected, Categories: []festival.MovieCategory{{ID: 7}}}
	late := festival.Movie{ID: 2, Title: "B", OwnerID: 11, SelectionStatus: festival.StatusSelected, Juries: []festival.Jury{{ID: 20}}}
	films := []festival.Movie{early, late}
	decided := Group{Role: festival.RoleProducer, Statuses: []festival.SelectionStatus{festival.StatusSelected}}
	cases := []struct {
		name string
		g    Group
		s    festival.Season
		want map[int64]time.Time
	}{
		{"decision, one category released early", decided, season, map[int64]time.Time{10: now, 11: release}},
		{"decision, no release date", decided, festival.Season{}, map[int64]time.Time{10: now, 11: now}},
		{"no decision named", Group{Role: festival.RoleProducer}, season, map[int64]time.Time{10: now, 11: now}},
		{"deliberation", Group{Role: festival.RoleProducer, Statuses: []festival.SelectionStatus{festival.StatusAssigned}}, season, map[int64]time.Time{}},
		{"jurors", Group{Role: festival.RoleJury}, season, map[int64]time.Time{20: now}},
	}
	for _, c := range cases {
		group := c.g.Select(films, nil)
		if len(group) != len(c.want) {
			t.Errorf("%s: %d people, want %d", c.name, len(group), len(c.want))
		}
		for _, a := range group {
			if got := c.g.Due(a, c.s, now); !got.Equal(c.want[a.ID]) {
				t.Errorf("%s: %d due %s, want %s", c.name, a.ID, got, c.want[a.ID])
			}
		}
	}
}
