package catalog

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// EventPatch is a change of an event: the fields that were sent, as text,
// each set in the order of festival.EventFields.
type EventPatch struct {
	Name, Description, StartDate, EndDate, Location, EventType *string
}

func (p EventPatch) apply(e *festival.Event) error {
	for _, f := range []struct {
		name string
		v    *string
	}{{"name", p.Name}, {"description", p.Description}, {"start_date", p.StartDate}, {"end_date", p.EndDate}, {"location", p.Location}, {"event_type", p.EventType}} {
		if f.v != nil {
			if err := e.Set(f.name, *f.v); err != nil {
				return festival.Refused(err)
			}
		}
	}
	return festival.Refused(e.Check())
}

// Events lists events.
func (s *Service) Events(ctx context.Context, p festival.Page) ([]festival.Event, string, error) {
	return s.store.Events.ListEvents(ctx, p)
}

// Event reads one event.
func (s *Service) Event(ctx context.Context, id int64) (festival.Event, error) {
	e, err := s.store.Events.GetEvent(ctx, id)
	return e, storeErr(err, eventOutcomes)
}

// CreateEvent creates an event, or returns the one that already has its
// name (created false), race-free.
func (s *Service) CreateEvent(ctx context.Context, c festival.Actor, e festival.Event) (festival.Event, bool, error) {
	if err := festival.Refused(e.Check()); err != nil {
		return e, false, err
	}
	return s.store.Events.CreateEvent(ctx, c, e)
}

// UpdateEvent changes the fields that were sent; the whole event must still
// be valid afterwards (e.g. a new end date not before the stored start).
func (s *Service) UpdateEvent(ctx context.Context, c festival.Actor, id int64, p EventPatch) (festival.Event, error) {
	e, err := s.store.Events.UpdateEvent(ctx, c, id, p.apply)
	return e, storeErr(err, eventOutcomes)
}

// DeleteEvent deletes an event.
func (s *Service) DeleteEvent(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.Events.DeleteEvent(ctx, c, id)
	return storeErr(err, eventOutcomes)
}
