package eventapi

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
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
		return 0, apperr.E(apperr.Invalid, catalog.MsgMissingID)
	}
	return id, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	web.List(w, r, func(p festival.Page) ([]festival.Event, string, error) { return h.catalog.Events(r.Context(), p) })
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id, err := eventID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	e, err := h.catalog.Event(r.Context(), id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, e)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		err = apperr.E(apperr.Invalid, catalog.MsgAllFields)
	}
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	e, created, err := h.catalog.CreateEvent(r.Context(), c, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	if !created {
		web.JSON(w, http.StatusOK, CreatedBody{Message: catalog.MsgEventExists, NewEvent: e})
		return
	}
	web.JSON(w, http.StatusCreated, CreatedBody{Message: catalog.MsgEventCreated, NewEvent: e})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	id, err := eventID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		err = apperr.E(apperr.Invalid, catalog.MsgNothingToApply)
	}
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	e, err := h.catalog.UpdateEvent(r.Context(), c, id, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, UpdatedBody{Message: catalog.MsgEventUpdated, UpdatedEvent: e})
}

func (h *Handler) missingID(w http.ResponseWriter, r *http.Request) {
	web.Error(w, r, apperr.E(apperr.Invalid, catalog.MsgMissingID))
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, eventID, catalog.MsgEventDeleted, func(id int64) error { return h.catalog.DeleteEvent(r.Context(), c, id) })
}
