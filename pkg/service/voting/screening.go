package voting

import (
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// checkWatched is the proof-of-viewing rule (min_watched_share) on a vote's
// ground: for a film that streams, the server's count of the keys the
// voter's player fetched; for one that does not (yet), the stretches their
// player reported.
func (s *Service) checkWatched(g festival.VoteGround) error {
	if st := g.Movie.Stream; st != nil {
		return g.Settings.CheckServerWatched(festival.ServerCount(*st, g.Keys, g.KeysIssued, s.now()))
	}
	return g.Settings.CheckWatched(g.Viewing, g.Movie.Duration)
}

// ServerShares sets, on results of films that stream, each vote's
// server_share and the film's server_share_min, at now, from the jurors'
// key logs (watches, read with the viewings: no request per film).
func ServerShares(results []MovieResult, movies []festival.MovieFacts, watches []festival.Watch, now time.Time) {
	streams := map[int64]*festival.Streaming{}
	for _, m := range movies {
		if m.Stream != nil {
			streams[m.ID] = m.Stream
		}
	}
	logs := map[[2]int64]festival.Watch{}
	for _, w := range watches {
		logs[[2]int64{w.MovieID, w.UserID}] = w
	}
	for i := range results {
		r := &results[i]
		st := streams[r.MovieID]
		if st == nil {
			continue
		}
		for j := range r.Watched {
			w := logs[[2]int64{r.MovieID, r.Watched[j].UserID}]
			share := festival.ServerCount(*st, w.Keys, w.KeysIssued, now).Share
			r.Watched[j].ServerShare = &share
			if r.ServerShareMin == nil || share < *r.ServerShareMin {
				r.ServerShareMin = &share
			}
		}
	}
}
