package catalog

import (
	"context"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// categoryName is a category's name with its spaces folded; a blank one is
// the name the API asks for.
func categoryName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return "", apperr.E(apperr.Invalid, texts.CategoryName)
	}
	return name, festival.Refused(festival.CheckCategoryName(name))
}

// Categories lists categories.
func (s *Service) Categories(ctx context.Context, p festival.Page) ([]festival.Category, string, error) {
	return s.store.Categories.ListCategories(ctx, p)
}

// CreateCategory creates a category {name}; 409 when the name is taken
// (letter case and spacing aside).
func (s *Service) CreateCategory(ctx context.Context, c festival.Actor, name string) (festival.Category, error) {
	name, err := categoryName(name)
	if err != nil {
		return festival.Category{}, err
	}
	cat, err := s.store.Categories.CreateCategory(ctx, c, name)
	return cat, storeErr(err, categoryOutcomes)
}

// RenameCategory renames a category {name}, in its films too.
func (s *Service) RenameCategory(ctx context.Context, c festival.Actor, id int64, name string) (festival.Category, error) {
	name, err := categoryName(name)
	if err != nil {
		return festival.Category{}, err
	}
	cat, err := s.store.Categories.RenameCategory(ctx, c, id, name)
	return cat, storeErr(err, categoryOutcomes)
}

// DeleteCategory deletes a category after unlinking it from its films.
func (s *Service) DeleteCategory(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.Categories.DeleteCategory(ctx, c, id)
	return storeErr(err, categoryOutcomes)
}
