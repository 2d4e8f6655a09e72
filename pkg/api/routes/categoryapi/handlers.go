package categoryapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
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

func (h *Handler) list(r *http.Request) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Category, string, error) {
		return h.catalog.Categories(r.Context(), p)
	})
}

func (h *Handler) create(r *http.Request, c festival.Actor) (int, any, error) {
	name, err := readName(r)
	if err != nil {
		return 0, nil, err
	}
	cat, err := h.catalog.CreateCategory(r.Context(), c, name)
	return http.StatusCreated, CreatedBody{Message: web.Say(r, texts.CategoryCreated), NewCategory: cat}, err
}

func (h *Handler) update(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, nil, err
	}
	name, err := readName(r)
	if err != nil {
		return 0, nil, err
	}
	cat, err := h.catalog.RenameCategory(r.Context(), c, id, name)
	return http.StatusOK, UpdatedBody{Message: web.Say(r, texts.CategoryUpdated), UpdatedCategory: cat}, err
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.CategoryDeleted, h.catalog.DeleteCategory(r.Context(), c, id))
}

// readName reads the body {name} of a create or a rename.
func readName(r *http.Request) (string, error) {
	return web.Read(r, texts.CategoryName, func(f web.Fields) (string, error) {
		name, _, err := f.String("name")
		return name, err
	})
}
