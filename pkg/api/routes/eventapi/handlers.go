package eventapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// CreatedBody is the answer of POST /events, both when it creates (201) and
// when the name exists (200, the existing event).
type CreatedBody struct {
	Message  string         `json:"message"`
	NewEvent festival.Event `json:"newEvent"`
}

// UpdatedBody is the answer of PUT /events/:id.
type UpdatedBody struct {
	Message      string         `json:"message"`
	UpdatedEvent festival.Event `json:"updatedEvent"`
}

// eventID reads the {id} of an event route: anything but a positive integer
// answers "ID manquant dans l'URL", as a missing one does.
func eventID(r *http.Request) (int64, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, apperr.E(apperr.Invalid, texts.MissingID)
	}
	return id, nil
}

func (h *Handler) list(r *http.Request) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Event, string, error) { return h.catalog.Events(r.Context(), p) })
}

func (h *Handler) get(r *http.Request) (int, any, error) {
	id, err := eventID(r)
	if err != nil {
		return 0, nil, err
	}
	e, err := h.catalog.Event(r.Context(), id)
	return http.StatusOK, e, err
}

// create answers 201 with the new event, or 200 with the one of that name.
func (h *Handler) create(r *http.Request, c festival.Actor) (int, any, error) {
	in, err := web.Read(r, texts.AllFieldsFilled, readNewEvent)
	if err != nil {
		return 0, nil, err
	}
	e, created, err := h.catalog.CreateEvent(r.Context(), c, in)
	if !created {
		return http.StatusOK, CreatedBody{Message: web.Say(r, texts.EventExists), NewEvent: e}, err
	}
	return http.StatusCreated, CreatedBody{Message: web.Say(r, texts.EventCreated), NewEvent: e}, err
}

func (h *Handler) update(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := eventID(r)
	if err != nil {
		return 0, nil, err
	}
	patch, err := web.Read(r, texts.EventNothingToApply, readEventPatch)
	if err != nil {
		return 0, nil, err
	}
	e, err := h.catalog.UpdateEvent(r.Context(), c, id, patch)
	return http.StatusOK, UpdatedBody{Message: web.Say(r, texts.EventUpdated), UpdatedEvent: e}, err
}

func (h *Handler) missingID(*http.Request, festival.Actor) (int, any, error) {
	return 0, nil, apperr.E(apperr.Invalid, texts.MissingID)
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := eventID(r)
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.EventDeleted, h.catalog.DeleteEvent(r.Context(), c, id))
}
