package voting

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Normalised results and their uncertainty (docs/decisions.md, "Normalised
// results"):
//
//   - Each juror's scores are turned into z-scores against that juror's own
//     mean and spread over the votes being ranked, so a juror who scores
//     everything 3 and one who scores everything 8 weigh alike. A juror with
//     one vote, or the same score everywhere, tells nothing about order: their
//     z-scores are 0.
//   - A film's normalised score is the mean of its z-scores; films are ranked
//     on it as on the raw mean (same tie-breaks).
//   - Each rank gets a 95% interval by bootstrapping jurors: the jury is drawn
//     again with replacement bootstrapRounds times (a fixed seed, so the same
//     votes always give the same intervals), the films are ranked on each
//     drawn jury, and the interval runs from the 2.5th to the 97.5th
//     percentile of the ranks a film got. A narrow interval is a place the
//     votes decide; a wide one is a coin toss.

// bootstrapRounds is how many juries are drawn for the intervals.
const bootstrapRounds = 1000

type cast struct {
	movie int64
	score float64
	z     float64
}

// zScores groups the votes on ranked films by juror, each with its z-score.
func zScores(votes []festival.Vote, ranked map[int64]bool) map[int64][]cast {
	byJuror := map[int64][]cast{}
	for _, v := range votes {
		if ranked[v.MovieID] {
			byJuror[v.UserID] = append(byJuror[v.UserID], cast{movie: v.MovieID, score: v.Score.Float64()})
		}
	}
	for u, cs := range byJuror {
		mean := 0.0
		for _, c := range cs {
			mean += c.score
		}
		mean /= float64(len(cs))
		sq := 0.0
		for _, c := range cs {
			sq += (c.score - mean) * (c.score - mean)
		}
		sd := math.Sqrt(sq / float64(len(cs)))
		for i := range cs {
			if sd > 1e-9 {
				cs[i].z = (cs[i].score - mean) / sd
			}
		}
		byJuror[u] = cs
	}
	return byJuror
}

// tally is a film's sums on one jury.
type tally struct {
	id             int64
	sum, zsum      float64
	n, candidates  int
	mean, normMean float64
}

// order ranks tallies best first on key: a higher key, then more votes, then
// more candidate flags, then the older film (the raw ranking's tie-breaks).
func order(ts []*tally, key func(*tally) float64) {
	slices.SortStableFunc(ts, func(a, b *tally) int {
		return cmp.Or(cmp.Compare(key(b), key(a)), cmp.Compare(b.n, a.n), cmp.Compare(b.candidates, a.candidates), cmp.Compare(a.id, b.id))
	})
}

// normalise adds the normalised score and rank, and the rank intervals, to
// the ranked results (those with votes).
func normalise(out []MovieResult, votes []festival.Vote) {
	ranked := map[int64]bool{}
	flags := map[int64]int{}
	for _, r := range out {
		if r.VoteCount > 0 {
			ranked[r.MovieID] = true
			flags[r.MovieID] = r.CandidateFlags
		}
	}
	if len(ranked) == 0 {
		return
	}
	byJuror := zScores(votes, ranked)
	jurors := make([]int64, 0, len(byJuror))
	for u := range byJuror {
		jurors = append(jurors, u)
	}
	slices.Sort(jurors)

	// rankOn sums a jury's casts per film and ranks the films it voted on.
	rankOn := func(jury []int64) (raw, norm map[int64]int, tallies map[int64]*tally) {
		tallies = map[int64]*tally{}
		for _, u := range jury {
			for _, c := range byJuror[u] {
				t := tallies[c.movie]
				if t == nil {
					t = &tally{id: c.movie, candidates: flags[c.movie]}
					tallies[c.movie] = t
				}
				t.sum, t.zsum, t.n = t.sum+c.score, t.zsum+c.z, t.n+1
			}
		}
		ts := make([]*tally, 0, len(tallies))
		for _, t := range tallies {
			t.mean, t.normMean = t.sum/float64(t.n), t.zsum/float64(t.n)
			ts = append(ts, t)
		}
		raw, norm = map[int64]int{}, map[int64]int{}
		order(ts, func(t *tally) float64 { return t.mean })
		for i, t := range ts {
			raw[t.id] = i + 1
		}
		order(ts, func(t *tally) float64 { return t.normMean })
		for i, t := range ts {
			norm[t.id] = i + 1
		}
		return raw, norm, tallies
	}

	_, norm, tallies := rankOn(jurors)
	rng := rand.New(rand.NewPCG(2026, 11))
	rawDraws, normDraws := map[int64][]int{}, map[int64][]int{}
	drawn := make([]int64, len(jurors))
	for range bootstrapRounds {
		for i := range drawn {
			drawn[i] = jurors[rng.IntN(len(jurors))]
		}
		raw, nrm, _ := rankOn(drawn)
		for id, r := range raw {
			rawDraws[id] = append(rawDraws[id], r)
			normDraws[id] = append(normDraws[id], nrm[id])
		}
	}
	for i := range out {
		r := &out[i]
		if !ranked[r.MovieID] {
			continue
		}
		r.NormalizedMean = round2(tallies[r.MovieID].normMean)
		n := norm[r.MovieID]
		r.NormalizedRank = &n
		r.RankLow, r.RankHigh = interval(rawDraws[r.MovieID])
		r.NormalizedRankLow, r.NormalizedRankHigh = interval(normDraws[r.MovieID])
	}
}

// interval is the 2.5th and 97.5th percentiles of ranks (nearest rank);
// nil when the film was never ranked on a drawn jury.
func interval(ranks []int) (lo, hi *int) {
	if len(ranks) == 0 {
		return nil, nil
	}
	slices.Sort(ranks)
	l := ranks[int(math.Floor(0.025*float64(len(ranks))))]
	h := ranks[int(math.Ceil(0.975*float64(len(ranks))))-1]
	return &l, &h
}
