package festival

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// codeOf is the code and text of an apperr.Error ("" when err is nil).
func codeOf(err error) (apperr.Code, string) {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Code, e.Text(texts.French)
	}
	if err != nil {
		return "?", err.Error()
	}
	return "", ""
}

func TestAWithdrawalReasonIsOneToAThousandCharacters(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"Première mondiale ailleurs", "Première mondiale ailleurs", true},
		{"  trimmed \n", "trimmed", true},
		{strings.Repeat("é", MaxWithdrawalReason), strings.Repeat("é", MaxWithdrawalReason), true},
		{"", "", false},
		{" \t\n", "", false},
		{strings.Repeat("é", MaxWithdrawalReason+1), "", false},
	}
	for _, c := range cases {
		r, err := ParseWithdrawalReason(c.in)
		code, msg := codeOf(err)
		if c.ok != (err == nil) || r.String() != c.want || (!c.ok && (code != apperr.Invalid || msg != texts.T(texts.French, texts.WithdrawalReasonLength))) {
			t.Errorf("ParseWithdrawalReason(%.20q) = %q, %v", c.in, r, err)
		}
	}
}

func TestWhoMayWithdrawAFilmAndWhen(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
	reason, _ := ParseWithdrawalReason("Retenu ailleurs")
	owner, stranger := Actor{ID: 7, Role: RoleProducer}, Actor{ID: 8, Role: RoleProducer}
	admin, juror := Actor{ID: 1, Role: RoleAdmin}, Actor{ID: 5, Role: RoleJury}
	withdrawn := &Withdrawal{By: 7, Reason: "déjà", Status: StatusSubmitted}
	cases := []struct {
		name   string
		by     Actor
		status SelectionStatus
		before *Withdrawal
		reason WithdrawalReason
		code   apperr.Code
		text   string
	}{
		{"its producer before a decision", owner, StatusAssigned, nil, reason, "", ""},
		{"its producer while candidate", owner, StatusCandidate, nil, reason, "", ""},
		{"its producer once selected", owner, StatusSelected, nil, reason, apperr.Conflict, texts.T(texts.French, texts.WithdrawAfterDecision)},
		{"its producer once refused", owner, StatusRefused, nil, reason, apperr.Conflict, texts.T(texts.French, texts.WithdrawAfterDecision)},
		{"its producer once awarded", owner, StatusAwarded, nil, reason, apperr.Conflict, texts.T(texts.French, texts.WithdrawAfterDecision)},
		{"an admin once selected", admin, StatusSelected, nil, reason, "", ""},
		{"another producer", stranger, StatusSubmitted, nil, reason, apperr.Forbidden, texts.T(texts.French, texts.NotOwner)},
		{"a juror", juror, StatusSubmitted, nil, reason, apperr.Forbidden, texts.T(texts.French, texts.NotOwner)},
		{"anyone, twice", admin, StatusSubmitted, withdrawn, reason, apperr.Conflict, texts.T(texts.French, texts.MovieAlreadyWithdrawn)},
		{"without a reason", owner, StatusSubmitted, nil, WithdrawalReason{}, apperr.Invalid, texts.T(texts.French, texts.WithdrawalReasonLength)},
	}
	for _, c := range cases {
		m := Movie{ID: 3, OwnerID: 7, SelectionStatus: c.status, Withdrawn: c.before, Juries: []Jury{{ID: 5}, {ID: 6}}}
		details, err := Withdraw(c.by, c.reason, now)(&m)
		code, text := codeOf(err)
		if code != c.code || text != c.text {
			t.Errorf("%s: %s %q, want %s %q", c.name, code, text, c.code, c.text)
			continue
		}
		if err != nil {
			if len(m.Juries) != 2 || m.Withdrawn != c.before {
				t.Errorf("%s: a refused withdrawal changed the film: %+v", c.name, m)
			}
			continue
		}
		want := Withdrawal{At: NewTime(now), By: c.by.ID, Reason: "Retenu ailleurs", Status: c.status}
		if m.Withdrawn == nil || *m.Withdrawn != want || m.Juries != nil || m.SelectionStatus != c.status ||
			details["reason"] != "Retenu ailleurs" || details["status"] != string(c.status) {
			t.Errorf("%s: film %+v (withdrawn %+v), details %v", c.name, m, m.Withdrawn, details)
		}
		if m.InFestival() {
			t.Errorf("%s: a withdrawn film is still in the festival", c.name)
		}
	}
}

