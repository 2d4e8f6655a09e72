package festival

import (
	"errors"
	"slices"
	"testing"
	"time"
)

func TestAPlanMovesOnlyAlongItsLife(t *testing.T) {
	t.Parallel()
	all := []PlanState{PlanPreviewed, PlanApplying, PlanApplied, PlanRolledBack, PlanStale}
	allowed := map[[2]PlanState]bool{
		{PlanPreviewed, PlanApplying}:  true,
		{PlanApplying, PlanApplied}:    true,
		{PlanApplying, PlanRolledBack}: true,
		{PlanApplying, PlanStale}:      true,
		{PlanApplying, PlanPreviewed}:  true,
	}
	for _, from := range all {
		for _, to := range all {
			if got := from.CanBecome(to); got != allowed[[2]PlanState{from, to}] {
				t.Errorf("%s -> %s allowed = %v, want %v", from, to, got, !got)
			}
		}
	}
}

func TestAPlanIsClaimedOnlyWhilePreviewedAndNotExpired(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	fresh := NewPlan(PlanID{"p1"}, Actor{ID: 7}, []PlanFilm{{MovieID: 1, Version: 3, After: []int64{10}}}, now)
	if fresh.State != PlanPreviewed || fresh.CreatedBy != 7 || !fresh.ExpiresAt.Equal(now.Add(PlanTTL)) {
		t.Fatalf("new plan = %+v, want previewed, by 7, expiring a day later", fresh)
	}
	withState := func(s PlanState) Plan { p := fresh; p.State = s; return p }
	cases := []struct {
		name  string
		plan  Plan
		at    time.Time
		state PlanState // the state refused, when refused; "" when claimed
		gone  bool      // refused as unknown (ErrNotFound)
	}{
		{"previewed", fresh, now.Add(time.Hour), "", false},
		{"previewed, in its last second", fresh, now.Add(PlanTTL - time.Second), "", false},
		{"previewed, expired", fresh, now.Add(PlanTTL), "", true},
		{"applying", withState(PlanApplying), now, PlanApplying, false},
		{"applied", withState(PlanApplied), now, PlanApplied, false},
		{"rolled back", withState(PlanRolledBack), now, PlanRolledBack, false},
		{"stale", withState(PlanStale), now, PlanStale, false},
		{"applied, expired", withState(PlanApplied), now.Add(2 * PlanTTL), "", true},
	}
	for _, c := range cases {
		got, err := c.plan.Claimed("c1", c.at)
		var state *PlanStateError
		switch {
		case c.gone:
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("%s: claim = %v, want ErrNotFound", c.name, err)
			}
		case c.state != "":
			if !errors.As(err, &state) || state.State != c.state {
				t.Errorf("%s: claim = %v, want the plan %s", c.name, err, c.state)
			}
		case err != nil:
			t.Errorf("%s: claim = %v, want it claimed", c.name, err)
		case got.State != PlanApplying || got.Claim != "c1" || !got.LeaseTill.Equal(c.at.Add(PlanLease)):
			t.Errorf("%s: claimed = %+v, want applying under c1 with a lease of %v", c.name, got, PlanLease)
		}
		if c.plan.Claimable(c.at) != (err == nil) {
			t.Errorf("%s: Claimable disagrees with Claimed", c.name)
		}
	}
	if err := ClaimRefused(nil, now); !errors.Is(err, ErrNotFound) {
		t.Errorf("claim of no plan = %v, want ErrNotFound", err)
	}
}

func TestAReleaseEndsTheHoldInAStateTheLifeAllows(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	held, err := NewPlan(PlanID{"p1"}, Actor{ID: 7}, nil, now).Claimed("c1", now)
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []PlanState{PlanApplied, PlanRolledBack, PlanStale, PlanPreviewed} {
		got, err := held.Released(to)
		if err != nil || got.State != to || got.Claim != "" || !got.LeaseTill.IsZero() {
			t.Errorf("release to %s = %+v, %v; want %s with no hold", to, got, err, to)
		}
	}
	applied, _ := held.Released(PlanApplied)
	var state *PlanStateError
	if _, err := applied.Released(PlanRolledBack); !errors.As(err, &state) || state.State != PlanApplied {
		t.Errorf("rolling back an applied plan = %v, want refused as applied", err)
	}
	if _, err := held.Released(PlanApplying); err == nil {
		t.Errorf("applying -> applying was allowed")
	}
}

