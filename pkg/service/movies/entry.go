package movies

import (
	"context"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A film's entry after its submission: its producer's edits (PUT
// /movies/{id}/entry, and the answers' routes through ChangeEntry), its
// checklist as its producer and the admins read it, and the admins' filter
// on it.

// EditEntry changes the producer-editable fields of a film (PUT
// /movies/{id}/entry) by its producer or an admin: the patch is checked on
// its own first (an empty one is refused), then ChangeEntry applies it.
func (s *Service) EditEntry(ctx context.Context, c festival.Actor, id int64, p festival.MoviePatch) (festival.Movie, error) {
	if err := p.Check(false, s.now()); err != nil {
		return festival.Movie{}, err
	}
	var probe festival.Movie
	if len(p.Apply(&probe)) == 0 {
		return festival.Movie{}, apperr.E(apperr.Invalid, texts.NothingToUpdate)
	}
	return s.ChangeEntry(ctx, c, id, "movie.entry", func(m *festival.Movie) (map[string]string, error) {
		p.Apply(m)
		return nil, nil
	})
}

// ChangeEntry applies apply, a change of a film's entry (its fields, its
// answers) by c, audited as action, with the rules every such change meets
// (festival.Settings.EntryEdit): the edit window, the checklist (refused,
// or kept as a draft, when incomplete; the draft cleared once complete),
// the audit entry naming what changed and the movie.edited message to the
// jurors who already voted, all in the film's one write. The settings and
// the voters are read first (a GetItem and a Query). It returns the film as
// c reads it, with its checklist.
func (s *Service) ChangeEntry(ctx context.Context, c festival.Actor, id int64, action string, apply festival.MovieEdit) (festival.Movie, error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return festival.Movie{}, err
	}
	return s.changeEntry(ctx, c, id, st, action, apply)
}

// changeEntry is ChangeEntry with the settings (and their form) read.
func (s *Service) changeEntry(ctx context.Context, c festival.Actor, id int64, st festival.Settings, action string, apply festival.MovieEdit) (festival.Movie, error) {
	voters, err := s.films.MovieVoterIDs(ctx, id)
	if err != nil {
		return festival.Movie{}, err
	}
	now := s.now()
	m, err := s.films.ChangeMovieTelling(ctx, id, festival.AuditInfo{Actor: c, Action: action}, st.EntryEdit(c, voters, now, apply))
	if err != nil {
		return m, storeErr(err)
	}
	s.mediaMayBeQueued(m)
	if !c.Is(festival.RoleAdmin) {
		seen := st.In(texts.LangOf(ctx)).FilmsFor(c, []festival.Movie{m}, now)
		if len(seen) == 1 {
			m = seen[0]
		}
	}
	films := []festival.Movie{m}
	withChecklist(ctx, st, c, films, now)
	return films[0], nil
}

// withChecklist gives each film its checklist where c reads it (c is an
// admin or the film's producer), written in the language of ctx's request.
func withChecklist(ctx context.Context, st festival.Settings, c festival.Actor, films []festival.Movie, now time.Time) {
	for i, m := range films {
		if a := festival.AudienceOf(c, m); a == festival.AudienceAdmin || a == festival.AudienceProducer {
			checklist := st.ChecklistIn(m, now, texts.LangOf(ctx))
			films[i].Completeness = &checklist
		}
	}
}

// parseIncomplete reads ?incomplete= ("" when not sent).
func parseIncomplete(v string) (*bool, error) {
	if v == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil || (v != "true" && v != "false") {
		return nil, apperr.E(apperr.Invalid, texts.IncompleteFilter)
	}
	return &b, nil
}
