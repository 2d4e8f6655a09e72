// Package festadmin is the festival's administration: its settings (rules
// stricter than the specification's defaults) and the audit trail.
package festadmin

import (
	"context"
	"crypto/rand"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Service runs the settings and audit operations.
type Service struct {
	store Stores
	now   func() time.Time
}

// New returns the administration service; now is its clock (the time of a
// publication of the results).
func New(st Stores, now func() time.Time) *Service { return &Service{store: st, now: now} }

// Settings reads the festival settings.
func (s *Service) Settings(ctx context.Context) (festival.Settings, error) {
	return s.store.Settings.GetSettings(ctx)
}

// UpdateSettings checks and applies a change of the settings: the values on
// their own first, then what publishing the results records (read before
// the change), the grids and windows and the categories they name; the
// store applies the patch (festival.SettingsPatch.Apply) to the settings it
// reads, and writes them with the messages the change owes people.
func (s *Service) UpdateSettings(ctx context.Context, c festival.Actor, p festival.SettingsPatch) (festival.Settings, error) {
	if err := p.Check(); err != nil {
		return festival.Settings{}, err
	}
	if p.Publishes() {
		var err error
		if p.Publication, err = s.publication(ctx); err != nil {
			return festival.Settings{}, err
		}
	}
	if err := p.CheckGrids(); err != nil {
		return festival.Settings{}, err
	}
	if p.CategoryGrids != nil {
		if err := s.knownCategories(ctx, slices.Collect(maps.Keys(*p.CategoryGrids))); err != nil {
			return festival.Settings{}, err
		}
	}
	if err := p.CheckWindows(); err != nil {
		return festival.Settings{}, err
	}
	if p.CategoryWindows != nil {
		if err := s.knownCategories(ctx, slices.Collect(maps.Keys(*p.CategoryWindows))); err != nil {
			return festival.Settings{}, err
		}
	}
	if err := s.checkRules(ctx, p); err != nil {
		return festival.Settings{}, err
	}
	updated, err := s.store.Settings.UpdateSettings(ctx, c, p.Apply)
	if err != nil || p.DecisionsReleaseAt == nil {
		return updated, err
	}
	return updated, s.releaseSooner(ctx, c, updated.Season)
}

// checkRules refuses category rules that break their shape, name a
// category that does not exist, or ask for an answer to a question the
// festival's form does not have (its form read now: a question removed
// later leaves the rule failing every film, which the checklist names).
func (s *Service) checkRules(ctx context.Context, p festival.SettingsPatch) error {
	if p.CategoryRules == nil {
		return nil
	}
	if err := p.CheckRules(s.now()); err != nil {
		return err
	}
	if err := s.knownCategories(ctx, slices.Collect(maps.Keys(*p.CategoryRules))); err != nil {
		return err
	}
	for _, rules := range *p.CategoryRules {
		for _, r := range rules {
			if r.Kind == festival.RuleAnswer {
				st, err := s.store.Settings.GetSettings(ctx)
				if err != nil {
					return err
				}
				return festival.CheckRuleQuestions(*p.CategoryRules, st.Form)
			}
		}
	}
	return nil
}

// releaseSooner makes the held decision messages that a release date
// brought forward (or removed) releases sooner due then; a date moved
// later needs nothing here, since delivery holds a decision not released.
func (s *Service) releaseSooner(ctx context.Context, c festival.Actor, season festival.Season) error {
	held, err := s.store.Outbox.HeldDecisions(ctx)
	if err != nil {
		return err
	}
	moves := festival.DecisionMoves(held, season, s.now())
	if len(moves) == 0 {
		return nil
	}
	_, err = s.store.Outbox.MoveMessages(ctx, c, moves, "settings")
	return err
}

// publication reads what publishing the results records: every producer of
// a film and every jury member hear of it (read before the change), and
// the votes up to now are linked into the ledger, whose head the
// publication records, so the palmarès comes from exactly those votes.
func (s *Service) publication(ctx context.Context) (festival.Publication, error) {
	films, _, err := s.store.Films.ListMovies(ctx, festival.MovieFilter{}, festival.Page{})
	if err != nil {
		return festival.Publication{}, err
	}
	if _, err := s.store.Ledger.AppendLedger(ctx); err != nil {
		return festival.Publication{}, err
	}
	head, err := s.store.Ledger.LedgerHead(ctx)
	if err != nil {
		return festival.Publication{}, err
	}
	return festival.Publication{At: s.now(), Ledger: head, Audience: festival.ResultsAudience(films)}, nil
}

// LateCodeInput is a new late-entry code: Code "" draws one.
type LateCodeInput struct {
	Code      string
	Uses      int
	ExpiresAt festival.Time
}

// codeAlphabet leaves out the letters and digits people confuse (0/O, 1/I).
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CreateLateCode issues a late-entry code: uses submissions (1 by default,
// at most festival.MaxLateCodeUses) until its deadline, which must be ahead.
func (s *Service) CreateLateCode(ctx context.Context, in LateCodeInput) (festival.LateCode, error) {
	now := s.now()
	if in.Uses == 0 {
		in.Uses = 1
	}
	if in.Uses < 1 || in.Uses > festival.MaxLateCodeUses {
		return festival.LateCode{}, apperr.Ef(apperr.Invalid, texts.LateCodeUses, festival.MaxLateCodeUses)
	}
	if in.ExpiresAt.IsZero() || !in.ExpiresAt.After(now) {
		return festival.LateCode{}, apperr.E(apperr.Invalid, texts.LateCodeDeadline)
	}
	code := strings.TrimSpace(in.Code)
	if code == "" {
		b := make([]byte, 10)
		if _, err := rand.Read(b); err != nil {
			return festival.LateCode{}, err
		}
		for i := range b {
			b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
		}
		code = string(b)
	}
	id, err := festival.ParseLateCode("code", code)
	if err != nil {
		return festival.LateCode{}, apperr.E(apperr.Invalid, texts.LateCodeShape)
	}
	c := festival.LateCode{Code: id.String(), Uses: in.Uses, UsesLeft: in.Uses, ExpiresAt: in.ExpiresAt, CreatedAt: festival.NewTime(now)}
	err = s.store.LateCodes.CreateLateCode(ctx, c)
	if errors.Is(err, festival.ErrCodeTaken) {
		return c, apperr.E(apperr.Conflict, texts.LateCodeTaken)
	}
	return c, err
}

// LateCodes lists the codes, newest first.
func (s *Service) LateCodes(ctx context.Context, p festival.Page) ([]festival.LateCode, string, error) {
	return s.store.LateCodes.ListLateCodes(ctx, p)
}

// DeleteLateCode withdraws a code.
func (s *Service) DeleteLateCode(ctx context.Context, code string) error {
	id, err := festival.ParseLateCode("code", code)
	if err != nil {
		return err
	}
	err = s.store.LateCodes.DeleteLateCode(ctx, id)
	if errors.Is(err, festival.ErrNotFound) {
		return apperr.E(apperr.NotFound, texts.LateCodeNotFound)
	}
	return err
}

// knownCategories refuses ids that are not categories (400 naming them).
func (s *Service) knownCategories(ctx context.Context, ids []int64) error {
	_, err := s.store.Categories.CategoryNames(ctx, ids)
	var unknown *festival.UnknownIDsError
	if errors.As(err, &unknown) {
		return apperr.Ef(apperr.Invalid, texts.UnknownCategories, festival.JoinIDs(unknown.IDs, ", "))
	}
	return err
}
