package catalog

import (
	"context"
	"errors"
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
)

// Texts of the event operations; those of the specification are exact,
// spelling and trailing space included.
const (
	MsgEventCreated   = "Evenment créée"
	MsgEventExists    = "Evenement déjà existant"
	MsgEventUpdated   = "Evenement mis à jour"
	MsgEventNotFound  = "Evenement non trouvé"
	MsgEventDeleted   = "Evenement supprimé"
	MsgMissingID      = "ID manquant dans l'URL"
	MsgAllFields      = "Tous les champs doivent être remplis "
	MsgNothingToApply = "Aucun champ à mettre à jour : envoyez au moins un de name, description, start_date, end_date, location, event_type"
	MsgEventTaken     = "Un autre évènement porte déjà ce nom"
)

// eventFields are the fields of an event body, all required on creation.
var eventFields = []string{"name", "description", "start_date", "end_date", "location", "event_type"}

// applyEventField sets one field of e from its text value.
func applyEventField(e *festival.Event, name, v string) error {
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
		t, err := festival.ParseEventDate(name, v)
		if err != nil {
			return invalid(err)
		}
		if name == "start_date" {
			e.StartDate = t
		} else {
			e.EndDate = t
		}
	}
	return nil
}

// eventValue reads one event field: a string that is not blank.
func eventValue(f web.Fields, name string) (string, bool, error) {
	v, ok, err := f.String(name)
	if err != nil {
		return "", false, err
	}
	return v, ok && strings.TrimSpace(v) != "", nil
}

// ParseNewEvent reads a POST /events body: every field is required (else the
// specification's "Tous les champs doivent être remplis ").
func ParseNewEvent(f web.Fields) (festival.Event, error) {
	var e festival.Event
	for _, name := range eventFields {
		v, ok, err := eventValue(f, name)
		if err != nil {
			return e, err
		}
		if !ok {
			return e, apperr.E(apperr.Invalid, MsgAllFields)
		}
		if err := applyEventField(&e, name, v); err != nil {
			return e, err
		}
	}
	return e, invalid(e.Check())
}

func eventErr(err error) error {
	switch {
	case errors.Is(err, dynamo.ErrNotFound):
		return apperr.E(apperr.NotFound, MsgEventNotFound)
	case errors.Is(err, dynamo.ErrNameTaken):
		return apperr.E(apperr.Conflict, MsgEventTaken)
	}
	return err
}

// Events lists events.
func (s *Service) Events(ctx context.Context, p dynamo.Page) ([]festival.Event, string, error) {
	return s.store.ListEvents(ctx, p)
}

// Event reads one event.
func (s *Service) Event(ctx context.Context, id int64) (festival.Event, error) {
	e, err := s.store.GetEvent(ctx, id)
	return e, eventErr(err)
}

// CreateEvent creates an event, or returns the one that already has its
// name (created false), race-free.
func (s *Service) CreateEvent(ctx context.Context, c festival.Actor, f web.Fields) (festival.Event, bool, error) {
	e, err := ParseNewEvent(f)
	if err != nil {
		return e, false, err
	}
	return s.store.CreateEvent(ctx, c, e)
}

// UpdateEvent changes the fields that were sent; the whole event must still
// be valid afterwards (e.g. a new end date not before the stored start).
func (s *Service) UpdateEvent(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Event, error) {
	sent := map[string]string{}
	for _, name := range eventFields {
		if !f.Has(name) {
			continue
		}
		v, ok, err := eventValue(f, name)
		if err != nil {
			return festival.Event{}, err
		}
		if !ok {
			return festival.Event{}, apperr.Ef(apperr.Invalid, "Le champ %s ne peut pas être vide", name)
		}
		sent[name] = v
	}
	if len(sent) == 0 {
		return festival.Event{}, apperr.E(apperr.Invalid, MsgNothingToApply)
	}
	e, err := s.store.UpdateEvent(ctx, c, id, func(e *festival.Event) error {
		for name, v := range sent {
			if err := applyEventField(e, name, v); err != nil {
				return err
			}
		}
		return invalid(e.Check())
	})
	return e, eventErr(err)
}

// DeleteEvent deletes an event.
func (s *Service) DeleteEvent(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.DeleteEvent(ctx, c, id)
	return eventErr(err)
}
