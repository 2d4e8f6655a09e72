// Package festadmin is the festival's administration: its settings (rules
// stricter than the specification's defaults) and the audit trail.
package festadmin

import (
	"context"
	"crypto/rand"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// DefaultAuditLimit is the page size of GET /audit without ?limit=: the trail
// only grows, so it is never listed whole.
const DefaultAuditLimit = 100

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

// SettingsChange is a change of the settings: nil for a setting not sent.
type SettingsChange struct {
	JuryVoteAssignedOnly  *bool
	SelfRegistrationRoles []festival.Role // nil: unchanged; empty: nobody may self-register
	// The throttle's numbers (festival.Throttle), each nil when not sent.
	LoginFailuresPerAccount, LoginFailuresPerAddress, RegistrationsPerAddress, ThrottleWindowSeconds *int
	// The calendar's dates (festival.Season), each nil when not sent; a
	// zero time sent unsets the date.
	SubmissionsOpenAt, SubmissionsCloseAt, VotingOpenAt, VotingCloseAt *festival.Time
	// ResultsPublished publishes the results (now, if not already) or
	// withdraws the publication.
	ResultsPublished *bool
	PublicFilmView   *festival.FilmView
	JuryReminderDays *int
	// CategoryWindows replaces every category's own windows.
	CategoryWindows *map[int64]festival.CategoryWindow
	// ScoringGrid replaces the festival's grid (empty: none);
	// CategoryGrids every category's own.
	ScoringGrid   *festival.Grid
	CategoryGrids *map[int64]festival.Grid
	// MinWatchedShare is the share of a film (percent) a vote requires.
	MinWatchedShare *int
}

// UpdateSettings changes the settings that were sent; a role listed twice
// counts once.
func (s *Service) UpdateSettings(ctx context.Context, c festival.Actor, ch SettingsChange) (festival.Settings, error) {
	var roles []festival.Role
	if ch.SelfRegistrationRoles != nil {
		roles = []festival.Role{}
		for _, r := range ch.SelfRegistrationRoles {
			if !slices.Contains(roles, r) {
				roles = append(roles, r)
			}
		}
	}
	// Publishing tells every producer of a film and every jury member: who
	// they are is read before the change (the festival's films).
	var audience []int64
	var ledger festival.LedgerHead
	if ch.ResultsPublished != nil && *ch.ResultsPublished {
		films, _, err := s.store.Films.ListMovies(ctx, festival.MovieFilter{}, festival.Page{})
		if err != nil {
			return festival.Settings{}, err
		}
		audience = festival.ResultsAudience(films)
		// The votes up to now are linked into the ledger, whose head the
		// publication records: the palmarès comes from exactly those votes.
		if _, err := s.store.Ledger.AppendLedger(ctx); err != nil {
			return festival.Settings{}, err
		}
		if ledger, err = s.store.Ledger.LedgerHead(ctx); err != nil {
			return festival.Settings{}, err
		}
	}
	if ch.ScoringGrid != nil && len(*ch.ScoringGrid) > 0 {
		if err := festival.CheckGrid(*ch.ScoringGrid); err != nil {
			return festival.Settings{}, err
		}
	}
	if ch.CategoryGrids != nil {
		ids := make([]int64, 0, len(*ch.CategoryGrids))
		for id, g := range *ch.CategoryGrids {
			if err := festival.CheckGrid(g); err != nil {
				return festival.Settings{}, err
			}
			ids = append(ids, id)
		}
		if err := s.knownCategories(ctx, ids); err != nil {
			return festival.Settings{}, err
		}
	}
	if ch.CategoryWindows != nil {
		ids := make([]int64, 0, len(*ch.CategoryWindows))
		for id, w := range *ch.CategoryWindows {
			if !w.Submissions().Valid() || !w.Voting().Valid() {
				return festival.Settings{}, apperr.Ef(apperr.Invalid, texts.CategoryWindowBackwards, id)
			}
			ids = append(ids, id)
		}
		if err := s.knownCategories(ctx, ids); err != nil {
			return festival.Settings{}, err
		}
	}
	return s.store.Settings.UpdateSettings(ctx, c, func(st *festival.Settings) ([]festival.Message, error) {
		var msgs []festival.Message
		if ch.CategoryWindows != nil {
			st.CategoryWindows = *ch.CategoryWindows
		}
		if ch.ScoringGrid != nil {
			st.ScoringGrid = *ch.ScoringGrid
		}
		if ch.MinWatchedShare != nil {
			st.MinWatchedShare = *ch.MinWatchedShare
		}
		if ch.CategoryGrids != nil {
			st.CategoryGrids = *ch.CategoryGrids
		}
		if ch.JuryVoteAssignedOnly != nil {
			st.JuryVoteAssignedOnly = *ch.JuryVoteAssignedOnly
		}
		if roles != nil {
			st.SelfRegistrationRoles = roles
		}
		for _, f := range []struct {
			sent *int
			to   *int
		}{
			{ch.LoginFailuresPerAccount, &st.LoginFailuresPerAccount}, {ch.LoginFailuresPerAddress, &st.LoginFailuresPerAddress},
			{ch.RegistrationsPerAddress, &st.RegistrationsPerAddress}, {ch.ThrottleWindowSeconds, &st.WindowSeconds},
		} {
			if f.sent != nil {
				*f.to = *f.sent
			}
		}
		for _, d := range []struct{ sent, to *festival.Time }{
			{ch.SubmissionsOpenAt, &st.SubmissionsOpenAt}, {ch.SubmissionsCloseAt, &st.SubmissionsCloseAt},
			{ch.VotingOpenAt, &st.VotingOpenAt}, {ch.VotingCloseAt, &st.VotingCloseAt},
		} {
			if d.sent != nil {
				*d.to = *d.sent
			}
		}
		if !st.Submissions().Valid() {
			return nil, apperr.E(apperr.Invalid, texts.SubmissionsWindowBackwards)
		}
		if !st.Voting().Valid() {
			return nil, apperr.E(apperr.Invalid, texts.VotingWindowBackwards)
		}
		switch {
		case ch.ResultsPublished == nil:
		case !*ch.ResultsPublished:
			st.ResultsPublishedAt, st.ResultsLedger = festival.Time{}, nil
		case !st.Published():
			st.ResultsPublishedAt = festival.NewTime(s.now())
			st.ResultsLedger = &ledger
			if len(audience) > 0 {
				msgs = append(msgs, festival.NewMessage(festival.MessageResultsPublished, audience, map[string]string{}, s.now()))
			}
		}
		if ch.PublicFilmView != nil {
			st.PublicFilmView = *ch.PublicFilmView
		}
		if ch.JuryReminderDays != nil {
			st.JuryReminderDays = *ch.JuryReminderDays
		}
		return msgs, nil
	})
}

// AuditQuery selects audit entries: by who made them, what, on what, and
// when (zero values select everything), one page at a time.
type AuditQuery struct {
	ActorID  int64
	Action   string
	Target   string
	From, To time.Time
	Page     festival.Page
}

// Audit lists audit entries newest first, one page at a time.
func (s *Service) Audit(ctx context.Context, q AuditQuery) ([]festival.AuditEntry, string, error) {
	if q.Page.Limit == 0 {
		q.Page.Limit = DefaultAuditLimit
	}
	f := festival.AuditFilter{ActorID: q.ActorID, Action: q.Action, Target: q.Target, From: q.From, To: q.To}
	return s.store.Audit.ListAudit(ctx, f, q.Page)
}

// Messages lists the outbox's messages of one state (pending, sent, failed),
// newest first: what the festival told whom, and what it could not.
func (s *Service) Messages(ctx context.Context, st festival.MessageState, p festival.Page) ([]festival.Message, string, error) {
	if p.Limit == 0 {
		p.Limit = DefaultAuditLimit
	}
	return s.store.Outbox.ListMessages(ctx, st, p)
}

// LateCodeInput is a new late-entry code: Code "" draws one.
type LateCodeInput struct {
	Code      string
	Uses      int
	ExpiresAt festival.Time
}

var lateCodeShape = regexp.MustCompile(`^[A-Z0-9-]{4,32}$`)

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
	code := strings.ToUpper(strings.TrimSpace(in.Code))
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
	if !lateCodeShape.MatchString(code) {
		return festival.LateCode{}, apperr.E(apperr.Invalid, texts.LateCodeShape)
	}
	c := festival.LateCode{Code: code, Uses: in.Uses, UsesLeft: in.Uses, ExpiresAt: in.ExpiresAt, CreatedAt: festival.NewTime(now)}
	err := s.store.LateCodes.CreateLateCode(ctx, c)
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
	err := s.store.LateCodes.DeleteLateCode(ctx, strings.ToUpper(code))
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
