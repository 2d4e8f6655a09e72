package memory

import (
	"context"
	"fmt"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Settings is the store of the festival's settings, reading and seeding
// them. Their update is left out: it is being reshaped into a typed patch.
type Settings struct{ db *DB }

// Settings returns the festival's settings store.
func (db *DB) Settings() *Settings { return &Settings{db: db} }

// GetSettings reads the settings of the edition the request addresses (the
// defaults when never set): an archived edition's as they were when the
// next one started.
func (s *Settings) GetSettings(ctx context.Context) (festival.Settings, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if ed := s.db.editionOf(ctx); ed != s.db.currentEdition() {
		st, ok := s.db.archived[ed]
		if !ok {
			return festival.DefaultSettings(), nil
		}
		return storedSettings(st), nil
	}
	return s.db.currentSettings(), nil
}

// currentSettings are the settings as read back (the defaults when never
// set). Call with the lock held.
func (db *DB) currentSettings() festival.Settings {
	if db.settings == nil {
		return festival.DefaultSettings()
	}
	return storedSettings(*db.settings)
}

// SeedSettings writes the settings of a new festival; it refuses to
// overwrite settings already written.
func (s *Settings) SeedSettings(_ context.Context, st festival.Settings) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if s.db.settings != nil {
		return fmt.Errorf("seed settings: the settings are already written")
	}
	st.UpdatedAt = s.db.stamp()
	st = storedSettings(st)
	s.db.settings = &st
	return nil
}

// storedSettings are settings as the DynamoDB store reads them back: unset
// throttle values at their defaults, times in UTC to the millisecond, the
// results' ledger head only once they are published, an unknown film view
// as the full one, lists and maps never nil but the grid; and a copy, so
// that callers share nothing with the stored settings.
func storedSettings(st festival.Settings) festival.Settings {
	out := festival.Settings{
		JuryVoteAssignedOnly:  st.JuryVoteAssignedOnly,
		SelfRegistrationRoles: append([]festival.Role{}, st.SelfRegistrationRoles...),
		EmailConfirmation:     st.EmailConfirmation,
		Throttle:              st.Throttle.OrDefaults(),
		UpdatedAt:             storedTime(st.UpdatedAt),
	}
	se := st.Season
	out.Season = festival.Season{
		SubmissionsOpenAt: storedTime(se.SubmissionsOpenAt), SubmissionsCloseAt: storedTime(se.SubmissionsCloseAt),
		VotingOpenAt: storedTime(se.VotingOpenAt), VotingCloseAt: storedTime(se.VotingCloseAt),
		ResultsPublishedAt: storedTime(se.ResultsPublishedAt),
		PublicFilmView:     festival.FilmViewFull, MinWatchedShare: se.MinWatchedShare, JuryReminderDays: se.JuryReminderDays,
		CategoryGrids: map[int64]festival.Grid{}, CategoryWindows: map[int64]festival.CategoryWindow{},
	}
	if v, ok := festival.ParseFilmView(string(se.PublicFilmView)); ok {
		out.PublicFilmView = v
	}
	out.ScreeningWatermark = se.ScreeningWatermark
	out.BlindJudging, out.IncompleteEntries, out.CategoryRules = se.BlindJudging, festival.IncompleteRefuse, map[int64][]festival.EligibilityRule{}
	if v, ok := festival.ParseIncompleteEntries(string(se.IncompleteEntries)); ok {
		out.IncompleteEntries = v
	}
	for id, rules := range se.CategoryRules {
		if len(rules) > 0 { // as the DynamoDB store keeps them: a deep copy
			out.CategoryRules[id] = storedRules(rules)
		}
	}
	for c, a := range se.MediaChecks {
		if a != festival.CheckWarn { // as the DynamoDB store keeps them
			if out.MediaChecks == nil {
				out.MediaChecks = festival.MediaCheckActions{}
			}
			out.MediaChecks[c] = a
		}
	}
	out.DecisionsReleaseAt, out.PublicSelection, out.Feedback = storedTime(se.DecisionsReleaseAt), festival.SelectionAll, se.Feedback
	if v, ok := festival.ParsePublicSelection(string(se.PublicSelection)); ok {
		out.PublicSelection = v
	}
	out.ReleasedCategories = map[int64]festival.Time{}
	for id, at := range se.ReleasedCategories {
		out.ReleasedCategories[id] = storedTime(at)
	}
	if !se.ResultsPublishedAt.IsZero() {
		head := festival.LedgerHead{}
		if se.ResultsLedger != nil {
			head = *se.ResultsLedger
		}
		out.ResultsLedger = &head
	}
	if len(se.ScoringGrid) > 0 {
		out.ScoringGrid = slices.Clone(se.ScoringGrid)
	}
	for id, g := range se.CategoryGrids {
		out.CategoryGrids[id] = slices.Clone(g)
	}
	for id, w := range se.CategoryWindows {
		out.CategoryWindows[id] = festival.CategoryWindow{
			SubmissionsOpenAt: storedTime(w.SubmissionsOpenAt), SubmissionsCloseAt: storedTime(w.SubmissionsCloseAt),
			VotingOpenAt: storedTime(w.VotingOpenAt), VotingCloseAt: storedTime(w.VotingCloseAt),
		}
	}
	return out
}

// storedRules copies rules as the DynamoDB store reads them back: an empty
// list of values is absent.
func storedRules(rules []festival.EligibilityRule) []festival.EligibilityRule {
	out := make([]festival.EligibilityRule, len(rules))
	for i, r := range rules {
		out[i] = festival.EligibilityRule{Kind: r.Kind, Question: r.Question}
		if r.Number != nil {
			n := *r.Number
			out[i].Number = &n
		}
		if len(r.Values) > 0 {
			out[i].Values = slices.Clone(r.Values)
		}
	}
	return out
}
