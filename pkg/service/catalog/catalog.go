// Package catalog is the business of the festival's admin-managed records:
// categories, festival events and awards. It checks values and turns store
// outcomes into the API's answers; the store makes names unique and writes
// every change with its audit entry.
package catalog

import (
	"errors"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Service runs the category, event and award operations.
type Service struct {
	store Stores
}

// New returns the catalog service.
func New(st Stores) *Service { return &Service{store: st} }

// outcomes word the store's outcomes for one kind of record.
type outcomes struct {
	notFound  texts.Key // the record is not there
	nameTaken texts.Key // another record has the name
	conflict  texts.Key // changed or deleted meanwhile
}

var (
	categoryOutcomes = outcomes{texts.CategoryNotFound, texts.CategoryTaken,
		texts.CategoryChangedMeanwhile}
	eventOutcomes = outcomes{notFound: texts.EventNotFound, nameTaken: texts.EventTaken}
)

// storeErr is the service's one translation of the store's outcomes into the
// API's answers.
func storeErr(err error, o outcomes) error {
	switch {
	case errors.Is(err, festival.ErrNotFound) && o.notFound != "":
		return apperr.E(apperr.NotFound, o.notFound)
	case errors.Is(err, festival.ErrNameTaken) && o.nameTaken != "":
		return apperr.E(apperr.Conflict, o.nameTaken)
	case errors.Is(err, festival.ErrConflict) && o.conflict != "":
		return apperr.E(apperr.Conflict, o.conflict)
	}
	return err
}
