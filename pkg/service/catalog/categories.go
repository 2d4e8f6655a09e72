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

// Texts of the category operations.
const (
	MsgCategoryCreated  = "Catégorie créée"
	MsgCategoryUpdated  = "Catégorie mise à jour"
	MsgCategoryDeleted  = "Catégorie supprimée"
	MsgCategoryNotFound = "Catégorie non trouvée"
	MsgCategoryName     = "Le champ name (nom de la catégorie) est requis"
	MsgCategoryTaken    = "Une catégorie porte déjà ce nom"
)

func categoryName(f web.Fields) (string, error) {
	s, ok, err := f.String("name")
	if err != nil {
		return "", err
	}
	s = strings.Join(strings.Fields(s), " ")
	if !ok || s == "" {
		return "", apperr.E(apperr.Invalid, MsgCategoryName)
	}
	if err := festival.CheckCategoryName(s); err != nil {
		return "", invalid(err)
	}
	return s, nil
}

func categoryErr(err error) error {
	switch {
	case errors.Is(err, dynamo.ErrNotFound):
		return apperr.E(apperr.NotFound, MsgCategoryNotFound)
	case errors.Is(err, dynamo.ErrNameTaken):
		return apperr.E(apperr.Conflict, MsgCategoryTaken)
	case errors.Is(err, dynamo.ErrConflict):
		return apperr.E(apperr.Conflict, "La catégorie a été modifiée ou supprimée en même temps : rechargez-la et réessayez")
	}
	return err
}

// Categories lists categories.
func (s *Service) Categories(ctx context.Context, p dynamo.Page) ([]festival.Category, string, error) {
	return s.store.ListCategories(ctx, p)
}

// CreateCategory creates a category {name}; 409 when the name is taken
// (letter case and spacing aside).
func (s *Service) CreateCategory(ctx context.Context, c festival.Actor, f web.Fields) (festival.Category, error) {
	name, err := categoryName(f)
	if err != nil {
		return festival.Category{}, err
	}
	cat, err := s.store.CreateCategory(ctx, c, name)
	return cat, categoryErr(err)
}

// RenameCategory renames a category {name}, in its films too.
func (s *Service) RenameCategory(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Category, error) {
	name, err := categoryName(f)
	if err != nil {
		return festival.Category{}, err
	}
	cat, err := s.store.RenameCategory(ctx, c, id, name)
	return cat, categoryErr(err)
}

// DeleteCategory deletes a category after unlinking it from its films.
func (s *Service) DeleteCategory(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.DeleteCategory(ctx, c, id)
	return categoryErr(err)
}
