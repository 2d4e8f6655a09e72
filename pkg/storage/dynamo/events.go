package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

type eventItem struct {
	PK          string `dynamodbav:"PK"`
	SK          string `dynamodbav:"SK"`
	GSI1PK      string `dynamodbav:"GSI1PK"`
	GSI1SK      string `dynamodbav:"GSI1SK"`
	Type        string `dynamodbav:"type"`
	ID          int64  `dynamodbav:"id_event"`
	Name        string `dynamodbav:"name"`
	Description string `dynamodbav:"description"`
	StartDate   string `dynamodbav:"start_date"`
	EndDate     string `dynamodbav:"end_date"`
	Location    string `dynamodbav:"location"`
	EventType   string `dynamodbav:"event_type"`
	CreatedAt   string `dynamodbav:"createdAt"`
	UpdatedAt   string `dynamodbav:"updatedAt"`
	Version     int64  `dynamodbav:"version"`
}

func toEventItem(e festival.Event, version int64) eventItem {
	return eventItem{
		PK: eventPK(e.ID), SK: skEvent, GSI1PK: gsi1Events, GSI1SK: eventGSI1SK(e.ID), Type: typeEvent,
		ID: e.ID, Name: e.Name, Description: e.Description, StartDate: e.StartDate.String(), EndDate: e.EndDate.String(),
		Location: e.Location, EventType: e.EventType, CreatedAt: e.CreatedAt.String(), UpdatedAt: e.UpdatedAt.String(),
		Version: version,
	}
}

func (it eventItem) event() festival.Event {
	e := festival.Event{
		ID: it.ID, Name: it.Name, Description: it.Description, Location: it.Location, EventType: it.EventType,
	}
	e.StartDate, _ = festival.ParseTime(it.StartDate)
	e.EndDate, _ = festival.ParseTime(it.EndDate)
	e.CreatedAt, _ = festival.ParseTime(it.CreatedAt)
	e.UpdatedAt, _ = festival.ParseTime(it.UpdatedAt)
	return e
}

func eventMarkerKey(name string) map[string]types.AttributeValue {
	return key(eventNamePK(festival.NameKey(name)), typeEventName)
}

// EventByName finds an event by name (compared with festival.NameKey)
// through its marker; festival.ErrNotFound when there is none.
func (s *Catalog) EventByName(ctx context.Context, name string) (festival.Event, error) {
	m, err := getItem[nameMarker](ctx, s.core, eventMarkerKey(name))
	if err != nil {
		return festival.Event{}, wrapGet(err, "find event name")
	}
	return s.GetEvent(ctx, m.ID)
}

// CreateEvent stores a new event whose values are checked, or returns the
// event that already has its name (created false) and writes nothing. The
// name marker decides a race: of concurrent creations with one name, exactly
// one transaction succeeds and the others answer with its event.
func (s *Catalog) CreateEvent(ctx context.Context, actor festival.Actor, e festival.Event) (festival.Event, bool, error) {
	// No read first: the name marker's condition finds an existing event,
	// and a new one costs two requests (its id, its transaction). A name
	// already taken then leaves a gap in the ids, which mean nothing.
	id, err := s.nextID(ctx, counterEvents)
	if err != nil {
		return e, false, err
	}
	now := festival.NewTime(s.now())
	e.ID, e.CreatedAt, e.UpdatedAt = id, now, now
	item, err := attributevalue.MarshalMap(toEventItem(e, 1))
	if err != nil {
		return e, false, err
	}
	marker, err := s.putMarkerOp(eventNamePK(festival.NameKey(e.Name)), typeEventName, id)
	if err != nil {
		return e, false, err
	}
	var existing *festival.Event
	err = Retry(ctx, func(int) error {
		err := s.transact(ctx, []types.TransactWriteItem{
			marker,
			{Put: &types.Put{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
			s.auditOp(actor, "event.create", fmt.Sprintf("event:%d", id), map[string]string{"name": e.Name}),
		})
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0):
			found, gerr := s.EventByName(ctx, e.Name)
			if gerr != nil {
				return fmt.Errorf("create event: name taken, but: %w", gerr)
			}
			existing = &found
			return nil
		case transactionConflict(err):
			return Again(fmt.Errorf("create event: %w", err))
		default:
			return fmt.Errorf("create event: %w", err)
		}
	})
	switch {
	case err != nil:
		return e, false, err
	case existing != nil:
		return *existing, false, nil
	}
	return e, true, nil
}

