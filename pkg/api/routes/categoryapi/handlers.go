package categoryapi

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// CreatedBody is the answer of POST /categories.
type CreatedBody struct {
	Message     string            `json:"message"`
	NewCategory festival.Category `json:"newCategory"`
}

// UpdatedBody is the answer of PUT /categories/:id.
type UpdatedBody struct {
	Message         string            `json:"message"`
	UpdatedCategory festival.Category `json:"updatedCategory"`
}

func readBody(r *http.Request) (web.Fields, error) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		return nil, apperr.E(apperr.Invalid, catalog.MsgCategoryName)
	}
	return f, err
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	web.List(w, r, func(p festival.Page) ([]festival.Category, string, error) {
		return h.catalog.Categories(r.Context(), p)
	})
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	f, err := readBody(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	cat, err := h.catalog.CreateCategory(r.Context(), c, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusCreated, CreatedBody{Message: catalog.MsgCategoryCreated, NewCategory: cat})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	id, err := web.PathID(r, "id")
	if err != nil {
		web.Error(w, r, err)
		return
	}
	f, err := readBody(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	cat, err := h.catalog.RenameCategory(r.Context(), c, id, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, UpdatedBody{Message: catalog.MsgCategoryUpdated, UpdatedCategory: cat})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, web.IDFrom("id"), catalog.MsgCategoryDeleted, func(id int64) error { return h.catalog.DeleteCategory(r.Context(), c, id) })
}
