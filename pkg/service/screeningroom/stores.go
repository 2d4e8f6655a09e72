package screeningroom

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// The stores the screening room consumes (pkg/app wires the DynamoDB store
// and the bucket into them).

// Films reads a film whole (its jury, its owner, its media).
type Films interface {
	GetMovie(ctx context.Context, id int64) (festival.Movie, error)
}

// Watches records what jury members open and the keys their players fetch.
type Watches interface {
	// RecordWatch counts a film as opened by a jury member (once).
	RecordWatch(ctx context.Context, movieID, userID int64) error
	// RecordKeyFetch logs one key served to a jury member (bounded per
	// minute) and returns their watch of the film.
	RecordKeyFetch(ctx context.Context, movieID, userID int64, minute int, at time.Time) (festival.Watch, error)
}

// Bucket presigns GET URLs of the bucket's objects (segments, subtitles).
type Bucket interface {
	PresignGet(ctx context.Context, key string) (url string, expires time.Time, err error)
}
