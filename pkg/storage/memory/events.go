package memory

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var eventsListing = listing[festival.Event]{name: "events", key: func(e festival.Event) string { return idKey(e.ID) }}

// EventByName finds an event by name (compared with festival.NameKey);
// festival.ErrNotFound when there is none.
func (c *Catalog) EventByName(_ context.Context, name string) (festival.Event, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	id, ok := c.db.eventNames[festival.NameKey(name)]
	if !ok {
		return festival.Event{}, festival.ErrNotFound
	}
	return c.db.events[id], nil
}

// CreateEvent stores a new event, or returns the event that already has its
// name (created false) and writes nothing. As in DynamoDB, the id is drawn
// first: a name already taken leaves a gap.
func (c *Catalog) CreateEvent(_ context.Context, _ festival.Actor, e festival.Event) (festival.Event, bool, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	id := db.nextID("events")
	if existing, taken := db.eventNames[festival.NameKey(e.Name)]; taken {
		return db.events[existing], false, nil
	}
	now := db.stamp()
	e.ID, e.CreatedAt, e.UpdatedAt = id, now, now
	db.events[id] = storedEvent(e) // answered as given, as DynamoDB does
	db.eventNames[festival.NameKey(e.Name)] = id
	return e, true, nil
}

// GetEvent reads one event.
func (c *Catalog) GetEvent(_ context.Context, id int64) (festival.Event, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	e, ok := c.db.events[id]
	if !ok {
		return festival.Event{}, festival.ErrNotFound
	}
	return e, nil
}

// ListEvents returns events in id order, one page or all.
func (c *Catalog) ListEvents(_ context.Context, p festival.Page) ([]festival.Event, string, error) {
	c.db.mu.Lock()
	defer c.db.mu.Unlock()
	return eventsListing.page(sortedByID(c.db.events), p)
}

// UpdateEvent applies change to the current event and stores it; a new name
// moves with it (festival.ErrNameTaken when another event has it). change
// may return an error to abort; it runs under the store's lock, so it must
// not call the store.
func (c *Catalog) UpdateEvent(_ context.Context, _ festival.Actor, id int64, change func(*festival.Event) error) (festival.Event, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	cur, ok := db.events[id]
	if !ok {
		return festival.Event{}, festival.ErrNotFound
	}
	next := cur
	if err := change(&next); err != nil {
		return cur, err
	}
	next.ID, next.CreatedAt, next.UpdatedAt = cur.ID, cur.CreatedAt, db.stamp()
	from, to := festival.NameKey(cur.Name), festival.NameKey(next.Name)
	if _, taken := db.eventNames[to]; taken && from != to {
		return cur, festival.ErrNameTaken
	}
	db.events[id] = storedEvent(next)
	delete(db.eventNames, from)
	db.eventNames[to] = id
	return next, nil
}

// DeleteEvent removes an event and frees its name.
func (c *Catalog) DeleteEvent(_ context.Context, _ festival.Actor, id int64) (festival.Event, error) {
	db := c.db
	db.mu.Lock()
	defer db.mu.Unlock()
	e, ok := db.events[id]
	if !ok {
		return festival.Event{}, festival.ErrNotFound
	}
	delete(db.events, id)
	delete(db.eventNames, festival.NameKey(e.Name))
	return e, nil
}

// storedEvent is an event as the DynamoDB store reads it back: its dates
// in UTC to the millisecond.
func storedEvent(e festival.Event) festival.Event {
	e.StartDate, e.EndDate = storedTime(e.StartDate), storedTime(e.EndDate)
	return e
}

// storedTime is a time as stored: UTC to the millisecond, zero kept zero.
func storedTime(t festival.Time) festival.Time {
	if t.IsZero() {
		return festival.Time{}
	}
	return festival.NewTime(t.Time)
}