func TestOnlyAnAdminUndoesAWithdrawal(t *testing.T) {
	t.Parallel()
	w := &Withdrawal{By: 7, Reason: "x", Status: StatusAssigned}
	cases := []struct {
		name      string
		by        Actor
		withdrawn *Withdrawal
		code      apperr.Code
		text      string
	}{
		{"an admin", Actor{ID: 1, Role: RoleAdmin}, w, "", ""},
		{"its producer", Actor{ID: 7, Role: RoleProducer}, w, apperr.Forbidden, texts.T(texts.French, texts.AdminOnly)},
		{"a film not withdrawn", Actor{ID: 1, Role: RoleAdmin}, nil, apperr.Conflict, texts.T(texts.French, texts.MovieNotWithdrawn)},
	}
	for _, c := range cases {
		m := Movie{ID: 3, OwnerID: 7, SelectionStatus: StatusSelected, Withdrawn: c.withdrawn}
		details, err := Reinstate(c.by)(&m)
		code, text := codeOf(err)
		if code != c.code || text != c.text {
			t.Errorf("%s: %s %q, want %s %q", c.name, code, text, c.code, c.text)
			continue
		}
		if err == nil && (m.Withdrawn != nil || m.SelectionStatus != StatusSelected || details["status"] != "selected" || !m.InFestival()) {
			t.Errorf("%s: film %+v, details %v", c.name, m, details)
		}
	}
}

func TestAFilmOutOfTheFestivalTakesNoJuryVoteMarkOrAward(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
	open := DefaultSettings()
	open.VotingOpenAt, open.VotingCloseAt = NewTime(now.Add(-time.Hour)), NewTime(now.Add(time.Hour))
	jury := Actor{ID: 5, Role: RoleJury}
	score := MustDecimal("7")
	cases := []struct {
		name      string
		draft     bool
		withdrawn *Withdrawal
		text      string
	}{
		{"in the festival", false, nil, ""},
		{"withdrawn", false, &Withdrawal{By: 9, Reason: "x"}, texts.T(texts.French, texts.MovieOutWithdrawn)},
		{"a draft", true, nil, texts.T(texts.French, texts.MovieOutDraft)},
	}
	for _, c := range cases {
		m := Movie{ID: 3, OwnerID: 9, SelectionStatus: StatusSubmitted, Draft: c.draft, Withdrawn: c.withdrawn}
		facts := MovieFacts{ID: 3, OwnerID: 9, Status: StatusSubmitted, Draft: c.draft, Withdrawn: c.withdrawn}
		want := apperr.Conflict
		if c.text == "" {
			want = ""
		}
		if m.InFestival() != (c.text == "") || facts.InFestival() != (c.text == "") {
			t.Errorf("%s: in festival %v (facts %v)", c.name, m.InFestival(), facts.InFestival())
		}
		checks := map[string]error{
			"new jury member": CheckJuryAllowed(m, []int64{5}),
			"award":           CheckAwardRoom(m),
		}
		_, checks["vote"] = DecideVote(jury, VoteGround{Movie: facts, Settings: open}, VoteChange{Score: &score}, NewTime(now))
		mark := m
		_, checks["candidate mark"] = MarkCandidate(jury, User{ID: 5, Role: RoleJury}, open, now)(&mark)
		for what, err := range checks {
			if code, text := codeOf(err); code != want || text != c.text {
				t.Errorf("%s, %s: %s %q, want %s %q", c.name, what, code, text, want, c.text)
			}
		}
		// Removing members is always allowed.
		if err := CheckJuryAllowed(m, nil); err != nil {
			t.Errorf("%s: removing the jury refused: %v", c.name, err)
		}
	}
}

