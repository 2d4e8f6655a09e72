package movies

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// PosterURL is a short-lived link to the picture a card shows for film id
// (festival.Movie.CardPicture), for anyone who may read the film: the
// public cards (selection, palmarès) show it, and the bucket stays
// private. One read (the film and the settings), one presign.
func (s *Service) PosterURL(ctx context.Context, c festival.Actor, id int64) (string, error) {
	// The film as c reads it: a film c may not read is not found, whatever
	// its pictures.
	m, _, err := s.readable(ctx, c, id, s.now())
	if err != nil {
		return "", err
	}
	name := m.CardPicture()
	if name == "" {
		return "", apperr.E(apperr.NotFound, texts.PosterNone)
	}
	url, _, err := s.files.PresignGet(ctx, files.Key(id, name))
	return url, err
}
