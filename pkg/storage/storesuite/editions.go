package storesuite

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Editions: records belong to the edition that was current when they were
// written; reads address the current edition unless the request names one
// (festival.WithEdition); an archived edition is read-only.
var editionCases = []testCase{
	{"editions/records are written in the current edition and read in the one addressed", twoEditions},
	{"editions/an archived edition's films, categories, awards and votes are read-only", archivedIsReadOnly},
	{"editions/names and codes are unique per edition", uniquePerEdition},
	{"editions/an archived edition's settings are read as they were", archivedSettings},
}

// next is the edition the cases start after the first one.
const next festival.EditionID = "2027"

// first addresses the first edition explicitly.
func first(ctx context.Context) context.Context {
	return festival.WithEdition(ctx, festival.FirstEdition)
}

func twoEditions(t *testing.T, s Stores) {
	ctx := context.Background()
	old := createCategory(t, s, "Fiction")
	oldFilm := newFilm(t, s, festival.MovieCategory{ID: old.ID, Name: old.Name})
	j := juror(newUser(t, s, "juror@example.org"))
	castVote(t, s, j, oldFilm.ID, festival.VoteChange{Score: scoreOf(7)})
	if _, err := s.Catalog.CreateAward(ctx, admin, oldFilm.ID, "Grand prix"); err != nil {
		t.Fatal(err)
	}

	switchEdition(t, s, next)
	cur := createCategory(t, s, "Documentaire")
	newer := newFilm(t, s, festival.MovieCategory{ID: cur.ID, Name: cur.Name})
	castVote(t, s, j, newer.ID, festival.VoteChange{Score: scoreOf(9)})

	if got := film(t, s, oldFilm.ID).Edition; got != festival.FirstEdition {
		t.Errorf("the first film's edition: %q, want %q", got, festival.FirstEdition)
	}
	if got := film(t, s, newer.ID).Edition; got != next {
		t.Errorf("the new film's edition: %q, want %q", got, next)
	}
	for _, c := range []struct {
		name      string
		ctx       context.Context
		category  int64
		film      int64
		awards    int
		voteFilms []int64
	}{
		{"the current edition", ctx, cur.ID, newer.ID, 0, []int64{newer.ID}},
		{"the first edition, named", first(ctx), old.ID, oldFilm.ID, 1, []int64{oldFilm.ID}},
	} {
		cats, _, err := s.Catalog.ListCategories(c.ctx, festival.Page{})
		if err != nil || len(cats) != 1 || cats[0].ID != c.category {
			t.Errorf("%s: categories %+v (%v), want only %d", c.name, cats, err, c.category)
		}
		awards, _, err := s.Catalog.ListAwards(c.ctx, festival.Page{})
		if err != nil || len(awards) != c.awards {
			t.Errorf("%s: awards %+v (%v), want %d", c.name, awards, err, c.awards)
		}
		for _, list := range []func() ([]festival.Vote, string, error){
			func() ([]festival.Vote, string, error) { return s.Votes.ListVotes(c.ctx, festival.Page{}) },
			func() ([]festival.Vote, string, error) { return s.Votes.VotesOf(c.ctx, j.ID, festival.Page{}) },
		} {
			votes, _, err := list()
			if err != nil || len(votes) != len(c.voteFilms) || votes[0].MovieID != c.voteFilms[0] {
				t.Errorf("%s: votes %+v (%v), want one on film %d", c.name, votes, err, c.voteFilms[0])
			}
		}
	}
}

