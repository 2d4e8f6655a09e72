package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// settingsItem is the festival's one settings item. Absent, the defaults
// apply (festival.DefaultSettings), so a fresh table behaves as the spec says.
type settingsItem struct {
	PK   string `dynamodbav:"PK"`
	SK   string `dynamodbav:"SK"`
	Type string `dynamodbav:"type"`
	// Edition is the current edition (absent: festival.FirstEdition);
	// starting the next edition changes it, nothing else does.
	Edition               string              `dynamodbav:"edition,omitempty"`
	JuryVoteAssignedOnly  bool                `dynamodbav:"jury_vote_assigned_only"`
	SelfRegistrationRoles []string            `dynamodbav:"self_registration_roles"`
	EmailConfirmation     bool                `dynamodbav:"email_confirmation,omitempty"`
	LoginFailuresPerAcct  int                 `dynamodbav:"login_failures_per_account,omitempty"`
	LoginFailuresPerAddr  int                 `dynamodbav:"login_failures_per_address,omitempty"`
	RegistrationsPerAddr  int                 `dynamodbav:"registrations_per_address,omitempty"`
	ThrottleWindowSeconds int                 `dynamodbav:"throttle_window_seconds,omitempty"`
	SubmissionsOpenAt     string              `dynamodbav:"submissions_open_at,omitempty"`
	SubmissionsCloseAt    string              `dynamodbav:"submissions_close_at,omitempty"`
	VotingOpenAt          string              `dynamodbav:"voting_open_at,omitempty"`
	VotingCloseAt         string              `dynamodbav:"voting_close_at,omitempty"`
	ResultsPublishedAt    string              `dynamodbav:"results_published_at,omitempty"`
	PublicFilmView        string              `dynamodbav:"public_film_view,omitempty"`
	JuryReminderDays      int                 `dynamodbav:"jury_reminder_days,omitempty"`
	ResultsLedgerSeq      int64               `dynamodbav:"results_ledger_seq,omitempty"`
	ScoringGrid           gridItem            `dynamodbav:"scoring_grid,omitempty"`
	CategoryGrids         map[string]gridItem `dynamodbav:"category_grids,omitempty"`
	ResultsLedgerHash     string              `dynamodbav:"results_ledger_hash,omitempty"`
	MinWatchedShare       int                 `dynamodbav:"min_watched_share,omitempty"`
	// CategoryWindows: by category id, its four dates (ISO 8601, "" unset).
	CategoryWindows map[string]categoryWindowItem `dynamodbav:"category_windows,omitempty"`
	// The decisions' release (festival/decisions.go): the date, the
	// categories released early (by id, when), the public selection and
	// the feedback's parts.
	DecisionsReleaseAt string                 `dynamodbav:"decisions_release_at,omitempty"`
	ReleasedCategories map[string]string      `dynamodbav:"released_categories,omitempty"`
	PublicSelection    string                 `dynamodbav:"public_selection,omitempty"`
	Feedback           festival.FeedbackParts `dynamodbav:"feedback"`
	// The media job's settings: an action by check (absent: warn), and
	// the per-juror watermark.
	MediaChecks        map[string]string `dynamodbav:"media_checks,omitempty"`
	ScreeningWatermark bool              `dynamodbav:"screening_watermark,omitempty"`
	// The entries' settings: blind judging, and what an incomplete film
	// meets (absent: refuse).
	BlindJudging      bool   `dynamodbav:"blind_judging,omitempty"`
	IncompleteEntries string `dynamodbav:"incomplete_entries,omitempty"`
	// CategoryRules: by category id, its eligibility rules.
	CategoryRules map[string][]festival.EligibilityRule `dynamodbav:"category_rules,omitempty"`
	UpdatedAt     string                                `dynamodbav:"updatedAt"`
	Version       int64                                 `dynamodbav:"version"`
}

type categoryWindowItem struct {
	SubmissionsOpenAt  string `dynamodbav:"submissions_open_at"`
	SubmissionsCloseAt string `dynamodbav:"submissions_close_at"`
	VotingOpenAt       string `dynamodbav:"voting_open_at"`
	VotingCloseAt      string `dynamodbav:"voting_close_at"`
}

