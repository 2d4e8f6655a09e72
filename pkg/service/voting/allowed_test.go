package voting

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Each rule a vote meets, asked first (Allowed), then tried (Vote): the two
// agree, on the answer and on its reason.
func TestAllowedAgreesWithTheVote(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		settings  func(*festival.Settings)
		juror     func(u *festival.User, m festival.Movie)
		film      func(*festival.Movie)
		assign    bool
		vote      bool
		candidate bool
		code      texts.Key
	}{
		{name: "an open film", vote: true, candidate: true},
		{name: "a declared conflict", juror: func(u *festival.User, m festival.Movie) { u.JuryConflicts = []int64{m.ID} },
			code: texts.ConflictOfInterest},
		{name: "a collaborator", film: func(m *festival.Movie) {
			m.Collaborators = []festival.Collaborator{{ID: 1, Email: "JURY@example.org", Job: "Montage"}}
		}, code: texts.ConflictOfInterest},
		{name: "not assigned, the festival requiring it", settings: func(st *festival.Settings) { st.JuryVoteAssignedOnly = true },
			code: texts.NotAssigned},
		{name: "assigned, the festival requiring it", settings: func(st *festival.Settings) { st.JuryVoteAssignedOnly = true },
			assign: true, vote: true, candidate: true},
		{name: "the vote closed", settings: func(st *festival.Settings) {
			st.VotingCloseAt = festival.NewTime(votingNow.Add(-time.Minute))
		}, code: texts.VotingClosed},
		{name: "the results published", settings: func(st *festival.Settings) {
			st.ResultsPublishedAt = festival.NewTime(votingNow.Add(-time.Minute))
		}, code: texts.ResultsPublishedVotesClosed},
		{name: "a withdrawn film", film: func(m *festival.Movie) {
			m.Withdrawn = &festival.Withdrawal{By: m.OwnerID, At: festival.NewTime(votingNow), Reason: "Retenu ailleurs", Status: m.SelectionStatus}
		}, code: texts.MovieOutWithdrawn},
		{name: "watched too little: the mark stays open", settings: func(st *festival.Settings) { st.MinWatchedShare = 50 },
			film: func(m *festival.Movie) { d := int64(600); m.Duration = &d }, candidate: true, code: texts.NotWatchedEnough},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st := openSettings()
			if c.settings != nil {
				c.settings(&st)
			}
			f := newFestival(t, st)
			ctx := context.Background()
			juror := f.user(festival.RoleJury, "jury@example.org")
			m := f.film(f.user(festival.RoleProducer, "prod@example.org"), c.film)
			if c.juror != nil {
				c.juror(juror.Record, m)
			}
			if c.assign {
				if _, err := f.db.Films().SetMovieJuries(ctx, festival.Actor{ID: 1, Role: festival.RoleAdmin}, m.ID,
					[]festival.Jury{{ID: juror.ID, Email: juror.Record.Email, Role: festival.RoleJury}}); err != nil {
					t.Fatal(err)
				}
			}
			a, err := f.svc.Allowed(ctx, juror, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if a.Vote != c.vote || a.Candidate != c.candidate || a.Mine != nil {
				t.Fatalf("Allowed = %+v, want vote %v, candidate %v, no vote yet", a, c.vote, c.candidate)
			}
			_, verr := f.svc.Vote(ctx, juror, m.ID, Ballot{Score: num(6)})
			if (verr == nil) != a.Vote {
				t.Fatalf("Allowed says vote %v, the vote answers %v", a.Vote, verr)
			}
			var e *apperr.Error
			switch {
			case a.Vote && a.Refusal != nil:
				t.Fatalf("an allowed vote with a refusal: %+v", a.Refusal)
			case !a.Vote && (a.Refusal == nil || !errors.As(verr, &e) || e.Key != a.Refusal.Key || e.Key != c.code):
				t.Fatalf("refusal %+v, the vote's %v; want both %s", a.Refusal, verr, c.code)
			}
			if a.Vote {
				again, err := f.svc.Allowed(ctx, juror, m.ID)
				if err != nil || again.Mine == nil || again.Mine.Score != festival.MustDecimal("6") {
					t.Fatalf("Allowed after the vote = %+v, %v; want the vote in it", again, err)
				}
			}
		})
	}
}

func TestAllowedOfAnUnknownFilmIsNotFound(t *testing.T) {
	t.Parallel()
	f := newFestival(t, openSettings())
	_, err := f.svc.Allowed(context.Background(), f.user(festival.RoleJury, "jury@example.org"), 999)
	refused(t, "an unknown film", err, apperr.NotFound, texts.T(texts.French, texts.MovieNotFound))
}

// The queue's states and its next film, on the reads it is given.
func TestTheQueueSaysEachFilmsStateAndTheNextToWatch(t *testing.T) {
	t.Parallel()
	svc := &Service{now: func() time.Time { return votingNow }}
	u := festival.User{ID: 7, Email: "jury@example.org", Role: festival.RoleJury, JuryConflicts: []int64{2}}
	c := festival.Actor{ID: 7, Role: festival.RoleJury, Record: &u}
	jury := []festival.Jury{{ID: 7}}
	films := []festival.Movie{
		{ID: 1, Title: "Voté", OwnerID: 50, Juries: jury},
		{ID: 2, Title: "En conflit", OwnerID: 50, Juries: jury},
		{ID: 3, Title: "Vu", OwnerID: 50, Juries: jury},
		{ID: 4, Title: "À voir", OwnerID: 50, Juries: jury},
	}
	votes := []festival.Vote{{ID: 9, UserID: 7, MovieID: 1, Score: festival.MustDecimal("8")}}
	watches := []festival.Watch{{MovieID: 3, UserID: 7}}
	got, next, err := svc.queue(c, u, openSettings(), films, votes, watches)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		state string
		vote  bool
		code  texts.Key
	}{{Voted, true, ""}, {ToWatch, false, texts.ConflictOfInterest}, {Watched, true, ""}, {ToWatch, true, ""}}
	if len(got) != len(want) {
		t.Fatalf("queue = %+v", got)
	}
	for i, w := range want {
		e := got[i]
		code := texts.Key("")
		if e.Refusal != nil {
			code = e.Refusal.Key
		}
		if e.State != w.state || e.Vote != w.vote || code != w.code {
			t.Errorf("film %d: %s, vote %v, refusal %q; want %s, %v, %q", e.Movie.ID, e.State, e.Vote, code, w.state, w.vote, w.code)
		}
	}
	if next != 3 {
		t.Errorf("next = %d, want 3 (film 1 is voted, film 2 in conflict)", next)
	}
	if _, next, _ := svc.queue(c, u, openSettings(), films[:2], votes, nil); next != 0 {
		t.Errorf("next = %d, want none: every film is voted or in conflict", next)
	}
}
