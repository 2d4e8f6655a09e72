package voting

import (
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestServerSharesSitBesideTheVotesOfFilmsThatStreamOnly(t *testing.T) {
	now := time.Date(2026, 5, 14, 20, 0, 0, 0, time.UTC)
	st := &festival.Streaming{Segments: []float64{60, 60, 60, 60}} // 4 minutes
	movies := []festival.MovieFacts{{ID: 1, Stream: st}, {ID: 2}}
	votes := []festival.Vote{{MovieID: 1, UserID: 7, Score: festival.MustDecimal("8")}, {MovieID: 1, UserID: 8, Score: festival.MustDecimal("6")}, {MovieID: 2, UserID: 7, Score: festival.MustDecimal("5")}}
	paced := []festival.KeyFetch{{Minute: 0, At: now.Add(-5 * time.Minute)}, {Minute: 1, At: now.Add(-4 * time.Minute)}, {Minute: 2, At: now.Add(-3 * time.Minute)}}
	watches := []festival.Watch{{MovieID: 1, UserID: 7, Keys: paced, KeysIssued: 3}}
	res := Aggregate(movies, votes, nil, 0)
	ServerShares(res, movies, watches, now)
	byFilm := map[int64]MovieResult{}
	for _, r := range res {
		byFilm[r.MovieID] = r
	}
	one, two := byFilm[1], byFilm[2]
	if len(one.Watched) != 2 || one.Watched[0].ServerShare == nil || *one.Watched[0].ServerShare != 75 ||
		one.Watched[1].ServerShare == nil || *one.Watched[1].ServerShare != 0 || one.ServerShareMin == nil || *one.ServerShareMin != 0 {
		t.Errorf("film 1 (streams): %+v", one)
	}
	if two.Watched[0].ServerShare != nil || two.ServerShareMin != nil {
		t.Errorf("film 2 (does not stream): %+v", two)
	}
}