func TestAPlanIsRecoverableOnceItsLeaseRunsOut(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	held, _ := NewPlan(PlanID{"p1"}, Actor{}, nil, now).Claimed("c1", now)
	applied, _ := held.Released(PlanApplied)
	cases := []struct {
		name string
		plan Plan
		at   time.Time
		want bool
	}{
		{"applying, within its lease", held, now.Add(time.Minute), false},
		{"applying, at the end of its lease", held, now.Add(PlanLease), false},
		{"applying, past its lease", held, now.Add(PlanLease + time.Millisecond), true},
		{"applied, long after", applied, now.Add(time.Hour), false},
		{"previewed", NewPlan(PlanID{"p2"}, Actor{}, nil, now), now.Add(time.Hour), false},
	}
	for _, c := range cases {
		if got := c.plan.Recoverable(c.at); got != c.want {
			t.Errorf("%s: recoverable = %v, want %v", c.name, got, c.want)
		}
	}
	if taken := held.TakenOver("c2"); taken.Claim != "c2" || taken.State != PlanApplying {
		t.Errorf("taken over = %+v, want applying under c2", taken)
	}
}

func TestAPlanFilmSaysWhoComesAndGoes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		before, after, added, removed []int64
	}{
		{nil, []int64{1, 2}, []int64{1, 2}, nil},
		{[]int64{1, 2}, nil, nil, []int64{1, 2}},
		{[]int64{1, 2}, []int64{2, 3}, []int64{3}, []int64{1}},
		{[]int64{1, 2}, []int64{1, 2}, nil, nil},
	}
	for _, c := range cases {
		f := PlanFilm{Before: c.before, After: c.after}
		if !slices.Equal(f.Added(), c.added) || !slices.Equal(f.Removed(), c.removed) {
			t.Errorf("%v -> %v: added %v removed %v, want %v and %v", c.before, c.after, f.Added(), f.Removed(), c.added, c.removed)
		}
	}
}

func TestAPlanFilmIsWrittenAndPutBack(t *testing.T) {
	t.Parallel()
	now := NewTime(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	f := PlanFilm{MovieID: 1, Before: []int64{10, 11}, After: []int64{11, 12}}
	m := Movie{ID: 1, Juries: []Jury{{ID: 10}, {ID: 11}}}
	applied := f.Applied(m, map[int64]Jury{11: {ID: 11, LastName: "B"}, 12: {ID: 12, LastName: "C"}}, now)
	if len(applied.Juries) != 2 || applied.Juries[0].LastName != "B" || applied.Juries[1].ID != 12 || !applied.UpdatedAt.Equal(now.Time) {
		t.Errorf("applied = %+v, want members 11 and 12 as read, changed now", applied)
	}
	if len(m.Juries) != 2 || m.Juries[0].ID != 10 {
		t.Errorf("the film given was changed: %+v", m.Juries)
	}
	// Member 10's account is gone: only 11 is put back.
	restored := f.Restored(applied, []Jury{{ID: 11}, {ID: 12}})
	if len(restored.Juries) != 1 || restored.Juries[0].ID != 11 {
		t.Errorf("restored members %+v, want only 11", restored.Juries)
	}
}

func TestAPlanNamesItsStaleFilmItsWrittenFilmsAndItsDigests(t *testing.T) {
	t.Parallel()
	p := Plan{Films: []PlanFilm{
		{MovieID: 1, Version: 2, Before: []int64{10}, After: []int64{10, 11}},
		{MovieID: 2, Version: 5, Before: []int64{12}, After: []int64{11, 13}},
		{MovieID: 3, Version: 1, After: []int64{13}},
	}, Written: []int64{3, 1}}
	cases := []struct {
		name    string
		current []VersionedMovie
		stale   int64 // 0: none
	}{
		{"every film as planned", []VersionedMovie{{Movie{ID: 1}, 2}, {Movie{ID: 2}, 5}, {Movie{ID: 3}, 1}}, 0},
		{"a film changed", []VersionedMovie{{Movie{ID: 1}, 2}, {Movie{ID: 2}, 6}, {Movie{ID: 3}, 1}}, 2},
		{"a film gone", []VersionedMovie{{Movie{ID: 2}, 5}, {Movie{ID: 3}, 1}}, 1},
	}
	for _, c := range cases {
		err := StaleFilm(p.Films, c.current)
		var stale *PlanStaleError
		if c.stale == 0 && err != nil || c.stale != 0 && (!errors.As(err, &stale) || stale.MovieID != c.stale) {
			t.Errorf("%s: stale = %v, want film %d", c.name, err, c.stale)
		}
	}
	if got := PlanMovieIDs(p.WrittenFilms()); !slices.Equal(got, []int64{1, 3}) {
		t.Errorf("written films %v, want 1 and 3 in plan order", got)
	}
	if got := p.Members(); !slices.Equal(got, []int64{10, 11, 13}) {
		t.Errorf("members after %v, want 10, 11, 13", got)
	}
	if got := MembersBefore(p.Films); !slices.Equal(got, []int64{10, 12}) {
		t.Errorf("members before %v, want 10, 12", got)
	}
	members, given := p.Given()
	if !slices.Equal(members, []int64{11, 13}) || !slices.Equal(given[11], []int64{1, 2}) || !slices.Equal(given[13], []int64{2, 3}) {
		t.Errorf("given %v %v, want 11: films 1, 2 and 13: films 2, 3", members, given)
	}
}
