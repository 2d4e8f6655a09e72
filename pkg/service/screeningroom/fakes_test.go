package screeningroom

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// fakeFilms holds film 1, assigned to jury member 7, streaming 2 minutes
// in one rendition.
type fakeFilms struct{}

func (fakeFilms) GetMovie(_ context.Context, id int64) (festival.Movie, error) {
	if id != 1 {
		return festival.Movie{}, festival.ErrNotFound
	}
	segments := make([]float64, 20)
	for i := range segments {
		segments[i] = 6
	}
	return festival.Movie{ID: 1, OwnerID: 2, Juries: []festival.Jury{{ID: 7}}, Media: &festival.FilmMedia{
		State: festival.MediaReady, Streaming: &festival.Streaming{Version: 1, SegmentSeconds: 6, Segments: segments,
			Renditions: []festival.Rendition{{Name: "360p", Width: 640, Height: 360, Bandwidth: 985600}}},
	}}, nil
}

type fakeWatches struct{}

func (fakeWatches) RecordWatch(context.Context, int64, int64) error { return nil }
func (fakeWatches) RecordKeyFetch(_ context.Context, movieID, userID int64, minute int, at time.Time) (festival.Watch, error) {
	return festival.Watch{MovieID: movieID, UserID: userID, Keys: []festival.KeyFetch{{Minute: minute, At: at}}, KeysIssued: 1}, nil
}

type fakeBucket struct{}

func (fakeBucket) PresignGet(_ context.Context, key string) (string, time.Time, error) {
	return "https://bucket.example/" + key, time.Now().Add(15 * time.Minute), nil
}
