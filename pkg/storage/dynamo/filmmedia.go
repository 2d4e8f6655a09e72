package dynamo

import "github.com/festivalapi/festival/pkg/domain/festival"

// storedMedia is a film's media as stored (the film item's `media` map):
// festival.Time has no DynamoDB form (it would be written as an empty map
// and read back as no time), so updatedAt is stored as its string, which
// shadows the embedded field of the same name.
type storedMedia struct {
	festival.FilmMedia
	UpdatedAt string `dynamodbav:"updatedAt"`
}

func toStoredMedia(m *festival.FilmMedia) *storedMedia {
	if m == nil {
		return nil
	}
	return &storedMedia{FilmMedia: *m, UpdatedAt: m.UpdatedAt.String()}
}

func (s *storedMedia) media() *festival.FilmMedia {
	if s == nil {
		return nil
	}
	m := s.FilmMedia
	m.UpdatedAt, _ = festival.ParseTime(s.UpdatedAt)
	return &m
}