func (it settingsItem) settings() festival.Settings {
	s := festival.Settings{JuryVoteAssignedOnly: it.JuryVoteAssignedOnly, SelfRegistrationRoles: []festival.Role{}, EmailConfirmation: it.EmailConfirmation,
		Throttle: festival.Throttle{
			LoginFailuresPerAccount: it.LoginFailuresPerAcct, LoginFailuresPerAddress: it.LoginFailuresPerAddr,
			RegistrationsPerAddress: it.RegistrationsPerAddr, WindowSeconds: it.ThrottleWindowSeconds,
		}.OrDefaults()}
	for _, r := range it.SelfRegistrationRoles {
		s.SelfRegistrationRoles = append(s.SelfRegistrationRoles, festival.Role(r))
	}
	s.UpdatedAt, _ = festival.ParseTime(it.UpdatedAt)
	s.SubmissionsOpenAt, _ = festival.ParseTime(it.SubmissionsOpenAt)
	s.SubmissionsCloseAt, _ = festival.ParseTime(it.SubmissionsCloseAt)
	s.VotingOpenAt, _ = festival.ParseTime(it.VotingOpenAt)
	s.VotingCloseAt, _ = festival.ParseTime(it.VotingCloseAt)
	s.ResultsPublishedAt, _ = festival.ParseTime(it.ResultsPublishedAt)
	s.JuryReminderDays = it.JuryReminderDays
	if it.ResultsPublishedAt != "" {
		s.ResultsLedger = &festival.LedgerHead{Seq: it.ResultsLedgerSeq, Hash: it.ResultsLedgerHash}
	}
	s.MinWatchedShare = it.MinWatchedShare
	s.ScoringGrid = it.ScoringGrid.grid()
	s.CategoryGrids = map[int64]festival.Grid{}
	for k, g := range it.CategoryGrids {
		if id, err := strconv.ParseInt(k, 10, 64); err == nil {
			s.CategoryGrids[id] = g.grid()
		}
	}
	s.CategoryWindows = map[int64]festival.CategoryWindow{}
	for k, w := range it.CategoryWindows {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			continue
		}
		var c festival.CategoryWindow
		c.SubmissionsOpenAt, _ = festival.ParseTime(w.SubmissionsOpenAt)
		c.SubmissionsCloseAt, _ = festival.ParseTime(w.SubmissionsCloseAt)
		c.VotingOpenAt, _ = festival.ParseTime(w.VotingOpenAt)
		c.VotingCloseAt, _ = festival.ParseTime(w.VotingCloseAt)
		s.CategoryWindows[id] = c
	}
	s.PublicFilmView = festival.FilmViewFull
	if v, ok := festival.ParseFilmView(it.PublicFilmView); ok {
		s.PublicFilmView = v
	}
	s.DecisionsReleaseAt, _ = festival.ParseTime(it.DecisionsReleaseAt)
	s.ReleasedCategories = map[int64]festival.Time{}
	for k, at := range it.ReleasedCategories {
		if id, err := strconv.ParseInt(k, 10, 64); err == nil {
			s.ReleasedCategories[id], _ = festival.ParseTime(at)
		}
	}
	s.PublicSelection = festival.SelectionAll
	if v, ok := festival.ParsePublicSelection(it.PublicSelection); ok {
		s.PublicSelection = v
	}
	s.Feedback = it.Feedback
	for k, v := range it.MediaChecks {
		c, okc := festival.ParseMediaCheck(k)
		a, oka := festival.ParseCheckAction(v)
		if okc && oka {
			if s.MediaChecks == nil {
				s.MediaChecks = festival.MediaCheckActions{}
			}
			s.MediaChecks[c] = a
		}
	}
	s.ScreeningWatermark = it.ScreeningWatermark
	s.BlindJudging = it.BlindJudging
	s.IncompleteEntries = festival.IncompleteRefuse
	if v, ok := festival.ParseIncompleteEntries(it.IncompleteEntries); ok {
		s.IncompleteEntries = v
	}
	s.CategoryRules = map[int64][]festival.EligibilityRule{}
	for k, rules := range it.CategoryRules {
		if id, err := strconv.ParseInt(k, 10, 64); err == nil {
			s.CategoryRules[id] = rules
		}
	}
	return s
}

// GetSettings reads the festival settings (the defaults when never set)
// and the festival's form, in one request.
func (s *Settings) GetSettings(ctx context.Context) (festival.Settings, error) {
	st, _, err := s.getSettings(ctx)
	return st, err
}

