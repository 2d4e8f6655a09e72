package festival

import (
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
)

func TestStatusPredicatesSayWhoIsInCompetitionAndWhatTheProducerHears(t *testing.T) {
	t.Parallel()
	cases := []struct {
		status              SelectionStatus
		inCompetition, told bool
	}{
		{StatusSubmitted, true, false},
		{StatusAssigned, true, false},
		{StatusToDiscuss, true, false},
		{StatusCandidate, true, false},
		{StatusSelected, true, true},
		{StatusFinalist, true, true},
		{StatusAwarded, true, true},
		{StatusRefused, false, true},
	}
	if len(cases) != len(SelectionStatuses) {
		t.Fatalf("%d statuses checked, %d exist", len(cases), len(SelectionStatuses))
	}
	for _, c := range cases {
		if got := c.status.InCompetition(); got != c.inCompetition {
			t.Errorf("%s in competition = %v, want %v", c.status, got, c.inCompetition)
		}
		if got := c.status.ToldToProducer(); got != c.told {
			t.Errorf("%s told to the producer = %v, want %v", c.status, got, c.told)
		}
	}
	if got := CompetingStatuses(); slices.Contains(got, StatusRefused) || len(got) != len(SelectionStatuses)-1 {
		t.Errorf("competing statuses %v, want every status but refused", got)
	}
}

func TestAStatusChangeNamesBothEnds(t *testing.T) {
	t.Parallel()
	m := Movie{SelectionStatus: StatusSubmitted}
	details, err := SetStatus(StatusSelected)(&m)
	if err != nil || m.SelectionStatus != StatusSelected || details["from"] != "submitted" || details["to"] != "selected" {
		t.Errorf("set status = %v, %v, film %s", details, err, m.SelectionStatus)
	}
}

func TestACandidateMarkIsAVoteOfAMemberFreeToJudgeTheFilm(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	open := DefaultSettings()
	open.VotingOpenAt, open.VotingCloseAt = NewTime(now.Add(-time.Hour)), NewTime(now.Add(time.Hour))
	closed := open
	closed.VotingCloseAt = NewTime(now.Add(-time.Minute))
	assignedOnly := open
	assignedOnly.JuryVoteAssignedOnly = true
	jury := Actor{ID: 5, Role: RoleJury}
	juror := User{ID: 5, Email: "j@example.org", Role: RoleJury}
	film := func() Movie {
		return Movie{ID: 1, OwnerID: 2, SelectionStatus: StatusAssigned, Juries: []Jury{{ID: 9}}}
	}
	collaborated := film()
	collaborated.Collaborators = []Collaborator{{Email: "J@example.org"}}
	assigned := film()
	assigned.Juries = []Jury{{ID: 5}}
	cases := []struct {
		name     string
		settings Settings
		film     Movie
		refused  apperr.Code // "": marked
	}{
		{"open vote", open, film(), ""},
		{"vote closed", closed, film(), apperr.Forbidden},
		{"a collaborator", open, collaborated, apperr.Forbidden},
		{"not assigned, assigned only", assignedOnly, film(), apperr.Forbidden},
		{"assigned, assigned only", assignedOnly, assigned, ""},
	}
	for _, c := range cases {
		m := c.film
		details, err := MarkCandidate(jury, juror, c.settings, now)(&m)
		switch {
		case c.refused == "" && (err != nil || m.SelectionStatus != StatusCandidate || details["from"] != "assigned"):
			t.Errorf("%s: mark = %v, %v, status %s; want candidate", c.name, details, err, m.SelectionStatus)
		case c.refused != "" && (!apperr.Is(err, c.refused) || m.SelectionStatus != StatusAssigned):
			t.Errorf("%s: mark = %v, status %s; want refused (%s), unchanged", c.name, err, m.SelectionStatus, c.refused)
		}
	}
}

func TestCollaboratorsAreSetByTheProducerOrAnAdminAndNeverAnAssignedMember(t *testing.T) {
	t.Parallel()
	collabs := []Collaborator{{ID: 1, Email: "a@example.org"}, {ID: 2, Email: "Jury@Example.org"}}
	film := Movie{ID: 1, OwnerID: 2, Juries: []Jury{{ID: 9, Email: "jury@example.org"}}}
	cases := []struct {
		name    string
		by      Actor
		film    Movie
		collabs []Collaborator
		refused apperr.Code
	}{
		{"the producer", Actor{ID: 2, Role: RoleProducer}, film, collabs[:1], ""},
		{"an admin", Actor{ID: 3, Role: RoleAdmin}, film, collabs[:1], ""},
		{"another producer", Actor{ID: 4, Role: RoleProducer}, film, collabs[:1], apperr.Forbidden},
		{"an assigned member among them", Actor{ID: 2, Role: RoleProducer}, film, collabs, apperr.Invalid},
	}
	for _, c := range cases {
		m := c.film
		details, err := SetCollaborators(c.by, c.collabs)(&m)
		switch {
		case c.refused == "" && (err != nil || len(m.Collaborators) != len(c.collabs) || details["count"] != "1"):
			t.Errorf("%s: set = %v, %v; want set", c.name, details, err)
		case c.refused != "" && (!apperr.Is(err, c.refused) || m.Collaborators != nil):
			t.Errorf("%s: set = %v; want refused (%s), unchanged", c.name, err, c.refused)
		}
	}
	if got := AssignedCollaborators(film, collabs); !slices.Equal(got, []string{"Jury@Example.org"}) {
		t.Errorf("assigned collaborators %v, want the jury member's e-mail as sent", got)
	}
}

func TestACollaboratorSentAgainKeepsTheirID(t *testing.T) {
	t.Parallel()
	film := Movie{Collaborators: []Collaborator{{ID: 7, Email: "Old@example.org"}, {ID: 8, Email: ""}}}
	sent := []Collaborator{{Email: "new@example.org"}, {Email: "old@EXAMPLE.org"}, {Email: ""}}
	if need := KeepCollaboratorIDs(film, sent); need != 2 {
		t.Fatalf("need %d new ids, want 2 (the new e-mail and the one without)", need)
	}
	GiveCollaboratorIDs(sent, []int64{20, 21})
	if got := []int64{sent[0].ID, sent[1].ID, sent[2].ID}; !slices.Equal(got, []int64{20, 7, 21}) {
		t.Errorf("ids %v, want 20, 7 (kept), 21", got)
	}
}
