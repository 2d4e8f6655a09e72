package voting

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/memory"
)

// The voting rules, run on the memory store (which the repository suite
// holds to the DynamoDB store's behaviour): milliseconds, no DynamoDB.

var (
	_ VoteStore      = (*memory.Votes)(nil)
	_ UserReader     = (*memory.Users)(nil)
	_ SettingsReader = (*memory.Settings)(nil)
	_ CategoryReader = (*memory.Catalog)(nil)
)

// filmFacts serves the film facts the vote rules read, from the memory
// store. The film listings (results and progress) are not kept there: the
// embedded nil FilmReader panics if one is called.
type filmFacts struct {
	FilmReader
	films *memory.Films
}

func (f filmFacts) GetMovieFacts(ctx context.Context, id int64) (festival.MovieFacts, error) {
	return f.films.GetMovieFacts(ctx, id)
}

// memFestival is one festival in memory and the voting service over it, at
// a fixed time inside its voting window.
type memFestival struct {
	t   *testing.T
	db  *memory.DB
	svc *Service
}

var votingNow = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// openSettings are settings whose voting window holds votingNow.
func openSettings() festival.Settings {
	st := festival.DefaultSettings()
	st.VotingOpenAt, st.VotingCloseAt = festival.NewTime(votingNow.Add(-time.Hour)), festival.NewTime(votingNow.Add(time.Hour))
	return st
}

func newFestival(t *testing.T, st festival.Settings) *memFestival {
	t.Helper()
	return newFestivalOn(t, memory.New(nil), st)
}

// newFestivalOn is newFestival on a memory festival already begun (whose
// settings are not written yet).
func newFestivalOn(t *testing.T, db *memory.DB, st festival.Settings) *memFestival {
	t.Helper()
	if err := db.Settings().SeedSettings(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	svc := &Service{votes: db.Votes(), films: filmFacts{films: db.Films()}, categories: db.Catalog(),
		settings: db.Settings(), users: db.Users(), now: func() time.Time { return votingNow }}
	return &memFestival{t: t, db: db, svc: svc}
}

// user stores an account of the role and returns the actor the token check
// would make of it (its record read).
func (f *memFestival) user(role festival.Role, email string) festival.Actor {
	f.t.Helper()
	ctx := context.Background()
	id, err := f.db.Users().NewUserID(ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	u := festival.User{ID: id, FirstName: "Ada", LastName: "Lovelace", Email: email, Role: role,
		CreatedAt: festival.NewTime(votingNow), UpdatedAt: festival.NewTime(votingNow)}
	if err := f.db.Users().CreateUser(ctx, u); err != nil {
		f.t.Fatal(err)
	}
	return festival.Actor{ID: id, Role: role, Record: &u}
}

// film stores a film of the producer, shaped by edit.
func (f *memFestival) film(producer festival.Actor, edit func(*festival.Movie)) festival.Movie {
	f.t.Helper()
	ctx := context.Background()
	id, err := f.db.Films().NewMovieID(ctx)
	if err != nil {
		f.t.Fatal(err)
	}
	m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), OwnerID: producer.ID, SelectionStatus: festival.StatusAssigned,
		Producer: &festival.Producer{ID: producer.ID}, CreatedAt: festival.NewTime(votingNow), UpdatedAt: festival.NewTime(votingNow)}
	if edit != nil {
		edit(&m)
	}
	if err := f.db.Films().CreateMovie(ctx, m); err != nil {
		f.t.Fatal(err)
	}
	return m
}

// votes are every stored vote.
func (f *memFestival) votes() []festival.Vote {
	f.t.Helper()
	all, _, err := f.svc.All(context.Background(), festival.Page{})
	if err != nil {
		f.t.Fatal(err)
	}
	return all
}

// refused fails unless err is the API answer code, with a message that
// starts with msg.
func refused(t *testing.T, what string, err error, code apperr.Code, msg string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != code || !strings.HasPrefix(ae.Text(texts.French), msg) {
		t.Fatalf("%s: err %v, want %s %q", what, err, code, msg)
	}
}

