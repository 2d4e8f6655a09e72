package festival

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Feedback is what a film's producer may read of its judging once its
// decision is released (GET /movies/:id/feedback): each part is null when
// the festival does not share it (Season.Feedback). Nothing in it names a
// juror.
type Feedback struct {
	MovieID  int64             `json:"id_movie"`
	Title    string            `json:"title"`
	Decision *FeedbackDecision `json:"decision"`
	Marks    *FeedbackMarks    `json:"marks"`
	Comments []string          `json:"comments"`
	Viewing  *FeedbackViewing  `json:"viewing"`
}

// FeedbackDecision is the decision as the producer reads it.
type FeedbackDecision struct {
	StatusLabel     string          `json:"status_label"`
	SelectionStatus SelectionStatus `json:"selection_status"`
}

// FeedbackMarks are the jury's marks, anonymised: every score and every
// criterion's marks, sorted, with their means, and the film's place in its
// first category's ranking.
type FeedbackMarks struct {
	Votes    int               `json:"votes"`
	Score    MarkSummary       `json:"score"`
	Criteria []CriterionMarks  `json:"criteria"`
	Category *FeedbackCategory `json:"category"`
	// Percentile is the share (percent) of the category's ranked films
	// whose mean is at most the film's, itself included (FilmPercentile);
	// null when the film has no category or no vote.
	Percentile *float64 `json:"percentile"`
}

// FeedbackCategory names the category the percentile is taken in.
type FeedbackCategory struct {
	ID   int64  `json:"id_categorie"`
	Name string `json:"name"`
}

// MarkSummary is marks, sorted, and their mean (null without marks), both
// rounded to 2 decimals.
type MarkSummary struct {
	Mean  *float64  `json:"mean"`
	Marks []float64 `json:"marks"`
}

// CriterionMarks are one criterion of the grid with its marks.
type CriterionMarks struct {
	Key    string  `json:"key"`
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	MarkSummary
}

// FeedbackViewing says how many of the film's jurors watched it whole.
type FeedbackViewing struct {
	WatchedWhole int `json:"watched_whole"`
	Jurors       int `json:"jurors"`
}

// WatchedWholeShare is the share of a film (percent) a juror's viewing must
// cover for the film to count as watched whole: credits and a skipped
// second are not held against them.
const WatchedWholeShare = 90

// RankedFilm is one film of a category's jury ranking: its mean score.
type RankedFilm struct {
	MovieID int64
	Mean    float64
}

// FeedbackGround is what a film's feedback is assembled from: the film as
// its producer reads it, the festival's season, the film's votes, what
// each juror played of it, and its first category's ranking (ranked films
// only; empty when it has no category).
type FeedbackGround struct {
	Movie   Movie
	Season  Season
	Votes   []Vote
	Viewing map[int64][]Span // by juror
	Ranking []RankedFilm
}

// NewFeedback assembles the parts of a film's feedback the season shares.
func NewFeedback(g FeedbackGround) Feedback {
	parts := g.Season.Feedback
	f := Feedback{MovieID: g.Movie.ID, Title: g.Movie.Title}
	if parts.Decision {
		f.Decision = &FeedbackDecision{StatusLabel: g.Movie.StatusLabel, SelectionStatus: g.Movie.SelectionStatus}
	}
	if parts.Marks {
		f.Marks = marksOf(g)
	}
	if parts.Comments {
		f.Comments = SharedComments(g.Votes)
	}
	if parts.Viewing {
		f.Viewing = &FeedbackViewing{WatchedWhole: WatchedWhole(g.Movie, g.Viewing), Jurors: len(g.Movie.Juries)}
	}
	return f
}

// marksOf is the marks part: the scores, the grid's criteria, the percentile.
func marksOf(g FeedbackGround) *FeedbackMarks {
	scores := make([]float64, 0, len(g.Votes))
	for _, v := range g.Votes {
		scores = append(scores, v.Score.Float64())
	}
	m := &FeedbackMarks{Votes: len(g.Votes), Score: summarise(scores), Criteria: []CriterionMarks{}}
	for _, c := range g.Season.GridFor(g.Movie.CategoryIDs()) {
		var marks []float64
		for _, v := range g.Votes {
			if mark, ok := v.Criteria[c.Key]; ok {
				marks = append(marks, mark.Float64())
			}
		}
		m.Criteria = append(m.Criteria, CriterionMarks{Key: c.Key, Name: c.Name, Weight: c.Weight.Float64(), MarkSummary: summarise(marks)})
	}
	if len(g.Movie.Categories) > 0 {
		first := g.Movie.Categories[0]
		m.Category = &FeedbackCategory{ID: first.ID, Name: first.Name}
		m.Percentile = FilmPercentile(g.Movie.ID, g.Ranking)
	}
	return m
}

// summarise sorts marks and takes their mean.
func summarise(marks []float64) MarkSummary {
	s := MarkSummary{Marks: slices.Sorted(slices.Values(marks))}
	if s.Marks == nil {
		s.Marks = []float64{}
	}
	if len(marks) > 0 {
		sum := 0.0
		for _, v := range marks {
			sum += v
		}
		mean := math.Round(sum/float64(len(marks))*100) / 100
		s.Mean = &mean
	}
	return s
}

// FilmPercentile is the film's place in a ranking as the share (percent,
// one decimal) of its ranked films whose mean is at most the film's, the
// film itself included: 100 for the best (or level with the best), 100/n
// for the last of n. Null when the film is not ranked.
func FilmPercentile(id int64, ranking []RankedFilm) *float64 {
	i := slices.IndexFunc(ranking, func(r RankedFilm) bool { return r.MovieID == id })
	if i < 0 {
		return nil
	}
	own := ranking[i].Mean
	behind := 0
	for _, r := range ranking {
		if cmp.Compare(r.Mean, own) <= 0 {
			behind++
		}
	}
	p := math.Round(float64(behind)/float64(len(ranking))*1000) / 10
	return &p
}

// SharedComments are the comments jurors ticked to share, unsigned, in the
// votes' order; never null.
func SharedComments(votes []Vote) []string {
	out := []string{}
	for _, v := range votes {
		if v.CommentShared && v.Comment != nil && strings.TrimSpace(*v.Comment) != "" {
			out = append(out, *v.Comment)
		}
	}
	return out
}

// WatchedWhole counts the film's assigned jurors whose viewing covers at
// least WatchedWholeShare of it (a film without a duration: none can be
// said to have).
func WatchedWhole(m Movie, viewing map[int64][]Span) int {
	n := 0
	for _, j := range m.Juries {
		if share, ok := WatchedShare(viewing[j.ID], m.Runtime()); ok && share >= WatchedWholeShare {
			n++
		}
	}
	return n
}
