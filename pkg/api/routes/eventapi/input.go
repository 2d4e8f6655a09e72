package eventapi

import (
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// eventValue reads one event field: a string that is not blank.
func eventValue(f web.Fields, name string) (string, bool, error) {
	v, ok, err := f.String(name)
	if err != nil {
		return "", false, err
	}
	return v, ok && strings.TrimSpace(v) != "", nil
}

// readNewEvent reads a POST /events body: every field is required (else the
// specification's "Tous les champs doivent être remplis "), checked in the
// order of festival.EventFields.
func readNewEvent(f web.Fields) (festival.Event, error) {
	var e festival.Event
	for _, name := range festival.EventFields {
		v, ok, err := eventValue(f, name)
		if err != nil {
			return e, err
		}
		if !ok {
			return e, apperr.E(apperr.Invalid, texts.AllFieldsFilled)
		}
		if err := e.Set(name, v); err != nil {
			return e, festival.Refused(err)
		}
	}
	return e, nil
}

// readEventPatch reads a PUT /events/:id body: the fields sent, none blank,
// at least one.
func readEventPatch(f web.Fields) (catalog.EventPatch, error) {
	var p catalog.EventPatch
	slots := map[string]**string{
		"name": &p.Name, "description": &p.Description, "start_date": &p.StartDate,
		"end_date": &p.EndDate, "location": &p.Location, "event_type": &p.EventType,
	}
	sent := 0
	for _, name := range festival.EventFields {
		if !f.Has(name) {
			continue
		}
		v, ok, err := eventValue(f, name)
		if err != nil {
			return p, err
		}
		if !ok {
			return p, apperr.Ef(apperr.Invalid, texts.FieldEmpty, name)
		}
		*slots[name] = &v
		sent++
	}
	if sent == 0 {
		return p, apperr.E(apperr.Invalid, texts.EventNothingToApply)
	}
	return p, nil
}