func num(v float64) *festival.Decimal {
	d, err := festival.DecimalFromFloat(v)
	if err != nil {
		panic(err)
	}
	return &d
}

func TestAVoteIsCreatedThenChangedAndReadBack(t *testing.T) {
	t.Parallel()
	f := newFestival(t, openSettings())
	ctx := context.Background()
	juror := f.user(festival.RoleJury, "jury@example.org")
	m := f.film(f.user(festival.RoleProducer, "prod@example.org"), nil)
	comment := "Très beau"
	first, err := f.svc.Vote(ctx, juror, m.ID, Ballot{Score: num(7), Comment: &comment, CommentSet: true})
	if err != nil || !first.Created || first.Vote.Score != festival.MustDecimal("7") || first.Promote {
		t.Fatalf("first vote = %+v, %v", first, err)
	}
	// A direct call without the token check's record reads the voter.
	direct := festival.Actor{ID: juror.ID, Role: juror.Role}
	second, err := f.svc.Vote(ctx, direct, m.ID, Ballot{Score: num(8.5)})
	if err != nil || second.Created || second.Vote.ID != first.Vote.ID {
		t.Fatalf("second vote = %+v, %v", second, err)
	}
	mine, err := f.svc.Mine(ctx, juror, m.ID)
	if err != nil || mine.Score != festival.MustDecimal("8.5") || mine.Comment == nil || *mine.Comment != comment {
		t.Fatalf("Mine = %+v, %v", mine, err)
	}
	if all, _, err := f.svc.AllMine(ctx, juror, festival.Page{}); err != nil || len(all) != 1 || all[0].ID != first.Vote.ID {
		t.Fatalf("AllMine = %+v, %v", all, err)
	}
	_, err = f.svc.Mine(ctx, juror, m.ID+1)
	refused(t, "Mine without a vote", err, apperr.NotFound, texts.T(texts.French, texts.VoteNotFound))
}

func TestVotesTheStoreRefusesWriteNothing(t *testing.T) {
	t.Parallel()
	st := openSettings()
	st.JuryVoteAssignedOnly = true
	f := newFestival(t, st)
	ctx := context.Background()
	juror := f.user(festival.RoleJury, "jury@example.org")
	m := f.film(f.user(festival.RoleProducer, "prod@example.org"), nil)
	yes := true

	_, err := f.svc.Vote(ctx, juror, m.ID+99, Ballot{Score: num(5)})
	refused(t, "a vote on an unknown film", err, apperr.NotFound, texts.T(texts.French, texts.MovieNotFound))
	_, err = f.svc.Vote(ctx, juror, m.ID, Ballot{Score: num(5)})
	refused(t, "an unassigned juror", err, apperr.Forbidden, texts.T(texts.French, texts.NotAssigned))
	if _, err := f.db.Films().SetMovieJuries(ctx, festival.Actor{ID: 1, Role: festival.RoleAdmin}, m.ID,
		[]festival.Jury{{ID: juror.ID, Email: juror.Record.Email, Role: festival.RoleJury}}); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Vote(ctx, juror, m.ID, Ballot{IsCandidate: &yes})
	refused(t, "a first vote without a score", err, apperr.Invalid, texts.T(texts.French, texts.ScoreRequired))
	if all := f.votes(); len(all) != 0 {
		t.Fatalf("votes stored: %+v, want none", all)
	}
	if facts, _ := f.db.Films().GetMovieFacts(ctx, m.ID); facts.Status != festival.StatusAssigned {
		t.Fatalf("film status %s, want assigned (a refused vote promotes nothing)", facts.Status)
	}
	if got, err := f.svc.Vote(ctx, juror, m.ID, Ballot{Score: num(5)}); err != nil || !got.Created || !got.RequireAssignment {
		t.Fatalf("the assigned juror's vote = %+v, %v", got, err)
	}
}