func archivedIsReadOnly(t *testing.T, s Stores) {
	ctx := context.Background()
	cat := createCategory(t, s, "Fiction")
	m := newFilm(t, s, festival.MovieCategory{ID: cat.ID, Name: cat.Name})
	j := juror(newUser(t, s, "juror@example.org"))
	castVote(t, s, j, m.ID, festival.VoteChange{Score: scoreOf(7)})
	award, err := s.Catalog.CreateAward(ctx, admin, m.ID, "Grand prix")
	if err != nil {
		t.Fatal(err)
	}
	if g, err := s.Votes.VoteGround(ctx, m.ID, j.ID); err != nil || g.Archived {
		t.Fatalf("VoteGround in its own edition = %+v, %v, want not Archived", g, err)
	}
	switchEdition(t, s, next)
	// The vote's ground tells the film is archived: the rules refuse the
	// vote before the write does.
	if g, err := s.Votes.VoteGround(ctx, m.ID, j.ID); err != nil || !g.Archived {
		t.Fatalf("VoteGround of an archived film = %+v, %v, want Archived", g, err)
	}

	writes := map[string]func() error{
		"rename a category": func() error { _, err := s.Catalog.RenameCategory(ctx, admin, cat.ID, "Fictions"); return err },
		"delete a category": func() error { _, err := s.Catalog.DeleteCategory(ctx, admin, cat.ID); return err },
		"award a film":      func() error { _, err := s.Catalog.CreateAward(ctx, admin, m.ID, "Prix du jury"); return err },
		"withdraw an award": func() error { _, err := s.Catalog.DeleteAward(first(ctx), admin, award.ID); return err },
		"vote on a film": func() error {
			_, err := s.Votes.SaveVote(ctx, j, m.ID, festival.VoteChange{Score: scoreOf(3)}, nil)
			return err
		},
		"assign a jury": func() error {
			_, err := s.Films.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{{ID: j.ID, Role: festival.RoleJury}})
			return err
		},
		"create a category in it": func() error { _, err := s.Catalog.CreateCategory(first(ctx), admin, "Animation"); return err },
		"create a late-entry code in it": func() error {
			return s.LateCodes.CreateLateCode(first(ctx), festival.LateCode{Code: "RETARD", UsesLeft: 1,
				ExpiresAt: festival.NewTime(time.Now().Add(time.Hour)), CreatedAt: festival.NewTime(time.Now())})
		},
	}
	for name, write := range writes {
		if err := write(); apperr.CodeOf(err) != apperr.Conflict {
			t.Errorf("%s of the archived edition: %v, want a conflict (409)", name, err)
		}
	}
	// What it held is as it was.
	got := film(t, s, m.ID)
	if len(got.Awards) != 1 || len(got.Juries) != 0 || len(got.Categories) != 1 || got.Categories[0].Name != "Fiction" {
		t.Errorf("the archived film changed: %+v", got)
	}
	if v, err := s.Votes.GetVote(ctx, m.ID, j.ID); err != nil || v.Score != festival.MustDecimal("7") {
		t.Errorf("the archived vote: %+v, %v; want its score 7", v, err)
	}
}

func uniquePerEdition(t *testing.T, s Stores) {
	ctx := context.Background()
	code := func(c context.Context) error {
		return s.LateCodes.CreateLateCode(c, festival.LateCode{Code: "RETARD", UsesLeft: 2,
			ExpiresAt: festival.NewTime(time.Now().Add(time.Hour)), CreatedAt: festival.NewTime(time.Now())})
	}
	createCategory(t, s, "Fiction")
	if err := code(ctx); err != nil {
		t.Fatal(err)
	}
	switchEdition(t, s, next)
	if _, err := s.Catalog.CreateCategory(ctx, admin, "fiction"); err != nil {
		t.Errorf("the first edition's category name in the next one: %v, want it created", err)
	}
	if _, err := s.Catalog.CreateCategory(ctx, admin, "FICTION"); !errors.Is(err, festival.ErrNameTaken) {
		t.Errorf("the name twice in one edition: %v, want festival.ErrNameTaken", err)
	}
	if err := code(ctx); err != nil {
		t.Errorf("the first edition's late-entry code in the next one: %v, want it created", err)
	}
	if err := code(ctx); !errors.Is(err, festival.ErrCodeTaken) {
		t.Errorf("the code twice in one edition: %v, want festival.ErrCodeTaken", err)
	}
	for _, c := range []context.Context{ctx, first(ctx)} {
		codes, _, err := s.LateCodes.ListLateCodes(c, festival.Page{})
		if err != nil || len(codes) != 1 {
			t.Errorf("late-entry codes of one edition: %+v, %v; want one", codes, err)
		}
	}
}

func archivedSettings(t *testing.T, s Stores) {
	ctx := context.Background()
	st := festival.DefaultSettings()
	st.JuryReminderDays = 4
	if err := s.Settings.SeedSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	switchEdition(t, s, next)
	got, err := s.Settings.GetSettings(first(ctx))
	if err != nil || got.JuryReminderDays != 4 {
		t.Errorf("the first edition's settings: %+v, %v; want them as they were (reminders every 4 days)", got.Season, err)
	}
	if got, err := s.Settings.GetSettings(festival.WithEdition(ctx, "1999")); err != nil || got.JuryReminderDays != festival.DefaultSettings().JuryReminderDays {
		t.Errorf("an edition that never was: %+v, %v; want the defaults", got.Season, err)
	}
}

// createCategory creates a category in the current edition.
func createCategory(t *testing.T, s Stores, name string) festival.Category {
	t.Helper()
	c, err := s.Catalog.CreateCategory(context.Background(), admin, name)
	if err != nil {
		t.Fatalf("CreateCategory(%q): %v", name, err)
	}
	return c
}

// switchEdition makes id the current edition, as starting it does to the
// store.
func switchEdition(t *testing.T, s Stores, id festival.EditionID) {
	t.Helper()
	if err := s.SwitchEdition(context.Background(), id); err != nil {
		t.Fatalf("switch to edition %s: %v", id, err)
	}
}
