package festival

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestDecideVote(t *testing.T) {
	now := NewTime(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC))
	before := NewTime(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	yes, no := true, false
	seven, nine := MustDecimal("7"), MustDecimal("9.5")
	kind, short := "Très beau", "Court"
	juror := Actor{ID: 4, Role: RoleJury}
	admin := Actor{ID: 1, Role: RoleAdmin}
	film := func(st SelectionStatus) MovieFacts { return MovieFacts{ID: 12, Status: st} }
	stored := &Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("6"), Comment: &kind, Criteria: map[string]Decimal{"image": MustDecimal("6")},
		CreatedAt: before, UpdatedAt: before}
	assignedOnly := Settings{JuryVoteAssignedOnly: true}
	cases := map[string]struct {
		voter Actor
		g     VoteGround
		ch    VoteChange
		want  VoteOutcome
		err   error
	}{
		"a first vote creates it": {
			voter: juror, g: VoteGround{Movie: film(StatusAssigned)},
			ch:   VoteChange{Score: &seven, Comment: &short, CommentSet: true},
			want: VoteOutcome{Created: true, Vote: Vote{UserID: 4, MovieID: 12, Score: MustDecimal("7"), Comment: &short, CreatedAt: now, UpdatedAt: now}},
		},
		"a first vote without a score is refused": {
			voter: juror, g: VoteGround{Movie: film(StatusAssigned)}, ch: VoteChange{Comment: &short, CommentSet: true},
			err: ErrScoreRequired,
		},
		"a vote again changes what was sent and keeps the rest": {
			voter: juror, g: VoteGround{Movie: film(StatusAssigned), Vote: stored}, ch: VoteChange{IsCandidate: &no},
			want: VoteOutcome{Vote: Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("6"), Comment: &kind, Criteria: map[string]Decimal{"image": MustDecimal("6")},
				CreatedAt: before, UpdatedAt: now}},
		},
		"a new score replaces the marks; a comment sent empty clears it": {
			voter: juror, g: VoteGround{Movie: film(StatusAssigned), Vote: stored}, ch: VoteChange{Score: &nine, CommentSet: true},
			want: VoteOutcome{Vote: Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("9.5"), CreatedAt: before, UpdatedAt: now}},
		},
		"a candidate vote promotes a film that is not candidate": {
			voter: juror, g: VoteGround{Movie: film(StatusToDiscuss)}, ch: VoteChange{Score: &seven, IsCandidate: &yes},
			want: VoteOutcome{Created: true, Promote: true, From: StatusToDiscuss,
				Vote: Vote{UserID: 4, MovieID: 12, Score: MustDecimal("7"), IsCandidate: true, CreatedAt: now, UpdatedAt: now}},
		},
		"a candidate vote holds a candidate film": {
			voter: juror, g: VoteGround{Movie: film(StatusCandidate), Vote: stored}, ch: VoteChange{IsCandidate: &yes},
			want: VoteOutcome{HoldCandidate: true, Vote: Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("6"), Comment: &kind, IsCandidate: true,
				Criteria: map[string]Decimal{"image": MustDecimal("6")}, CreatedAt: before, UpdatedAt: now}},
		},
		"a vote that unflags the film leaves its status alone": {
			voter: juror, g: VoteGround{Movie: film(StatusCandidate), Vote: stored}, ch: VoteChange{IsCandidate: &no},
			want: VoteOutcome{Vote: Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("6"), Comment: &kind, Criteria: map[string]Decimal{"image": MustDecimal("6")},
				CreatedAt: before, UpdatedAt: now}},
		},
		"assigned-only voting holds a juror to the assignment": {
			voter: juror, g: VoteGround{Movie: film(StatusAssigned), Settings: assignedOnly}, ch: VoteChange{Score: &seven},
			want: VoteOutcome{Created: true, RequireAssignment: true, Vote: Vote{UserID: 4, MovieID: 12, Score: MustDecimal("7"), CreatedAt: now, UpdatedAt: now}},
		},
		"assigned-only voting does not hold an admin": {
			voter: admin, g: VoteGround{Movie: film(StatusAssigned), Settings: assignedOnly}, ch: VoteChange{Score: &seven},
			want: VoteOutcome{Created: true, Vote: Vote{UserID: 1, MovieID: 12, Score: MustDecimal("7"), CreatedAt: now, UpdatedAt: now}},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := DecideVote(c.voter, c.g, c.ch, now)
			if !errors.Is(err, c.err) || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("DecideVote =\n %+v, %v\nwant\n %+v, %v", got, err, c.want, c.err)
			}
		})
	}
}

func TestDecideVoteLeavesTheStoredVoteAlone(t *testing.T) {
	kind := "Très beau"
	stored := Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("6"), Comment: &kind, Criteria: map[string]Decimal{"image": MustDecimal("6")}}
	nine := MustDecimal("9")
	if _, err := DecideVote(Actor{ID: 4, Role: RoleJury}, VoteGround{Movie: MovieFacts{ID: 12}, Vote: &stored},
		VoteChange{Score: &nine, Criteria: map[string]Decimal{"image": MustDecimal("9")}, CommentSet: true}, NewTime(time.Now())); err != nil {
		t.Fatal(err)
	}
	if stored.Score != MustDecimal("6") || stored.Comment != &kind || stored.Criteria["image"] != MustDecimal("6") {
		t.Fatalf("the ground's vote changed: %+v", stored)
	}
}

func TestAVoteOutcomeIsAuditedAndLedgered(t *testing.T) {
	vote := Vote{ID: 40, UserID: 4, MovieID: 12, Score: MustDecimal("7.25"), IsCandidate: true}
	cases := map[string]struct {
		o      VoteOutcome
		audit  []AuditEntry
		ledger []LedgerEntry
	}{
		"a creation": {
			o: VoteOutcome{Created: true, Vote: vote, HoldCandidate: true},
			audit: []AuditEntry{{Action: "vote.create", Target: "movie:12",
				Details: map[string]string{"id_vote": "40", "score": "7.25", "is_candidate": "true"}}},
			ledger: []LedgerEntry{{Kind: "vote.create",
				Data: map[string]string{"id_vote": "40", "id_movie": "12", "id_user": "4", "score": "7.25", "is_candidate": "true"}}},
		},
		"a change that promotes the film": {
			o: VoteOutcome{Vote: vote, Promote: true, From: StatusRefused},
			audit: []AuditEntry{
				{Action: "vote.update", Target: "movie:12", Details: map[string]string{"id_vote": "40", "score": "7.25", "is_candidate": "true"}},
				{Action: "movie.candidate", Target: "movie:12", Details: map[string]string{"from": "refused", "to": "candidate", "via": "vote"}},
			},
			ledger: []LedgerEntry{
				{Kind: "vote.update", Data: map[string]string{"id_vote": "40", "id_movie": "12", "id_user": "4", "score": "7.25", "is_candidate": "true"}},
				{Kind: "movie.status", Data: map[string]string{"id_movie": "12", "from": "refused", "to": "candidate"}},
			},
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if got := c.o.Audit(); !reflect.DeepEqual(got, c.audit) {
				t.Errorf("Audit = %+v, want %+v", got, c.audit)
			}
			if got := c.o.Ledger(); !reflect.DeepEqual(got, c.ledger) {
				t.Errorf("Ledger = %+v, want %+v", got, c.ledger)
			}
		})
	}
}
