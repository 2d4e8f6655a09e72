package awardapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// CreatedBody is the answer of POST /awards.
type CreatedBody struct {
	Message string         `json:"message"`
	Award   festival.Award `json:"award"`
}

func (h *Handler) list(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Award, string, error) { return h.catalog.Awards(r.Context(), p) })
}

func (h *Handler) create(r *http.Request, c festival.Actor) (int, any, error) {
	f, err := web.Body(r, texts.AwardFields)
	if err != nil {
		return 0, nil, err
	}
	// {id_movie, name}: a wrong type is the same 400 as a missing field.
	var movieID int64
	if ok, err := f.Decode("id_movie", &movieID); err != nil || !ok || movieID <= 0 {
		return 0, nil, apperr.E(apperr.Invalid, texts.AwardFields)
	}
	name, _, err := f.String("name")
	if err != nil {
		return 0, nil, err
	}
	a, err := h.catalog.CreateAward(r.Context(), c, movieID, name)
	return http.StatusCreated, CreatedBody{Message: web.Say(r, texts.AwardCreated), Award: a}, err
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.AwardDeleted, h.catalog.DeleteAward(r.Context(), c, id))
}
