package voting

import (
	"strconv"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func by(juror, movie int64, score float64) festival.Vote {
	return festival.Vote{UserID: juror, MovieID: movie, Score: festival.MustDecimal(strconv.FormatFloat(score, 'f', -1, 64))}
}

func results(t *testing.T, movies int, votes []festival.Vote) map[int64]MovieResult {
	t.Helper()
	var facts []festival.MovieFacts
	for id := range movies {
		facts = append(facts, festival.MovieFacts{ID: int64(id + 1)})
	}
	out := map[int64]MovieResult{}
	for _, r := range Aggregate(facts, votes, nil, 0) {
		out[r.MovieID] = r
	}
	return out
}

// TestAGenerousJurorNoLongerDecidesTheRankOnceScoresAreNormalised, checked by
// hand: a harsh juror H (6 for film 1, 2 for film 3: mean 4, spread 2, so z =
// +1 and -1), a generous one G (9 for film 2, 8 for film 3: mean 8.5, spread
// 0.5, z = +1 and -1) and M who gives 7 to both films 1 and 2 (no spread: z =
// 0). Raw means: film 2 8, film 1 6.5, film 3 5. Normalised: films 1 and 2
// 0.5 each (the tie goes to the older film), film 3 -1.
func TestAGenerousJurorNoLongerDecidesTheRankOnceScoresAreNormalised(t *testing.T) {
	t.Parallel()
	const h, g, m = 1, 2, 3
	got := results(t, 3, []festival.Vote{by(h, 1, 6), by(h, 3, 2), by(g, 2, 9), by(g, 3, 8), by(m, 1, 7), by(m, 2, 7)})
	for id, want := range map[int64]struct {
		rank, normRank int
		norm           float64
	}{1: {2, 1, 0.5}, 2: {1, 2, 0.5}, 3: {3, 3, -1}} {
		r := got[id]
		if *r.Rank != want.rank || *r.NormalizedRank != want.normRank || *r.NormalizedMean != want.norm {
			t.Errorf("film %d: rank %d, normalised %v rank %d; want %d, %v, %d", id, *r.Rank, *r.NormalizedMean, *r.NormalizedRank, want.rank, want.norm, want.normRank)
		}
		if *r.RankLow > *r.Rank || *r.RankHigh < *r.Rank || *r.NormalizedRankLow > *r.NormalizedRank || *r.NormalizedRankHigh < *r.NormalizedRank {
			t.Errorf("film %d: intervals [%d, %d] and [%d, %d] leave out its ranks", id, *r.RankLow, *r.RankHigh, *r.NormalizedRankLow, *r.NormalizedRankHigh)
		}
	}
	// Three jurors who each saw two films decide no place: a jury drawn as G,
	// M, M puts film 3 first (8 against 7.67 and 7), one drawn as H, H, G puts
	// it last (4 against 6 and 9).
	if r := got[3]; *r.RankLow != 1 || *r.RankHigh != 3 {
		t.Errorf("film 3's raw rank interval [%d, %d], want [1, 3]", *r.RankLow, *r.RankHigh)
	}
}

// TestUnanimousJurorsDecideEveryPlace: three jurors who order three films
// alike, on their own scales (8 6 4; 3 2 1; 10 10 9), give intervals of one
// place each, and the same order raw and normalised.
func TestUnanimousJurorsDecideEveryPlace(t *testing.T) {
	t.Parallel()
	got := results(t, 3, []festival.Vote{
		by(1, 1, 8), by(1, 2, 6), by(1, 3, 4),
		by(2, 1, 3), by(2, 2, 2), by(2, 3, 1),
		by(3, 1, 10), by(3, 2, 10), by(3, 3, 9),
	})
	// Normalised by hand: juror 1 z = ±1.22, 0; juror 2 the same; juror 3
	// (mean 9.67, spread 0.47) z = 0.71, 0.71, -1.41.
	for id, norm := range map[int64]float64{1: 1.05, 2: 0.24, 3: -1.29} {
		r := got[id]
		if *r.NormalizedMean != norm || *r.Rank != int(id) || *r.NormalizedRank != int(id) {
			t.Errorf("film %d: normalised %v rank %d/%d, want %v and rank %d", id, *r.NormalizedMean, *r.Rank, *r.NormalizedRank, norm, id)
		}
		if *r.RankLow != int(id) || *r.RankHigh != int(id) || *r.NormalizedRankLow != int(id) || *r.NormalizedRankHigh != int(id) {
			t.Errorf("film %d: intervals [%d, %d] [%d, %d], want the place itself", id, *r.RankLow, *r.RankHigh, *r.NormalizedRankLow, *r.NormalizedRankHigh)
		}
	}
}

func TestAFilmWithoutVotesHasNoNormalisedScoreNorInterval(t *testing.T) {
	t.Parallel()
	got := results(t, 2, []festival.Vote{by(1, 1, 5)})
	if r := got[2]; r.NormalizedMean != nil || r.RankLow != nil || r.NormalizedRank != nil {
		t.Errorf("film without votes: %+v", r)
	}
	if r := got[1]; *r.NormalizedMean != 0 || *r.RankLow != 1 || *r.RankHigh != 1 {
		t.Errorf("one juror, one vote: %+v", r)
	}
}
