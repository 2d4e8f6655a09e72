package catalog

import (
	"context"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// CreateAward gives a film an award.
func (s *Service) CreateAward(ctx context.Context, c festival.Actor, movieID int64, name string) (festival.Award, error) {
	name = strings.TrimSpace(name)
	if movieID <= 0 || name == "" {
		return festival.Award{}, apperr.E(apperr.Invalid, texts.AwardFields)
	}
	if err := festival.CheckAwardName(name); err != nil {
		return festival.Award{}, festival.Refused(err)
	}
	a, err := s.store.Awards.CreateAward(ctx, c, movieID, name)
	return a, festival.RefusedAs(apperr.Conflict, storeErr(err, outcomes{notFound: texts.MovieNotFound}))
}

// Awards lists awards.
func (s *Service) Awards(ctx context.Context, p festival.Page) ([]festival.Award, string, error) {
	return s.store.Awards.ListAwards(ctx, p)
}

// DeleteAward withdraws an award.
func (s *Service) DeleteAward(ctx context.Context, c festival.Actor, id int64) error {
	_, err := s.store.Awards.DeleteAward(ctx, c, id)
	return storeErr(err, outcomes{notFound: texts.AwardNotFound})
}
