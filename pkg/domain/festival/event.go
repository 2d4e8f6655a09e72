package festival

import (
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// EventType is the kind of a festival event.
type EventType string

// EventTypes lists the kinds of events the specification allows.
var EventTypes = []string{"CONFERENCE", "WORKSHOP", "MEETUP", "WEBINAR"}

// Event is a festival event (conference, workshop, meetup, webinar).
type Event struct {
	ID          int64  `json:"id_event"`
	Name        string `json:"name"`
	Description string `json:"description"`
	StartDate   Time   `json:"start_date"`
	EndDate     Time   `json:"end_date"`
	Location    string `json:"location"`
	EventType   string `json:"event_type"`
	CreatedAt   Time   `json:"createdAt"`
	UpdatedAt   Time   `json:"updatedAt"`
}

// Limits of event values fixed by the specification.
const (
	MaxEventNameLen     = 255
	MaxEventLocationLen = 255
	MaxEventDescLen     = 10000
)

// ParseEventDate reads an ISO 8601 date or date-time. A date-time without a
// zone and a bare date (midnight) are taken as UTC, which is what a festival
// form sends; anything else is refused.
func ParseEventDate(field, s string) (Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return NewTime(t), nil
		}
	}
	return Time{}, fieldErr(field, texts.DateNotISO, truncate(s, 40))
}

// Check validates an event's values; it is called after every create or
// partial update, so that the stored event is always whole and coherent.
func (e Event) Check() error {
	if err := CheckText("name", e.Name, MaxEventNameLen); err != nil {
		return err
	}
	if err := CheckText("location", e.Location, MaxEventLocationLen); err != nil {
		return err
	}
	if err := CheckText("description", e.Description, MaxEventDescLen); err != nil {
		return err
	}
	if err := CheckOneOf("event_type", e.EventType, EventTypes); err != nil {
		return err
	}
	if e.EndDate.Before(e.StartDate.Time) {
		return fieldErr("end_date", texts.EventEndsBeforeStart, e.EndDate, e.StartDate)
	}
	return nil
}

// EventFields are the fields of an event, in the order they are checked;
// all are required on creation.
var EventFields = []string{"name", "description", "start_date", "end_date", "location", "event_type"}

// Set sets one field of e, named as in the API, from its text value; a date
// that does not parse is a *FieldError.
func (e *Event) Set(name, v string) error {
	switch name {
	case "name":
		e.Name = strings.TrimSpace(v)
	case "description":
		e.Description = v
	case "location":
		e.Location = strings.TrimSpace(v)
	case "event_type":
		e.EventType = strings.ToUpper(strings.TrimSpace(v))
	case "start_date", "end_date":
		t, err := ParseEventDate(name, v)
		if err != nil {
			return err
		}
		if name == "start_date" {
			e.StartDate = t
		} else {
			e.EndDate = t
		}
	}
	return nil
}
