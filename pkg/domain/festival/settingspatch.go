package festival

import (
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// SettingsPatch is a change of the settings (PUT /settings): each setting is
// nil when it was not sent. Apply checks it and applies it to the current
// settings, inside the store's update.
type SettingsPatch struct {
	JuryVoteAssignedOnly  *bool
	SelfRegistrationRoles []Role // nil: unchanged; empty: nobody may self-register
	EmailConfirmation     *bool
	// The throttle's numbers (Throttle).
	LoginFailuresPerAccount, LoginFailuresPerAddress, RegistrationsPerAddress, ThrottleWindowSeconds *int
	// The calendar's dates (Season); a zero time unsets the date.
	SubmissionsOpenAt, SubmissionsCloseAt, VotingOpenAt, VotingCloseAt *Time
	// ResultsPublished publishes the results (with Publication, unless they
	// are published already) or withdraws the publication.
	ResultsPublished *bool
	PublicFilmView   *FilmView
	JuryReminderDays *int
	// MinWatchedShare is the share of a film (percent) a vote requires.
	MinWatchedShare *int
	// ScoringGrid replaces the festival's grid (empty: none); CategoryGrids
	// and CategoryWindows replace every category's own.
	ScoringGrid     *Grid
	CategoryGrids   *map[int64]Grid
	CategoryWindows *map[int64]CategoryWindow
	// DecisionsReleaseAt sets (zero: unsets) the decisions' release date;
	// PublicSelection and Feedback replace theirs.
	DecisionsReleaseAt *Time
	PublicSelection    *PublicSelection
	Feedback           *FeedbackParts
	// MediaChecks sets the action of the checks it names (the others keep
	// theirs); ScreeningWatermark turns the per-juror watermark on or off.
	MediaChecks        MediaCheckActions
	ScreeningWatermark *bool
	// BlindJudging and IncompleteEntries replace theirs.
	BlindJudging      *bool
	IncompleteEntries *IncompleteEntries
	// CategoryRules replaces every category's eligibility rules (an empty
	// map removes them all).
	CategoryRules *map[int64][]EligibilityRule
	// Publication is what publishing records; whoever publishes reads it
	// first (Publishes).
	Publication Publication
}

// Publication is what publishing the results records and tells: when, the
// vote ledger's head (the palmarès comes from exactly the votes up to it),
// and who hears of it (ResultsAudience).
type Publication struct {
	At       time.Time
	Ledger   LedgerHead
	Audience []int64
}

// Publishes reports whether the patch publishes the results.
func (p SettingsPatch) Publishes() bool { return p.ResultsPublished != nil && *p.ResultsPublished }

// intSetting is an integer setting: its name in the API, its bounds, and
// the answer to a value outside them.
type intSetting struct {
	name     string
	min, max int
	refusal  texts.Msg
	of       func(*SettingsPatch) *int
}

func throttleSetting(name string, max int, of func(*SettingsPatch) *int) intSetting {
	return intSetting{name, 1, max, texts.M(texts.ThrottleSettingRange, name, max), of}
}

// intSettings are checked in this order: the first value out of bounds is
// the answer.
var intSettings = []intSetting{
	throttleSetting("login_failures_per_account", MaxThrottleAttempts, func(p *SettingsPatch) *int { return p.LoginFailuresPerAccount }),
	throttleSetting("login_failures_per_address", MaxThrottleAttempts, func(p *SettingsPatch) *int { return p.LoginFailuresPerAddress }),
	throttleSetting("registrations_per_address", MaxThrottleAttempts, func(p *SettingsPatch) *int { return p.RegistrationsPerAddress }),
	throttleSetting("throttle_window_seconds", MaxThrottleWindowSeconds, func(p *SettingsPatch) *int { return p.ThrottleWindowSeconds }),
	{"jury_reminder_days", 0, MaxJuryReminderDays, texts.M(texts.JuryReminderDaysRange, MaxJuryReminderDays), func(p *SettingsPatch) *int { return p.JuryReminderDays }},
	{"min_watched_share", 0, 100, texts.M(texts.MinWatchedShareRange), func(p *SettingsPatch) *int { return p.MinWatchedShare }},
}

// BadIntSetting is the answer (400) to a value of the integer setting name
// that is out of its bounds or no integer at all.
func BadIntSetting(name string) error {
	for _, s := range intSettings {
		if s.name == name {
			return apperr.E(apperr.Invalid, s.refusal.Key, s.refusal.Args...)
		}
	}
	return apperr.Ef(apperr.Invalid, texts.UnknownSetting, name)
}

// Check refuses (400) an integer setting out of its bounds: each value on
// its own, before anything is read.
func (p SettingsPatch) Check() error {
	for _, s := range intSettings {
		if v := s.of(&p); v != nil && (*v < s.min || *v > s.max) {
			return apperr.E(apperr.Invalid, s.refusal.Key, s.refusal.Args...)
		}
	}
	return nil
}

// CheckGrids refuses (400) a scoring grid that breaks CheckGrid: the
// festival's (unless emptied) and each category's.
func (p SettingsPatch) CheckGrids() error {
	if p.ScoringGrid != nil && len(*p.ScoringGrid) > 0 {
		if err := CheckGrid(*p.ScoringGrid); err != nil {
			return err
		}
	}
	if p.CategoryGrids != nil {
		for _, g := range *p.CategoryGrids {
			if err := CheckGrid(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckWindows refuses (400) a category window that closes before it opens.
func (p SettingsPatch) CheckWindows() error {
	if p.CategoryWindows != nil {
		for id, w := range *p.CategoryWindows {
			if !w.Submissions().Valid() || !w.Voting().Valid() {
				return apperr.Ef(apperr.Invalid, texts.CategoryWindowBackwards, id)
			}
		}
	}
	return nil
}

// CheckRules refuses (400) category rules that break their shape at now
// (CheckCategoryRules).
func (p SettingsPatch) CheckRules(now time.Time) error {
	if p.CategoryRules == nil {
		return nil
	}
	return CheckCategoryRules(*p.CategoryRules, now)
}

// set replaces *to with the value sent, if any.
func set[T any](to *T, sent *T) {
	if sent != nil {
		*to = *sent
	}
}

// Apply checks the patch and applies it to st; the festival's windows must
// still close after they open. It returns the messages the change owes
// people: publishing the results tells the Publication's audience. A role
// listed twice counts once.
func (p SettingsPatch) Apply(st *Settings) ([]Message, error) {
	for _, check := range []func() error{p.Check, p.CheckGrids, p.CheckWindows} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	set(&st.JuryVoteAssignedOnly, p.JuryVoteAssignedOnly)
	if p.SelfRegistrationRoles != nil {
		st.SelfRegistrationRoles = []Role{}
		for _, r := range p.SelfRegistrationRoles {
			if !slices.Contains(st.SelfRegistrationRoles, r) {
				st.SelfRegistrationRoles = append(st.SelfRegistrationRoles, r)
			}
		}
	}
	set(&st.EmailConfirmation, p.EmailConfirmation)
	set(&st.LoginFailuresPerAccount, p.LoginFailuresPerAccount)
	set(&st.LoginFailuresPerAddress, p.LoginFailuresPerAddress)
	set(&st.RegistrationsPerAddress, p.RegistrationsPerAddress)
	set(&st.WindowSeconds, p.ThrottleWindowSeconds)
	set(&st.SubmissionsOpenAt, p.SubmissionsOpenAt)
	set(&st.SubmissionsCloseAt, p.SubmissionsCloseAt)
	set(&st.VotingOpenAt, p.VotingOpenAt)
	set(&st.VotingCloseAt, p.VotingCloseAt)
	set(&st.PublicFilmView, p.PublicFilmView)
	set(&st.JuryReminderDays, p.JuryReminderDays)
	set(&st.MinWatchedShare, p.MinWatchedShare)
	set(&st.ScoringGrid, p.ScoringGrid)
	set(&st.CategoryGrids, p.CategoryGrids)
	set(&st.CategoryWindows, p.CategoryWindows)
	set(&st.DecisionsReleaseAt, p.DecisionsReleaseAt)
	set(&st.PublicSelection, p.PublicSelection)
	set(&st.Feedback, p.Feedback)
	if len(p.MediaChecks) > 0 {
		checks := MediaCheckActions{}
		for c, a := range st.MediaChecks {
			checks[c] = a
		}
		for c, a := range p.MediaChecks {
			checks[c] = a
		}
		st.MediaChecks = checks
	}
	set(&st.ScreeningWatermark, p.ScreeningWatermark)
	set(&st.BlindJudging, p.BlindJudging)
	set(&st.IncompleteEntries, p.IncompleteEntries)
	set(&st.CategoryRules, p.CategoryRules)
	if !st.Submissions().Valid() {
		return nil, apperr.E(apperr.Invalid, texts.SubmissionsWindowBackwards)
	}
	if !st.Voting().Valid() {
		return nil, apperr.E(apperr.Invalid, texts.VotingWindowBackwards)
	}
	return p.publish(st), nil
}

// publish publishes or withdraws the results as the patch says; publishing
// again keeps the first publication.
func (p SettingsPatch) publish(st *Settings) []Message {
	switch {
	case p.ResultsPublished == nil:
	case !*p.ResultsPublished:
		st.ResultsPublishedAt, st.ResultsLedger = Time{}, nil
	case !st.Published():
		st.ResultsPublishedAt = NewTime(p.Publication.At)
		ledger := p.Publication.Ledger
		st.ResultsLedger = &ledger
		if len(p.Publication.Audience) > 0 {
			return []Message{NewMessage(MessageResultsPublished, p.Publication.Audience, map[string]string{}, p.Publication.At)}
		}
	}
	return nil
}
