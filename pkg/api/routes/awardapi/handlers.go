package awardapi

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// CreatedBody is the answer of POST /awards.
type CreatedBody struct {
	Message string         `json:"message"`
	Award   festival.Award `json:"award"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	web.List(w, r, func(p festival.Page) ([]festival.Award, string, error) { return h.catalog.Awards(r.Context(), p) })
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		err = apperr.E(apperr.Invalid, catalog.MsgAwardFields)
	}
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	a, err := h.catalog.CreateAward(r.Context(), c, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusCreated, CreatedBody{Message: catalog.MsgAwardCreated, Award: a})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, web.IDFrom("id"), catalog.MsgAwardDeleted, func(id int64) error { return h.catalog.DeleteAward(r.Context(), c, id) })
}