func TestTheVotingWindowAndWhatWasWatchedAreCheckedBeforeAnyWrite(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		settings func(*festival.Settings, festival.Category)
		message  string
	}{
		"the festival's window is closed": {
			settings: func(st *festival.Settings, _ festival.Category) {
				st.VotingCloseAt = festival.NewTime(votingNow.Add(-time.Minute))
			},
			message: "Le vote du jury est clos depuis le",
		},
		"the results are published": {
			settings: func(st *festival.Settings, _ festival.Category) {
				st.ResultsPublishedAt = festival.NewTime(votingNow.Add(-time.Hour))
			},
			message: "Les résultats ont été publiés le",
		},
		"the film's category closed its own window": {
			settings: func(st *festival.Settings, c festival.Category) {
				st.CategoryWindows = map[int64]festival.CategoryWindow{c.ID: {
					VotingOpenAt: festival.NewTime(votingNow.Add(-2 * time.Hour)), VotingCloseAt: festival.NewTime(votingNow.Add(-time.Hour)),
				}}
			},
			message: "Le vote du jury est clos depuis le",
		},
		"the juror watched too little of the film": {
			settings: func(st *festival.Settings, _ festival.Category) { st.MinWatchedShare = 50 },
			message:  "Vous avez regardé 0.0 % du film",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// The settings are seeded once: the category they may name
			// comes first.
			db := memory.New(nil)
			cat, err := db.Catalog().CreateCategory(context.Background(), festival.Actor{ID: 1, Role: festival.RoleAdmin}, "Court métrage")
			if err != nil {
				t.Fatal(err)
			}
			st := openSettings()
			c.settings(&st, cat)
			f := newFestivalOn(t, db, st)
			juror := f.user(festival.RoleJury, "jury@example.org")
			tenMinutes := int64(600) // seconds
			m := f.film(f.user(festival.RoleProducer, "prod@example.org"), func(m *festival.Movie) {
				m.Categories, m.Duration = []festival.MovieCategory{{ID: cat.ID, Name: cat.Name}}, &tenMinutes
			})
			_, err = f.svc.Vote(context.Background(), juror, m.ID, Ballot{Score: num(5)})
			refused(t, "the vote", err, apperr.Forbidden, c.message)
			if all := f.votes(); len(all) != 0 {
				t.Fatalf("votes stored: %+v, want none", all)
			}
		})
	}
}

