package storesuite

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var juryCases = []testCase{
	{"juries/a film's jury is set exactly, and refused whole", filmJurySet},
}

func jurorOf(u festival.User) festival.Jury {
	return festival.Jury{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}
}

func juryIDs(m festival.Movie) []int64 {
	out := []int64{}
	for _, j := range m.Juries {
		out = append(out, j.ID)
	}
	return out
}

func filmJurySet(t *testing.T, s Stores) {
	ctx := context.Background()
	a, b := newUser(t, s, "a@example.org"), newUser(t, s, "b@example.org")
	m := newFilm(t, s)
	got, err := s.Films.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{jurorOf(b), jurorOf(a)})
	if err != nil || !slices.Equal(juryIDs(got), []int64{a.ID, b.ID}) {
		t.Fatalf("SetMovieJuries = %v, %v; want %d and %d", juryIDs(got), err, a.ID, b.ID)
	}
	if read := film(t, s, m.ID); !slices.Equal(juryIDs(read), []int64{a.ID, b.ID}) || read.Juries[0].Email != a.Email {
		t.Fatalf("jury read back = %+v", read.Juries)
	}
	// The film's producer has a conflict of interest: nothing is written.
	producer := festival.Jury{ID: m.OwnerID, Role: festival.RoleJury}
	var conflict *festival.ConflictOfInterestError
	if _, err := s.Films.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{jurorOf(a), producer}); !errors.As(err, &conflict) || !slices.Equal(conflict.IDs, []int64{m.OwnerID}) {
		t.Fatalf("the producer on the jury: err %v, want a conflict of interest of %d", err, m.OwnerID)
	}
	// A member who is no jury account (unknown here) refuses the whole jury.
	if _, err := s.Films.SetMovieJuries(ctx, admin, m.ID, []festival.Jury{jurorOf(a), {ID: b.ID + 50, Role: festival.RoleJury}}); !errors.Is(err, festival.ErrConflict) {
		t.Fatalf("an unknown member: err %v, want festival.ErrConflict", err)
	}
	if read := film(t, s, m.ID); !slices.Equal(juryIDs(read), []int64{a.ID, b.ID}) {
		t.Fatalf("jury after refused changes = %v, want it unchanged", juryIDs(read))
	}
	got, err = s.Films.SetMovieJuries(ctx, admin, m.ID, nil)
	if err != nil || len(got.Juries) != 0 || len(film(t, s, m.ID).Juries) != 0 {
		t.Fatalf("jury emptied = %+v, %v", got.Juries, err)
	}
	if _, err := s.Films.SetMovieJuries(ctx, admin, m.ID+99, nil); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("jury of an unknown film: err %v, want festival.ErrNotFound", err)
	}
}
