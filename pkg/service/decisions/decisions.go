// Package decisions decides many films at once: a preview (dry run) lists
// each change and what each producer will be told, and saves it as a plan
// (festival.PlanDecision); an apply writes it all or nothing, conditional on
// each film still being what the preview saw.
package decisions

import (
	"context"
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// MaxChanges is the most films one bulk decision changes: its plan item
// (about 40 bytes a film) stays far below DynamoDB's 400 KB, and its apply
// (a transaction per 32 films) well within a function's time.
const MaxChanges = 5000

// Service previews and applies bulk decisions.
type Service struct {
	plans    Plans
	settings Settings
	results  Results
	render   Render
	now      func() time.Time
}

// New returns the service.
func New(st Stores, render Render, now func() time.Time) *Service {
	return &Service{plans: st.Plans, settings: st.Settings, results: st.Results, render: render, now: now}
}

// Preview is the dry run an admin reads before applying.
type Preview struct {
	PlanID    festival.PlanID          `json:"id_plan"`
	ExpiresAt festival.Time            `json:"expires_at"`
	To        festival.SelectionStatus `json:"to"`
	Count     int                      `json:"count"`
	Changes   []Change                 `json:"changes"`
	Unchanged int                      `json:"unchanged"`
}

// Change is one film a preview changes, and what its producer will be told.
type Change struct {
	MovieID   int64                    `json:"id_movie"`
	Title     string                   `json:"title"`
	From      festival.SelectionStatus `json:"from"`
	To        festival.SelectionStatus `json:"to"`
	FromLabel string                   `json:"from_label"`
	ToLabel   string                   `json:"to_label"`
	Producer  festival.Producer        `json:"producer"`
	Message   *Told                    `json:"message"`
}

// Told is a message as its recipient will read it, and when it is due.
type Told struct {
	Kind    festival.MessageKind `json:"kind"`
	DueAt   festival.Time        `json:"due_at"`
	Subject string               `json:"subject"`
	Text    string               `json:"text"`
}

// Preview selects the films of the request among every film as stored now,
// lists the changes and saves them as a plan that can be applied for a day
// (festival.PlanTTL).
func (s *Service) Preview(ctx context.Context, c festival.Actor, r Request) (Preview, error) {
	if len(r.IDs) == 0 && r.Filter.Empty() {
		return Preview{}, apperr.E(apperr.Invalid, texts.DecisionNoSelection)
	}
	if _, err := s.plans.RecoverPlans(ctx); err != nil {
		return Preview{}, err
	}
	films, err := s.films(ctx, r.IDs)
	if err != nil {
		return Preview{}, err
	}
	standings, err := s.standings(ctx, r.Filter)
	if err != nil {
		return Preview{}, err
	}
	selected, unknown := Select(films, standings, r)
	switch {
	case len(unknown) > 0:
		return Preview{}, apperr.Ef(apperr.Invalid, texts.DecisionUnknownFilms, festival.JoinIDs(unknown, ", "))
	case len(selected) == 0:
		return Preview{}, apperr.E(apperr.Invalid, texts.DecisionEmpty)
	}
	plan, unchanged := Plan(selected, r.To)
	switch {
	case len(plan) == 0:
		return Preview{}, apperr.Ef(apperr.Invalid, texts.DecisionNothingToDo, unchanged)
	case len(plan) > MaxChanges:
		return Preview{}, apperr.Ef(apperr.Invalid, texts.DecisionTooMany, len(plan), MaxChanges)
	}
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return Preview{}, err
	}
	render, err := s.render(ctx)
	if err != nil {
		return Preview{}, err
	}
	changes, err := s.changes(selected, plan, st.Season, render)
	if err != nil {
		return Preview{}, err
	}
	out := Preview{PlanID: festival.NewPlanID(s.now()), To: r.To, Count: len(plan), Unchanged: unchanged, Changes: changes}
	if out.ExpiresAt, err = s.plans.SaveDecisionPlan(ctx, c, out.PlanID, plan); err != nil {
		return Preview{}, err
	}
	return out, nil
}