func TestNoOneVotesOnAFilmTheyHaveAConflictWith(t *testing.T) {
	t.Parallel()
	f := newFestival(t, openSettings())
	ctx := context.Background()
	producer := f.user(festival.RoleProducer, "prod@example.org")
	collaborator := f.user(festival.RoleJury, "Chef.Op@Example.org")
	declared := f.user(festival.RoleJury, "declared@example.org")
	m := f.film(producer, func(m *festival.Movie) {
		m.Collaborators = []festival.Collaborator{{FirstName: "Chef", LastName: "Op", Email: "chef.op@example.org"}}
	})
	if _, err := f.db.Users().UpdateUser(ctx, declared.ID, func(u *festival.User) error {
		u.JuryConflicts = []int64{m.ID}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	declared.Record = nil // read from the store, with the conflict it declared
	for name, voter := range map[string]festival.Actor{"producer": producer, "collaborator": collaborator, "declared": declared} {
		_, err := f.svc.Vote(ctx, voter, m.ID, Ballot{Score: num(10)})
		refused(t, "the "+name, err, apperr.Forbidden, texts.T(texts.French, texts.ConflictOfInterest))
	}
	if all := f.votes(); len(all) != 0 {
		t.Fatalf("votes stored: %+v, want none", all)
	}
}

func TestACandidateBallotByCriteriaPromotesTheFilm(t *testing.T) {
	t.Parallel()
	st := openSettings()
	st.ScoringGrid = festival.Grid{{Key: "image", Name: "Image", Weight: festival.MustDecimal("1")}, {Key: "son", Name: "Son", Weight: festival.MustDecimal("3")}}
	f := newFestival(t, st)
	ctx := context.Background()
	a, b := f.user(festival.RoleJury, "a@example.org"), f.user(festival.RoleJury, "b@example.org")
	m := f.film(f.user(festival.RoleProducer, "prod@example.org"), nil)
	six, ten := festival.WholeDecimal(6), festival.WholeDecimal(10)
	yes := true
	got, err := f.svc.Vote(ctx, a, m.ID, Ballot{Criteria: map[string]*festival.Decimal{"image": &six, "son": &ten}, IsCandidate: &yes})
	if err != nil || got.Vote.Score != festival.MustDecimal("9") || !got.Promote || got.From != festival.StatusAssigned {
		t.Fatalf("candidate vote = %+v, %v; want 9 by the grid and a promotion from assigned", got, err)
	}
	if mine, _ := f.svc.Mine(ctx, a, m.ID); mine.Criteria["son"] != festival.MustDecimal("10") || !mine.IsCandidate {
		t.Fatalf("stored vote = %+v", mine)
	}
	if facts, _ := f.db.Films().GetMovieFacts(ctx, m.ID); facts.Status != festival.StatusCandidate {
		t.Fatalf("film status %s, want candidate", facts.Status)
	}
	if got, err := f.svc.Vote(ctx, b, m.ID, Ballot{Score: num(4), IsCandidate: &yes}); err != nil || got.Promote || !got.HoldCandidate {
		t.Fatalf("a second candidate vote = %+v, %v; want it held, not promoted again", got, err)
	}
}

func TestVotesAreDeletedOneOrByFilm(t *testing.T) {
	t.Parallel()
	f := newFestival(t, openSettings())
	ctx := context.Background()
	admin := f.user(festival.RoleAdmin, "admin@example.org")
	producer := f.user(festival.RoleProducer, "prod@example.org")
	m, other := f.film(producer, nil), f.film(producer, nil)
	var first int64
	for i := range 3 {
		j := f.user(festival.RoleJury, fmt.Sprintf("j%d@example.org", i))
		for _, id := range []int64{m.ID, other.ID} {
			v, err := f.svc.Vote(ctx, j, id, Ballot{Score: num(float64(i))})
			if err != nil {
				t.Fatal(err)
			}
			if first == 0 {
				first = v.Vote.ID
			}
		}
	}
	if err := f.svc.Delete(ctx, admin, first); err != nil {
		t.Fatal(err)
	}
	refused(t, "a vote deleted twice", f.svc.Delete(ctx, admin, first), apperr.NotFound, texts.T(texts.French, texts.VoteNotFound))
	if n, err := f.svc.DeleteOfMovie(ctx, admin, m.ID); err != nil || n != 2 {
		t.Fatalf("DeleteOfMovie = %d, %v; want 2", n, err)
	}
	_, err := f.svc.DeleteOfMovie(ctx, admin, other.ID+99)
	refused(t, "the votes of an unknown film", err, apperr.NotFound, texts.T(texts.French, texts.MovieNotFound))
	for _, v := range f.votes() {
		if v.MovieID != other.ID {
			t.Fatalf("vote %+v left on film %d", v, m.ID)
		}
	}
	if n := len(f.votes()); n != 3 {
		t.Fatalf("%d votes left, want the other film's 3", n)
	}
}

func TestTheVoteListingsPage(t *testing.T) {
	t.Parallel()
	f := newFestival(t, openSettings())
	ctx := context.Background()
	juror := f.user(festival.RoleJury, "jury@example.org")
	producer := f.user(festival.RoleProducer, "prod@example.org")
	for range 3 {
		if _, err := f.svc.Vote(ctx, juror, f.film(producer, nil).ID, Ballot{Score: num(5)}); err != nil {
			t.Fatal(err)
		}
	}
	page, next, err := f.svc.AllMine(ctx, juror, festival.Page{Limit: 2})
	if err != nil || len(page) != 2 || next == "" {
		t.Fatalf("first page = %+v, %q, %v", page, next, err)
	}
	rest, last, err := f.svc.AllMine(ctx, juror, festival.Page{Limit: 2, Cursor: next})
	if err != nil || len(rest) != 1 || last != "" || rest[0].MovieID <= page[1].MovieID {
		t.Fatalf("last page = %+v, %q, %v", rest, last, err)
	}
	_, _, err = f.svc.All(ctx, festival.Page{Limit: 2, Cursor: next})
	refused(t, "a voter's cursor on every vote", err, apperr.Invalid, "Paramètre cursor invalide")
}