// SeedSettings writes the settings of a fresh table, with no audit entry
// (nobody changed them): test and load-test harnesses start a festival with
// the settings they need. It refuses to overwrite settings already written.
func (s *Settings) SeedSettings(ctx context.Context, st festival.Settings) error {
	st.UpdatedAt = festival.NewTime(s.now())
	item, err := attributevalue.MarshalMap(toSettingsItem(st, 1))
	if err != nil {
		return err
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		return fmt.Errorf("seed settings: %w", err)
	}
	return nil
}

func toSettingsItem(st festival.Settings, version int64) settingsItem {
	var ledger festival.LedgerHead
	if st.ResultsLedger != nil && !st.ResultsPublishedAt.IsZero() {
		ledger = *st.ResultsLedger
	}
	var grids map[string]gridItem
	for id, g := range st.CategoryGrids {
		if grids == nil {
			grids = map[string]gridItem{}
		}
		grids[strconv.FormatInt(id, 10)] = toGridItem(g)
	}
	var windows map[string]categoryWindowItem
	for id, w := range st.CategoryWindows {
		if windows == nil {
			windows = map[string]categoryWindowItem{}
		}
		windows[strconv.FormatInt(id, 10)] = categoryWindowItem{
			SubmissionsOpenAt: w.SubmissionsOpenAt.String(), SubmissionsCloseAt: w.SubmissionsCloseAt.String(),
			VotingOpenAt: w.VotingOpenAt.String(), VotingCloseAt: w.VotingCloseAt.String(),
		}
	}
	var released map[string]string
	for id, at := range st.ReleasedCategories {
		if released == nil {
			released = map[string]string{}
		}
		released[strconv.FormatInt(id, 10)] = at.String()
	}
	roles := make([]string, 0, len(st.SelfRegistrationRoles))
	for _, r := range st.SelfRegistrationRoles {
		roles = append(roles, string(r))
	}
	return settingsItem{
		PK: settingsPK, SK: settingsSK, Type: typeSettings, JuryVoteAssignedOnly: st.JuryVoteAssignedOnly,
		SelfRegistrationRoles: roles, EmailConfirmation: st.EmailConfirmation, UpdatedAt: st.UpdatedAt.String(), Version: version,
		LoginFailuresPerAcct: st.LoginFailuresPerAccount, LoginFailuresPerAddr: st.LoginFailuresPerAddress,
		RegistrationsPerAddr: st.RegistrationsPerAddress, ThrottleWindowSeconds: st.WindowSeconds,
		SubmissionsOpenAt: st.SubmissionsOpenAt.String(), SubmissionsCloseAt: st.SubmissionsCloseAt.String(),
		VotingOpenAt: st.VotingOpenAt.String(), VotingCloseAt: st.VotingCloseAt.String(),
		ResultsPublishedAt: st.ResultsPublishedAt.String(), PublicFilmView: string(st.PublicFilmView),
		JuryReminderDays: st.JuryReminderDays, CategoryWindows: windows, ResultsLedgerSeq: ledger.Seq, ResultsLedgerHash: ledger.Hash,
		ScoringGrid: toGridItem(st.ScoringGrid), CategoryGrids: grids, MinWatchedShare: st.MinWatchedShare,
		DecisionsReleaseAt: st.DecisionsReleaseAt.String(), ReleasedCategories: released,
		PublicSelection: string(st.PublicSelection), Feedback: st.Feedback,
		MediaChecks: mediaChecksItem(st.MediaChecks), ScreeningWatermark: st.ScreeningWatermark,
		BlindJudging: st.BlindJudging, IncompleteEntries: string(st.IncompleteEntries),
		CategoryRules: categoryRulesItem(st.CategoryRules),
	}
}

// categoryRulesItem keys the categories' rules by id as a string (an M
// attribute); a category without rules is left out.
func categoryRulesItem(rules map[int64][]festival.EligibilityRule) map[string][]festival.EligibilityRule {
	var out map[string][]festival.EligibilityRule
	for id, rs := range rules {
		if len(rs) == 0 {
			continue
		}
		if out == nil {
			out = map[string][]festival.EligibilityRule{}
		}
		out[strconv.FormatInt(id, 10)] = rs
	}
	return out
}

