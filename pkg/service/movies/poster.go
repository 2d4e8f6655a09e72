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
	m, st, err := s.films.GetMovieAndSettings(ctx, id)
	if err != nil {
		return "", storeErr(err)
	}
	// The film as c reads it: a film c may not read is not found, whatever
	// its pictures.
	seen := st.In(texts.LangOf(ctx)).FilmsFor(c, []festival.Movie{m}, s.now())
	if len(seen) == 0 {
		return "", apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	name := seen[0].CardPicture()
	if name == "" {
		return "", apperr.E(apperr.NotFound, texts.PosterNone)
	}
	url, _, err := s.files.PresignGet(ctx, files.Key(id, name))
	return url, err
}
