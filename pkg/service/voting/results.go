package voting

import (
	"cmp"
	"context"
	"encoding/csv"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// FilmResult is one film's line of the jury results.
type MovieResult struct {
	// Rank is the film's place (1 = best); null for a film without votes,
	// which is listed after the ranked ones.
	Rank            *int                     `json:"rank"`
	MovieID         int64                    `json:"id_movie"`
	Title           string                   `json:"title"`
	SelectionStatus festival.SelectionStatus `json:"selection_status"`
	Categories      []festival.MovieCategory `json:"Categories"`
	VoteCount       int                      `json:"vote_count"`
	// Mean, Min, Max and Spread (population standard deviation) of the
	// scores, rounded to 2 decimals; null without votes.
	Mean           *float64 `json:"mean"`
	Min            *float64 `json:"min"`
	Max            *float64 `json:"max"`
	Spread         *float64 `json:"spread"`
	CandidateFlags int      `json:"candidate_flags"`
	// RankLow and RankHigh bound the rank at 95% (bootstrap over jurors);
	// NormalizedMean is the mean of the jurors' z-scores, NormalizedRank the
	// rank on it, with its own interval (normalise.go). Null without votes.
	RankLow            *int     `json:"rank_low"`
	RankHigh           *int     `json:"rank_high"`
	NormalizedMean     *float64 `json:"normalized_mean"`
	NormalizedRank     *int     `json:"normalized_rank"`
	NormalizedRankLow  *int     `json:"normalized_rank_low"`
	NormalizedRankHigh *int     `json:"normalized_rank_high"`
	// Watched is each vote's score beside the share of the film its juror
	// played (proof of viewing), in user id order; WatchedShareMin is the
	// lowest of those shares, null when none is known (no votes, or a film
	// without a duration).
	Watched         []VoteWatched `json:"watched"`
	WatchedShareMin *float64      `json:"watched_share_min"`
	// ServerShareMin is the lowest of the votes' server_share: null while
	// the film does not stream (ServerShares).
	ServerShareMin *float64 `json:"server_share_min"`

	mean float64 // unrounded, for the ranking
}

// VoteWatched is one vote of a film's results with what its juror watched:
// the percent of the film played (null when the film's duration is not
// known; 0 when the juror never played it).
type VoteWatched struct {
	UserID       int64    `json:"id_user"`
	Score        float64  `json:"score"`
	WatchedShare *float64 `json:"watched_share"`
	// ServerShare is the server's count of the film's minutes the juror
	// watched (their key fetches), percent; null while it does not stream.
	ServerShare *float64 `json:"server_share"`
}

// Viewings are the stretches each juror played of each film.
type Viewings map[[2]int64][]festival.Span // {film, juror}

// Results computes the jury results of every film, or of the films of one
// category (categoryID > 0), ranked. It reads all votes (GSI1 VOTES) and all
// films (GSI1 MOVIES, projected) page by page and aggregates in memory: the
// number of requests grows with the data's size in MB, not with the number
// of films.
func (s *Service) Results(ctx context.Context, categoryID int64) ([]MovieResult, error) {
	if categoryID > 0 {
		if _, err := s.categories.GetCategory(ctx, categoryID); err != nil {
			return nil, storeErr(err, texts.CategoryNotFound)
		}
	}
	movies, err := s.films.ListMovieFacts(ctx)
	if err != nil {
		return nil, err
	}
	votes, _, err := s.votes.ListVotes(ctx, festival.Page{})
	if err != nil {
		return nil, err
	}
	watches, err := s.progress.Watches(ctx)
	if err != nil {
		return nil, err
	}
	seen := make(Viewings, len(watches))
	for _, w := range watches {
		seen[[2]int64{w.MovieID, w.UserID}] = w.Spans
	}
	results := Aggregate(movies, votes, seen, categoryID)
	ServerShares(results, movies, watches, s.now())
	return results, nil
}

// Aggregate computes the results from films, votes and what jurors watched
// (votes on films that are not listed, or out of the festival: withdrawn or
// a draft, are ignored).
func Aggregate(movies []festival.MovieFacts, votes []festival.Vote, seen Viewings, categoryID int64) []MovieResult {
	byMovie := map[int64][]festival.Vote{}
	for _, v := range votes {
		byMovie[v.MovieID] = append(byMovie[v.MovieID], v)
	}
	out := []MovieResult{}
	for _, f := range movies {
		if (categoryID > 0 && !inCategory(f, categoryID)) || !f.InFestival() {
			continue
		}
		r := MovieResult{MovieID: f.ID, Title: f.Title, SelectionStatus: f.Status, Categories: f.Categories}
		if r.Categories == nil {
			r.Categories = []festival.MovieCategory{}
		}
		vs := byMovie[f.ID]
		r.VoteCount = len(vs)
		r.Watched = make([]VoteWatched, 0, len(vs))
		for _, v := range vs {
			w := VoteWatched{UserID: v.UserID, Score: v.Score.Float64()}
			if share, ok := festival.WatchedShare(seen[[2]int64{f.ID, v.UserID}], f.Duration); ok {
				w.WatchedShare = &share
				if r.WatchedShareMin == nil || share < *r.WatchedShareMin {
					r.WatchedShareMin = &share
				}
			}
			r.Watched = append(r.Watched, w)
		}
		slices.SortFunc(r.Watched, func(a, b VoteWatched) int { return cmp.Compare(a.UserID, b.UserID) })
		if len(vs) > 0 {
			sum, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
			for _, v := range vs {
				sum += v.Score.Float64()
				lo, hi = math.Min(lo, v.Score.Float64()), math.Max(hi, v.Score.Float64())
				if v.IsCandidate {
					r.CandidateFlags++
				}
			}
			mean := sum / float64(len(vs))
			sq := 0.0
			for _, v := range vs {
				sq += (v.Score.Float64() - mean) * (v.Score.Float64() - mean)
			}
			r.mean = mean
			r.Mean, r.Min, r.Max = round2(mean), round2(lo), round2(hi)
			r.Spread = round2(math.Sqrt(sq / float64(len(vs))))
		}
		out = append(out, r)
	}
	// Best mean first; ties go to more votes, then more candidate flags, then
	// the older film, so the order is stable from one call to the next.
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.VoteCount > 0) != (b.VoteCount > 0) {
			return a.VoteCount > 0
		}
		if a.mean != b.mean {
			return a.mean > b.mean
		}
		if a.VoteCount != b.VoteCount {
			return a.VoteCount > b.VoteCount
		}
		if a.CandidateFlags != b.CandidateFlags {
			return a.CandidateFlags > b.CandidateFlags
		}
		return a.MovieID < b.MovieID
	})
	for i := range out {
		if out[i].VoteCount > 0 {
			rank := i + 1
			out[i].Rank = &rank
		}
	}
	normalise(out, scoped(votes, out))
	return out
}

