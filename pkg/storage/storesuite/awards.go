package storesuite

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var awardCases = []testCase{
	{"awards/an award is embedded in its film and moves it to awarded", awardMovesTheFilm},
	{"awards/withdrawing the last award puts the film back to candidate", lastAwardWithdrawn},
	{"awards/an unknown film or award is not found", unknownAwardOrFilm},
	{"awards/a film holds at most MaxMovieAwards awards", awardRoom},
}

func newAward(t *testing.T, s Stores, movieID int64, name string) festival.Award {
	t.Helper()
	a, err := s.Catalog.CreateAward(context.Background(), admin, movieID, name)
	if err != nil {
		t.Fatalf("CreateAward(%d, %q): %v", movieID, name, err)
	}
	return a
}

func awardMovesTheFilm(t *testing.T, s Stores) {
	ctx := context.Background()
	m := newFilm(t, s)
	a := newAward(t, s, m.ID, "Grand prix")
	if a.ID == 0 || a.MovieID != m.ID || a.Name != "Grand prix" || a.AwardedAt.IsZero() {
		t.Fatalf("CreateAward = %+v", a)
	}
	b := newAward(t, s, m.ID, "Prix du public")
	if b.ID <= a.ID {
		t.Fatalf("award ids %d then %d: not increasing", a.ID, b.ID)
	}
	got := film(t, s, m.ID)
	if got.SelectionStatus != festival.StatusAwarded || got.Status != festival.StatusAwarded.Guide() || len(got.Awards) != 2 ||
		got.Awards[0].ID != a.ID || got.Awards[0].Name != "Grand prix" || !got.Awards[0].AwardedAt.Equal(a.AwardedAt.Time) || got.Awards[1].ID != b.ID {
		t.Fatalf("film after two awards = %s %+v", got.SelectionStatus, got.Awards)
	}
	other := newFilm(t, s)
	c := newAward(t, s, other.ID, "Mention spéciale")
	list, next, err := s.Catalog.ListAwards(ctx, festival.Page{})
	if err != nil || next != "" || len(list) != 3 || list[0].ID != a.ID || list[1].ID != b.ID || list[2].ID != c.ID ||
		list[2].MovieID != other.ID || list[0].Name != "Grand prix" {
		t.Fatalf("ListAwards = %+v, %q, %v", list, next, err)
	}
}

func lastAwardWithdrawn(t *testing.T, s Stores) {
	ctx := context.Background()
	m := newFilm(t, s)
	a := newAward(t, s, m.ID, "Grand prix")
	b := newAward(t, s, m.ID, "Prix du public")
	gone, err := s.Catalog.DeleteAward(ctx, admin, a.ID)
	if err != nil || gone.ID != a.ID || gone.MovieID != m.ID || gone.Name != "Grand prix" {
		t.Fatalf("DeleteAward = %+v, %v", gone, err)
	}
	got := film(t, s, m.ID)
	if got.SelectionStatus != festival.StatusAwarded || len(got.Awards) != 1 || got.Awards[0].ID != b.ID {
		t.Fatalf("film after withdrawing one of two awards = %s %+v", got.SelectionStatus, got.Awards)
	}
	if _, err := s.Catalog.DeleteAward(ctx, admin, b.ID); err != nil {
		t.Fatal(err)
	}
	got = film(t, s, m.ID)
	if got.SelectionStatus != festival.StatusCandidate || len(got.Awards) != 0 {
		t.Fatalf("film after withdrawing its last award = %s %+v", got.SelectionStatus, got.Awards)
	}
	if _, err := s.Catalog.DeleteAward(ctx, admin, b.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second withdrawal: err %v", err)
	}
	if list, _, err := s.Catalog.ListAwards(ctx, festival.Page{}); err != nil || len(list) != 0 || list == nil {
		t.Fatalf("ListAwards after the withdrawals = %#v, %v; want []", list, err)
	}
}

func unknownAwardOrFilm(t *testing.T, s Stores) {
	ctx := context.Background()
	m := newFilm(t, s)
	if _, err := s.Catalog.CreateAward(ctx, admin, m.ID+50, "Prix"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("award for an unknown film: err %v", err)
	}
	if _, err := s.Catalog.DeleteAward(ctx, admin, 4242); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("withdrawal of an unknown award: err %v", err)
	}
	if got := film(t, s, m.ID); got.SelectionStatus != festival.StatusSubmitted || len(got.Awards) != 0 {
		t.Fatalf("film untouched = %s %+v", got.SelectionStatus, got.Awards)
	}
}

func awardRoom(t *testing.T, s Stores) {
	ctx := context.Background()
	m := newFilm(t, s)
	for i := range festival.MaxMovieAwards {
		newAward(t, s, m.ID, fmt.Sprintf("Prix %d", i))
	}
	_, err := s.Catalog.CreateAward(ctx, admin, m.ID, "Un de trop")
	var fe *festival.FieldError
	if !errors.As(err, &fe) || fe.Field != "id_movie" {
		t.Fatalf("award beyond the room: err %v, want festival.CheckAwardRoom's", err)
	}
	list, _, err := s.Catalog.ListAwards(ctx, festival.Page{})
	if err != nil || len(list) != festival.MaxMovieAwards || len(film(t, s, m.ID).Awards) != festival.MaxMovieAwards {
		t.Fatalf("%d awards listed (%v), want %d", len(list), err, festival.MaxMovieAwards)
	}
}
