package storesuite

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var eventCases = []testCase{
	{"events/a duplicate name returns the existing event", duplicateEventReturnsTheExisting},
	{"events/an update keeps what it does not change and moves the name", updateEventMovesTheName},
	{"events/an update onto a taken name or an aborted change writes nothing", refusedEventUpdates},
	{"events/a deleted event is gone and frees its name", deletedEventIsGone},
	{"events/dates are kept in UTC to the millisecond", eventDatesAreStoredToTheMillisecond},
	{"events/twenty concurrent creations of one name make one", concurrentEventCreations},
	{"events/concurrent updates lose none", concurrentEventUpdates},
}

func sampleEvent(name string) festival.Event {
	start := festival.NewTime(time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC))
	return festival.Event{Name: name, Description: "Rencontre", StartDate: start, EndDate: festival.NewTime(start.Add(2 * time.Hour)),
		Location: "Marseille", EventType: "MEETUP"}
}

func newEvent(t *testing.T, s Stores, name string) festival.Event {
	t.Helper()
	e, created, err := s.Catalog.CreateEvent(context.Background(), admin, sampleEvent(name))
	if err != nil || !created {
		t.Fatalf("CreateEvent(%q) = %+v, %v, %v", name, e, created, err)
	}
	return e
}

func duplicateEventReturnsTheExisting(t *testing.T, s Stores) {
	ctx := context.Background()
	e := newEvent(t, s, "Masterclass IA")
	if e.ID == 0 || e.CreatedAt.IsZero() || e.Description != "Rencontre" {
		t.Fatalf("CreateEvent = %+v", e)
	}
	dup, created, err := s.Catalog.CreateEvent(ctx, admin, festival.Event{Name: "masterclass  ia", Location: "Lyon"})
	if err != nil || created || dup.ID != e.ID || dup.Location != "Marseille" {
		t.Fatalf("duplicate CreateEvent = %+v, %v, %v; want the existing event", dup, created, err)
	}
	other := newEvent(t, s, "Atelier")
	if other.ID <= e.ID {
		t.Fatalf("ids %d then %d: not increasing", e.ID, other.ID)
	}
	byName, err := s.Catalog.EventByName(ctx, " MASTERCLASS IA ")
	if err != nil || byName.ID != e.ID {
		t.Fatalf("EventByName = %+v, %v", byName, err)
	}
	if _, err := s.Catalog.EventByName(ctx, "Inconnu"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("EventByName of an unknown name: err %v", err)
	}
	list, next, err := s.Catalog.ListEvents(ctx, festival.Page{})
	if err != nil || next != "" || len(list) != 2 || list[0].ID != e.ID || list[1].ID != other.ID {
		t.Fatalf("ListEvents = %+v, %q, %v", list, next, err)
	}
}

func updateEventMovesTheName(t *testing.T, s Stores) {
	ctx := context.Background()
	e := newEvent(t, s, "Masterclass IA")
	up, err := s.Catalog.UpdateEvent(ctx, admin, e.ID, func(ev *festival.Event) error {
		ev.Name, ev.Location = "Masterclass", "Lyon"
		ev.ID, ev.CreatedAt = 999, festival.Time{} // not the change's to make
		return nil
	})
	if err != nil || up.ID != e.ID || up.Name != "Masterclass" || up.Location != "Lyon" || up.Description != "Rencontre" ||
		!up.CreatedAt.Equal(e.CreatedAt.Time) || up.UpdatedAt.Before(e.UpdatedAt.Time) || !up.StartDate.Equal(e.StartDate.Time) {
		t.Fatalf("UpdateEvent = %+v, %v", up, err)
	}
	got, err := s.Catalog.GetEvent(ctx, e.ID)
	if err != nil || got.Name != "Masterclass" || got.Location != "Lyon" || !got.UpdatedAt.Equal(up.UpdatedAt.Time) {
		t.Fatalf("GetEvent after the update = %+v, %v", got, err)
	}
	if byName, err := s.Catalog.EventByName(ctx, "masterclass"); err != nil || byName.ID != e.ID {
		t.Fatalf("EventByName of the new name = %+v, %v", byName, err)
	}
	if _, err := s.Catalog.EventByName(ctx, "Masterclass IA"); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("EventByName of the old name: err %v", err)
	}
	if _, created, err := s.Catalog.CreateEvent(ctx, admin, sampleEvent("Masterclass IA")); err != nil || !created {
		t.Fatalf("the old name was not freed: %v, %v", created, err)
	}
	// Its own name in another letter case.
	if up, err := s.Catalog.UpdateEvent(ctx, admin, e.ID, func(ev *festival.Event) error { ev.Name = "MASTERCLASS"; return nil }); err != nil || up.Name != "MASTERCLASS" {
		t.Fatalf("rename to its own name in capitals = %+v, %v", up, err)
	}
}