// ruleCount is how many eligibility rules the categories have together.
func ruleCount(rules map[string][]festival.EligibilityRule) int {
	n := 0
	for _, rs := range rules {
		n += len(rs)
	}
	return n
}

// mediaChecksItem keeps the checks whose action is not the default (warn).
func mediaChecksItem(checks festival.MediaCheckActions) map[string]string {
	var out map[string]string
	for c, a := range checks {
		if a != festival.CheckWarn {
			if out == nil {
				out = map[string]string{}
			}
			out[string(c)] = string(a)
		}
	}
	return out
}

// UpdateSettings applies change to the current settings and writes them back
// with an audit entry, conditional on nobody having changed them in between
// (retried a few times).
//
// change may return messages the change owes people (the results
// published): they are written in the same transaction.
func (s *Settings) UpdateSettings(ctx context.Context, actor festival.Actor, change func(*festival.Settings) ([]festival.Message, error)) (festival.Settings, error) {
	var cur, next festival.Settings
	err := Retry(ctx, func(int) error {
		r, err := s.readSettings(ctx)
		if err != nil {
			return err
		}
		if r.archivedAsked() {
			return errEditionArchived() // an archived edition's settings stay
		}
		cur, version := r.settings(), r.version
		next = cur
		next.SelfRegistrationRoles = slices.Clone(cur.SelfRegistrationRoles) // an empty list stays a list ([], not null)
		msgs, err := change(&next)
		if err != nil {
			return err
		}
		msgOps, err := s.messageOps(msgs)
		if err != nil {
			return err
		}
		next.UpdatedAt = festival.NewTime(s.now())
		it := toSettingsItem(next, version+1)
		it.Edition = string(r.edition) // kept: only starting the next edition changes it
		item, err := attributevalue.MarshalMap(it)
		if err != nil {
			return err
		}
		put := &types.Put{TableName: &s.table, Item: item}
		if version == 0 {
			// Never written, or written with its edition alone (a table
			// whose editions were started before its settings were set).
			put.ConditionExpression = aws.String("attribute_not_exists(version)")
		} else {
			put.ConditionExpression = aws.String("#v = :v")
			put.ExpressionAttributeNames = map[string]string{"#v": "version"}
			put.ExpressionAttributeValues = map[string]types.AttributeValue{":v": num(version)}
		}
		err = s.transact(ctx, append([]types.TransactWriteItem{
			{Put: put},
			s.auditOp(actor, "settings.update", "settings", map[string]string{
				"jury_vote_assigned_only":    strconv.FormatBool(next.JuryVoteAssignedOnly),
				"self_registration_roles":    strings.Join(it.SelfRegistrationRoles, ","),
				"email_confirmation":         strconv.FormatBool(it.EmailConfirmation),
				"login_failures_per_account": strconv.Itoa(next.LoginFailuresPerAccount),
				"login_failures_per_address": strconv.Itoa(next.LoginFailuresPerAddress),
				"registrations_per_address":  strconv.Itoa(next.RegistrationsPerAddress),
				"throttle_window_seconds":    strconv.Itoa(next.WindowSeconds),
				"submissions_open_at":        it.SubmissionsOpenAt,
				"submissions_close_at":       it.SubmissionsCloseAt,
				"voting_open_at":             it.VotingOpenAt,
				"voting_close_at":            it.VotingCloseAt,
				"results_published_at":       it.ResultsPublishedAt,
				"public_film_view":           it.PublicFilmView,
				"jury_reminder_days":         strconv.Itoa(it.JuryReminderDays),
				"category_windows":           strconv.Itoa(len(it.CategoryWindows)),
				"media_checks":               strconv.Itoa(len(it.MediaChecks)),
				"screening_watermark":        strconv.FormatBool(it.ScreeningWatermark),
				"blind_judging":              strconv.FormatBool(it.BlindJudging),
				"incomplete_entries":         it.IncompleteEntries,
				"category_rules":             strconv.Itoa(ruleCount(it.CategoryRules)),
			}, festival.SettingsChanges(cur, next)...),
		}, msgOps...))
		switch {
		case err == nil:
			return nil
		case conditionFailedAt(err, 0) || transactionConflict(err):
			return Again(fmt.Errorf("update settings: %w", err))
		default:
			return fmt.Errorf("update settings: %w", err)
		}
	})
	if err != nil {
		return cur, err
	}
	return next, nil
}