// GetEvent reads one event.
func (s *Catalog) GetEvent(ctx context.Context, id int64) (festival.Event, error) {
	e, _, err := s.getEvent(ctx, id)
	return e, err
}

func (s *Catalog) getEvent(ctx context.Context, id int64) (festival.Event, int64, error) {
	it, err := getItem[eventItem](ctx, s.core, key(eventPK(id), skEvent))
	if err != nil {
		return festival.Event{}, 0, wrapGet(err, "get event %d", id)
	}
	return it.event(), it.Version, nil
}

// ListEvents returns events in id order, one page or all, from memory
// (listcache.go) unless the store keeps no lists.
func (s *Catalog) ListEvents(ctx context.Context, p Page) ([]festival.Event, string, error) {
	if all, ok, err := s.cachedEvents(ctx); err != nil || ok {
		if err != nil {
			return nil, "", err
		}
		return s.eventsListing().page(all, nil, p)
	}
	return queryRecords(ctx, s.core, s.gsi1Query(gsi1Events), p, eventItem.event)
}

// UpdateEvent applies change to the current event and writes it back,
// conditional on its version (read again and reapplied when it changed in
// between). A new name moves the marker in the same transaction
// (festival.ErrNameTaken when another event has it). change may return an error to abort.
func (s *Catalog) UpdateEvent(ctx context.Context, actor festival.Actor, id int64, change func(*festival.Event) error) (festival.Event, error) {
	var cur, next festival.Event
	err := Retry(ctx, func(int) error {
		var version int64
		var err error
		cur, version, err = s.getEvent(ctx, id)
		if err != nil {
			return err
		}
		next = cur
		if err := change(&next); err != nil {
			return err
		}
		next.ID, next.CreatedAt, next.UpdatedAt = cur.ID, cur.CreatedAt, festival.NewTime(s.now())
		item, err := attributevalue.MarshalMap(toEventItem(next, version+1))
		if err != nil {
			return err
		}
		ops := []types.TransactWriteItem{{Put: &types.Put{
			TableName: &s.table, Item: item,
			ConditionExpression:       aws.String("#v = :v"),
			ExpressionAttributeNames:  map[string]string{"#v": "version"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(version)},
		}}}
		moved := festival.NameKey(cur.Name) != festival.NameKey(next.Name)
		if moved {
			marker, err := s.putMarkerOp(eventNamePK(festival.NameKey(next.Name)), typeEventName, id)
			if err != nil {
				return err
			}
			ops = append(ops, marker, types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: eventMarkerKey(cur.Name)}})
		}
		details := map[string]string{"name": next.Name}
		if moved {
			details["previous_name"] = cur.Name
		}
		ops = append(ops, s.auditOp(actor, "event.update", fmt.Sprintf("event:%d", id), details, festival.EventChanges(cur, next)...))
		err = s.transact(ctx, ops)
		switch {
		case err == nil:
			return nil
		case moved && conditionFailedAt(err, 1):
			return festival.ErrNameTaken
		case conditionFailedAt(err, 0) || transactionConflict(err):
			return Again(fmt.Errorf("update event %d: %w", id, err))
		default:
			return fmt.Errorf("update event %d: %w", id, err)
		}
	})
	if err != nil {
		return cur, err
	}
	return next, nil
}

// DeleteEvent removes an event and its name marker, with the audit entry.
func (s *Catalog) DeleteEvent(ctx context.Context, actor festival.Actor, id int64) (festival.Event, error) {
	e, err := s.GetEvent(ctx, id)
	if err != nil {
		return e, err
	}
	err = s.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: &s.table, Key: key(eventPK(id), skEvent), ConditionExpression: aws.String("attribute_exists(PK)")}},
		{Delete: &types.Delete{TableName: &s.table, Key: eventMarkerKey(e.Name)}},
		s.auditOp(actor, "event.delete", fmt.Sprintf("event:%d", id), map[string]string{"name": e.Name}),
	})
	if conditionFailedAt(err, 0) {
		return e, festival.ErrNotFound
	}
	if err != nil {
		return e, fmt.Errorf("delete event %d: %w", id, err)
	}
	return e, nil
}