func refusedEventUpdates(t *testing.T, s Stores) {
	ctx := context.Background()
	e := newEvent(t, s, "Masterclass IA")
	other := newEvent(t, s, "Atelier")
	if _, err := s.Catalog.UpdateEvent(ctx, admin, other.ID, func(ev *festival.Event) error { ev.Name = "MASTERCLASS IA"; ev.Location = "Lyon"; return nil }); !errors.Is(err, festival.ErrNameTaken) {
		t.Fatalf("rename onto a taken name: err %v, want ErrNameTaken", err)
	}
	refused := errors.New("refused by the change")
	if _, err := s.Catalog.UpdateEvent(ctx, admin, e.ID, func(ev *festival.Event) error { ev.Location = "Lyon"; return refused }); err != refused {
		t.Fatalf("aborted change: err %v, want the change's own error", err)
	}
	for _, id := range []int64{e.ID, other.ID} {
		if got, err := s.Catalog.GetEvent(ctx, id); err != nil || got.Location != "Marseille" {
			t.Fatalf("event %d after refused updates = %+v, %v", id, got, err)
		}
	}
	if byName, err := s.Catalog.EventByName(ctx, "Atelier"); err != nil || byName.ID != other.ID {
		t.Fatalf("a refused rename moved the name: %+v, %v", byName, err)
	}
	called := false
	if _, err := s.Catalog.UpdateEvent(ctx, admin, other.ID+100, func(*festival.Event) error { called = true; return nil }); !errors.Is(err, festival.ErrNotFound) || called {
		t.Fatalf("update of an unknown event: err %v, change called %v", err, called)
	}
}

func deletedEventIsGone(t *testing.T, s Stores) {
	ctx := context.Background()
	e := newEvent(t, s, "Projection")
	keep := newEvent(t, s, "Atelier")
	if _, err := s.Catalog.GetEvent(ctx, keep.ID+100); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetEvent of an unknown id: err %v", err)
	}
	gone, err := s.Catalog.DeleteEvent(ctx, admin, e.ID)
	if err != nil || gone.ID != e.ID || gone.Name != "Projection" {
		t.Fatalf("DeleteEvent = %+v, %v", gone, err)
	}
	if _, err := s.Catalog.GetEvent(ctx, e.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetEvent of a deleted event: err %v", err)
	}
	if _, err := s.Catalog.DeleteEvent(ctx, admin, e.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second deletion: err %v", err)
	}
	if _, err := s.Catalog.UpdateEvent(ctx, admin, e.ID, func(*festival.Event) error { return nil }); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("update of a deleted event: err %v", err)
	}
	if list, _, err := s.Catalog.ListEvents(ctx, festival.Page{}); err != nil || len(list) != 1 || list[0].ID != keep.ID {
		t.Fatalf("ListEvents after the deletion = %+v, %v", list, err)
	}
	again, created, err := s.Catalog.CreateEvent(ctx, admin, sampleEvent("projection"))
	if err != nil || !created || again.ID == e.ID {
		t.Fatalf("the name of a deleted event is not free: %+v, %v, %v", again, created, err)
	}
}

func eventDatesAreStoredToTheMillisecond(t *testing.T, s Stores) {
	ctx := context.Background()
	paris := time.FixedZone("Paris", 2*3600)
	ev := sampleEvent("Clôture")
	ev.StartDate = festival.Time{Time: time.Date(2026, 6, 1, 20, 30, 0, 123456789, paris)}
	ev.EndDate = festival.Time{}
	e, _, err := s.Catalog.CreateEvent(ctx, admin, ev)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Catalog.GetEvent(ctx, e.ID)
	want := time.Date(2026, 6, 1, 18, 30, 0, 123000000, time.UTC)
	if err != nil || !got.StartDate.Equal(want) || got.StartDate.Location() != time.UTC || !got.EndDate.IsZero() {
		t.Fatalf("stored dates = %v, %v (%v); want %v and none", got.StartDate.Time, got.EndDate.Time, err, want)
	}
}

func concurrentEventCreations(t *testing.T, s Stores) {
	ctx := context.Background()
	var mu sync.Mutex
	var wg sync.WaitGroup
	ids := map[int64]int{}
	created := 0
	for range 20 {
		wg.Go(func() {
			e, c, err := s.Catalog.CreateEvent(ctx, admin, sampleEvent("Projection de clôture"))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
				return
			}
			ids[e.ID]++
			if c {
				created++
			}
		})
	}
	wg.Wait()
	list, _, err := s.Catalog.ListEvents(ctx, festival.Page{})
	if err != nil || created != 1 || len(ids) != 1 || len(list) != 1 {
		t.Fatalf("created %d, distinct ids answered %v, stored %d (%v); want one event for all", created, ids, len(list), err)
	}
}

func concurrentEventUpdates(t *testing.T, s Stores) {
	ctx := context.Background()
	e := newEvent(t, s, "Projection")
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			if _, err := s.Catalog.UpdateEvent(ctx, admin, e.ID, func(ev *festival.Event) error {
				ev.Description += fmt.Sprint(i)
				return nil
			}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := s.Catalog.GetEvent(ctx, e.ID)
	if err != nil || len(got.Description) != len("Rencontre")+4 {
		t.Fatalf("description after 4 concurrent appends = %q, %v; want each append kept", got.Description, err)
	}
}
