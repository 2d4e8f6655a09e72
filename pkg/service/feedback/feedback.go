// Package feedback is what a film's producer may read of its judging once
// its decision is released: the decision in plain words, the jury's marks
// anonymised with the film's percentile in its category, the comments
// jurors chose to share, and how many of its jurors watched it whole. The
// festival turns each part on (festival.Season.Feedback); the answer is
// assembled by festival.NewFeedback.
package feedback

import (
	"context"
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// Service reads films' feedback.
type Service struct {
	store Stores
	now   func() time.Time
}

// New returns the feedback service.
func New(st Stores, now func() time.Time) *Service { return &Service{store: st, now: now} }

// Of is the feedback on the film id for c: its producer once the decision
// is released, or an admin at any time (to see what the producer will
// read). Anyone else is told there is no such film (404); a producer before
// the release is told when it comes (403), and so is anyone when the
// festival shares nothing (403). Requests: one BatchGetItem (film and
// settings), one Query of the film's collection (votes and viewings) when a
// part needs it, and, for the percentile, the votes and films' facts listed
// (paged queries, not one per vote).
func (s *Service) Of(ctx context.Context, c festival.Actor, id int64) (festival.Feedback, error) {
	m, settings, err := s.store.Films.GetMovieAndSettings(ctx, id)
	if errors.Is(err, festival.ErrNotFound) {
		return festival.Feedback{}, apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	if err != nil {
		return festival.Feedback{}, err
	}
	audience := festival.AudienceOf(c, m)
	if audience != festival.AudienceAdmin && audience != festival.AudienceProducer {
		return festival.Feedback{}, apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	season, now := settings.Season, s.now()
	if !season.Feedback.Any() {
		return festival.Feedback{}, apperr.E(apperr.Forbidden, texts.FeedbackOff)
	}
	if audience == festival.AudienceProducer && !season.Released(m, now) {
		return festival.Feedback{}, apperr.Ef(apperr.Forbidden, texts.FeedbackNotReleased, texts.When(season.DecisionsReleaseAt.Time))
	}
	g := festival.FeedbackGround{Movie: settings.In(texts.LangOf(ctx)).ForAudience(festival.AudienceProducer, m, now), Season: season}
	parts := season.Feedback
	if parts.Marks || parts.Comments || parts.Viewing {
		votes, watches, err := s.store.Votes.MovieJudging(ctx, id)
		if err != nil {
			return festival.Feedback{}, err
		}
		g.Votes, g.Viewing = votes, make(map[int64][]festival.Span, len(watches))
		for _, w := range watches {
			g.Viewing[w.UserID] = w.Spans
		}
	}
	if parts.Marks && len(m.Categories) > 0 {
		if g.Ranking, err = s.ranking(ctx, m.Categories[0].ID); err != nil {
			return festival.Feedback{}, err
		}
	}
	return festival.NewFeedback(g), nil
}

// ranking is the jury's ranking of a category's films (voting.Aggregate,
// as the results show it): the ranked films with their means.
func (s *Service) ranking(ctx context.Context, cat int64) ([]festival.RankedFilm, error) {
	films, err := s.store.Films.ListMovieFacts(ctx)
	if err != nil {
		return nil, err
	}
	votes, _, err := s.store.Votes.ListVotes(ctx, festival.Page{})
	if err != nil {
		return nil, err
	}
	var out []festival.RankedFilm
	for _, r := range voting.Aggregate(films, votes, nil, cat) {
		if r.Rank != nil && r.Mean != nil {
			out = append(out, festival.RankedFilm{MovieID: r.MovieID, Mean: *r.Mean})
		}
	}
	return out, nil
}