// scoped keeps the votes on the films being ranked (one category's, say):
// jurors are normalised on what is being compared.
func scoped(votes []festival.Vote, out []MovieResult) []festival.Vote {
	in := make(map[int64]bool, len(out))
	for _, r := range out {
		in[r.MovieID] = true
	}
	return slices.DeleteFunc(slices.Clone(votes), func(v festival.Vote) bool { return !in[v.MovieID] })
}

func inCategory(f festival.MovieFacts, id int64) bool {
	for _, c := range f.Categories {
		if c.ID == id {
			return true
		}
	}
	return false
}

func round2(v float64) *float64 {
	r := math.Round(v*100) / 100
	return &r
}

// csvHeader names the columns of the CSV export, as the JSON fields.
var csvHeader = []string{"rank", "id_movie", "title", "selection_status", "categories", "vote_count", "mean", "min", "max", "spread", "candidate_flags",
	"rank_low", "rank_high", "normalized_mean", "normalized_rank", "normalized_rank_low", "normalized_rank_high", "watched_share_min"}

// WriteCSV writes the results as CSV (RFC 4180, header line first).
func WriteCSV(w io.Writer, results []MovieResult) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	num := func(p *float64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	integer := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	for _, r := range results {
		names := make([]string, len(r.Categories))
		for i, c := range r.Categories {
			names[i] = c.Name
		}
		if err := cw.Write([]string{
			integer(r.Rank), strconv.FormatInt(r.MovieID, 10), festival.SpreadsheetCell(r.Title), string(r.SelectionStatus), festival.SpreadsheetCell(strings.Join(names, "; ")),
			strconv.Itoa(r.VoteCount), num(r.Mean), num(r.Min), num(r.Max), num(r.Spread), strconv.Itoa(r.CandidateFlags),
			integer(r.RankLow), integer(r.RankHigh), num(r.NormalizedMean), integer(r.NormalizedRank),
			integer(r.NormalizedRankLow), integer(r.NormalizedRankHigh), num(r.WatchedShareMin),
		}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
