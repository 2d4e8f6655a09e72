// Package editions runs the festival's editions: which there are, and
// starting the next one (docs/editions.md). Reaching an archived edition is
// the edge's (?edition=, pkg/api/web) and the stores'.
package editions

import (
	"context"
	"errors"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Store is the editions' store. StartEdition refuses with
// festival.ErrEditionID, ErrEditionName, ErrEditionExists,
// ErrEditionStarting, and festival.ErrConflict when the editions or the
// settings changed meanwhile (nothing switched: the same request finishes it).
type Store interface {
	ListEditions(ctx context.Context) (festival.EditionList, error)
	StartEdition(ctx context.Context, actor festival.Actor, n festival.NextEdition) (festival.Edition, error)
}

// Service runs the editions.
type Service struct{ store Store }

// New returns the editions' service.
func New(st Store) *Service { return &Service{store: st} }

// List returns the editions, newest first, and the current one's id.
func (s *Service) List(ctx context.Context) (festival.EditionList, error) {
	return s.store.ListEditions(ctx)
}

// Start archives the current edition and starts n, current at once.
func (s *Service) Start(ctx context.Context, actor festival.Actor, n festival.NextEdition) (festival.Edition, error) {
	if err := festival.CheckNextEdition(n, nil); err != nil {
		return festival.Edition{}, storeErr(err, n)
	}
	e, err := s.store.StartEdition(ctx, actor, n)
	return e, storeErr(err, n)
}

// storeErr turns the store's refusals into the API's answers.
func storeErr(err error, n festival.NextEdition) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, festival.ErrEditionID):
		return apperr.E(apperr.Invalid, texts.EditionIDRequired)
	case errors.Is(err, festival.ErrEditionName):
		return apperr.E(apperr.Invalid, texts.EditionNameLength)
	case errors.Is(err, festival.ErrEditionExists):
		return apperr.Ef(apperr.Conflict, texts.EditionExists, n.ID)
	case errors.Is(err, festival.ErrEditionStarting):
		return apperr.E(apperr.Conflict, texts.EditionStarting)
	case errors.Is(err, festival.ErrConflict):
		return apperr.E(apperr.Conflict, texts.EditionChanged)
	}
	return err
}