// films are the films a request can select: those it names, or every film
// when it names none (its filter then chooses among them).
func (s *Service) films(ctx context.Context, ids []int64) ([]festival.VersionedMovie, error) {
	if len(ids) > 0 {
		return s.plans.MoviesVersioned(ctx, ids)
	}
	return s.plans.AllMoviesVersioned(ctx)
}

// standings are the films' lines in the jury results, read only when the
// filter needs them (of the filter's category, ranked within it).
func (s *Service) standings(ctx context.Context, f Filter) (map[int64]Standing, error) {
	if !f.NeedsResults() {
		return nil, nil
	}
	results, err := s.results.Results(ctx, f.Category)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Standing, len(results))
	for _, r := range results {
		out[r.MovieID] = Standing{Mean: r.Mean, Rank: r.Rank}
	}
	return out, nil
}

// changes lists the plan's films as the preview shows them: the admin's
// words for each status, and the message the producer will be told (when
// it is due, rendered as the outbox will send it).
func (s *Service) changes(selected []festival.VersionedMovie, plan []festival.PlanFilm, season festival.Season,
	render func(festival.Message, festival.User) (string, string, error)) ([]Change, error) {
	byID := make(map[int64]festival.Movie, len(selected))
	for _, vm := range selected {
		byID[vm.Movie.ID] = vm.Movie
	}
	now := s.now()
	out := make([]Change, len(plan))
	for i, f := range plan {
		before := byID[f.MovieID]
		after := f.Decided(before, festival.NewTime(now))
		c := Change{MovieID: f.MovieID, Title: before.Title, From: f.From, To: f.To,
			FromLabel: festival.StatusWord(festival.AudienceAdmin, f.From, true),
			ToLabel:   festival.StatusWord(festival.AudienceAdmin, f.To, true),
			Producer:  festival.Producer{ID: before.OwnerID}}
		if before.Producer != nil {
			c.Producer = *before.Producer
		}
		if msg, ok := Notice(before, after, now, season); ok {
			subject, text, err := render(msg, festival.User{ID: c.Producer.ID, FirstName: c.Producer.FirstName, LastName: c.Producer.LastName})
			if err != nil {
				return nil, err
			}
			c.Message = &Told{Kind: msg.Kind, DueAt: msg.NextAttemptAt, Subject: subject, Text: text}
		}
		out[i] = c
	}
	return out, nil
}

// Apply applies a previewed bulk decision, all or nothing, and returns how
// many films changed. Each producer's message is due when the season, as
// stored now, releases the decision.
func (s *Service) Apply(ctx context.Context, c festival.Actor, planID festival.PlanID) (int, error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return 0, err
	}
	n, err := s.plans.ApplyDecisionPlan(ctx, c, planID, func(before, after festival.Movie) (festival.Message, bool) {
		return Notice(before, after, s.now(), st.Season)
	})
	return n, applyErr(err)
}

// applyErr is the API's answer to a refused apply.
func applyErr(err error) error {
	var stale *festival.PlanStaleError
	var state *festival.PlanStateError
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, texts.DecisionPlanNotFound)
	case errors.As(err, &stale) && stale.Title == "":
		return apperr.Ef(apperr.Conflict, texts.DecisionFilmGone, stale.MovieID)
	case errors.As(err, &stale):
		return apperr.Ef(apperr.Conflict, texts.DecisionFilmChanged, stale.MovieID, stale.Title)
	case errors.As(err, &state) && state.State == festival.PlanApplied:
		return apperr.E(apperr.Conflict, texts.DecisionPlanApplied)
	case errors.As(err, &state) && state.State == festival.PlanApplying:
		return apperr.E(apperr.Conflict, texts.DecisionPlanApplying)
	case errors.As(err, &state) || errors.Is(err, festival.ErrConflict):
		return apperr.E(apperr.Conflict, texts.DecisionPlanNotUsable)
	}
	return err
}