func TestAFilmOutOfTheFestivalIsItsProducersAndTheAdminsAlone(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
	curated := DefaultSettings()
	curated.PublicSelection = SelectionCurated
	readers := []struct {
		name string
		c    Actor
		sees bool
	}{
		{"an admin", Actor{ID: 1, Role: RoleAdmin}, true},
		{"its producer", Actor{ID: 7, Role: RoleProducer}, true},
		{"a juror", Actor{ID: 5, Role: RoleJury}, false},
		{"another producer", Actor{ID: 8, Role: RoleProducer}, false},
		{"anyone", Actor{}, false},
	}
	films := map[string]Movie{
		"withdrawn": {ID: 3, OwnerID: 7, SelectionStatus: StatusSelected, Withdrawn: &Withdrawal{By: 7, Reason: "x"}},
		"a draft":   {ID: 4, OwnerID: 7, SelectionStatus: StatusSubmitted, Draft: true},
	}
	for what, m := range films {
		for _, st := range []Settings{DefaultSettings(), curated} {
			for _, r := range readers {
				if got := st.Shows(r.c, m, now); got != r.sees {
					t.Errorf("%s film, %s (curated %v): shown %v, want %v", what, r.name, st.Curated(), got, r.sees)
				}
				if got := len(st.FilmsFor(r.c, []Movie{m}, now)) == 1; got != r.sees {
					t.Errorf("%s film, %s (curated %v): listed %v, want %v", what, r.name, st.Curated(), got, r.sees)
				}
			}
		}
	}
}

func TestTheLedgerRecordsAFilmLeavingAndComingBack(t *testing.T) {
	t.Parallel()
	in := Movie{ID: 3, OwnerID: 7, SelectionStatus: StatusAssigned}
	out := in
	out.Withdrawn = &Withdrawal{By: 7, Reason: "un motif privé", Status: StatusAssigned}
	cases := []struct {
		name          string
		before, after Movie
		kind          string
		data          map[string]string
	}{
		{"withdrawn", in, out, "movie.withdraw", map[string]string{"id_movie": "3", "by": "7", "status": "assigned"}},
		{"reinstated", out, in, "movie.reinstate", map[string]string{"id_movie": "3", "status": "assigned"}},
		{"another change", in, in, "", nil},
		{"a change while withdrawn", out, out, "", nil},
	}
	for _, c := range cases {
		e, ok := WithdrawalLedgerEntry(c.before, c.after)
		if ok != (c.kind != "") || e.Kind != c.kind || len(e.Data) != len(c.data) {
			t.Errorf("%s: entry %+v, %v; want %s %v", c.name, e, ok, c.kind, c.data)
			continue
		}
		for k, v := range c.data {
			if e.Data[k] != v {
				t.Errorf("%s: %s = %q, want %q (the reason never goes in)", c.name, k, e.Data[k], v)
			}
		}
	}
}

func TestTheAdminsHearOfAWithdrawalAndWhoMadeIt(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		by     int64
		admins []int64
		want   string // the by param; "" for no message
	}{
		{"by its producer", 7, []int64{1, 2}, texts.T(texts.French, texts.HeldWithdrawnByProducer)},
		{"by an admin", 1, []int64{1, 2}, texts.T(texts.French, texts.HeldWithdrawnByAdmin)},
		{"no admin to tell", 7, nil, ""},
	}
	for _, c := range cases {
		m := Movie{ID: 3, OwnerID: 7, Title: "Cléo", Withdrawn: &Withdrawal{By: c.by, Reason: "Retenu ailleurs"}}
		msgs := WithdrawnMessage(m, c.admins, now)
		if c.want == "" {
			if len(msgs) != 0 {
				t.Errorf("%s: messages %+v", c.name, msgs)
			}
			continue
		}
		if len(msgs) != 1 || msgs[0].Kind != MessageMovieWithdrawn || len(msgs[0].To) != len(c.admins) ||
			msgs[0].Params["by"] != c.want || msgs[0].Params["title"] != "Cléo" || msgs[0].Params["reason"] != "Retenu ailleurs" || msgs[0].Params["id_movie"] != "3" {
			t.Errorf("%s: messages %+v", c.name, msgs)
		}
	}
	if msgs := WithdrawnMessage(Movie{ID: 3}, []int64{1}, now); msgs != nil {
		t.Errorf("a film not withdrawn: messages %+v", msgs)
	}
}
