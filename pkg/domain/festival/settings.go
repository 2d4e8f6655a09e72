package festival

import (
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Settings are the festival's own rules where the specification is more
// permissive than a festival may want (docs/architecture.md, "Baseline decisions"). The defaults
// follow the specification literally.
type Settings struct {
	// lang is the language the films' status words are written in for the
	// request that reads them (In); French when unset.
	lang texts.Lang
	// JuryVoteAssignedOnly: jury members may vote on (and mark candidate) only
	// the films assigned to them.
	JuryVoteAssignedOnly bool `json:"jury_vote_assigned_only"`
	// SelfRegistrationRoles: the roles an unauthenticated registration
	// (POST /auth/register, POST /users without an admin token) may create.
	SelfRegistrationRoles []Role `json:"self_registration_roles"`
	// EmailConfirmation: an account made by self-registration must confirm
	// its address (a link by message) before it submits a film or votes.
	// Off by default, as the specification's flows have no confirmation; the
	// console's first-run page turns it on.
	EmailConfirmation bool `json:"email_confirmation"`
	// Throttle slows down password guessing and account-creation floods.
	Throttle
	// Season is the calendar: submission and voting windows, publication
	// of the results, and what the public reads of a film.
	Season
	// Form is the festival's own form (entryform.go): stored in an item
	// of its own, read with the settings, served by GET /settings/form.
	Form      EntryForm `json:"-"`
	UpdatedAt Time      `json:"updatedAt"`
}

// Throttle is how many attempts one account or one source address may make
// within a window before the API answers 429 until the window ends. Its
// fields appear at the top level of the settings' JSON.
type Throttle struct {
	// LoginFailuresPerAccount: failed logins for one e-mail (whether or not
	// an account has it); a successful login starts the count again.
	LoginFailuresPerAccount int `json:"login_failures_per_account"`
	// LoginFailuresPerAddress: failed logins from one source address,
	// whatever the e-mails tried.
	LoginFailuresPerAddress int `json:"login_failures_per_address"`
	// RegistrationsPerAddress: registrations (POST /auth/register,
	// POST /users without an admin token, POST /auth/register-film) from
	// one source address, successful or not.
	RegistrationsPerAddress int `json:"registrations_per_address"`
	// WindowSeconds: how long a count lasts from its first attempt.
	WindowSeconds int `json:"throttle_window_seconds"`
}

// Bounds of the throttle settings.
const (
	MaxThrottleAttempts      = 1_000_000
	MaxThrottleWindowSeconds = 86_400
)

// DefaultThrottle is the production protection: 10 failed logins per account
// and 100 per address, 20 registrations per address, per 15 minutes. A load
// test raises them through PUT /settings (README, "Settings").
func DefaultThrottle() Throttle {
	return Throttle{LoginFailuresPerAccount: 10, LoginFailuresPerAddress: 100, RegistrationsPerAddress: 20, WindowSeconds: 900}
}

// Window is WindowSeconds as a duration.
func (t Throttle) Window() time.Duration { return time.Duration(t.WindowSeconds) * time.Second }

// OrDefaults fills each unset (zero) value with its default: settings stored
// before a setting existed keep working.
func (t Throttle) OrDefaults() Throttle {
	d := DefaultThrottle()
	for _, f := range []struct{ v, def *int }{
		{&t.LoginFailuresPerAccount, &d.LoginFailuresPerAccount}, {&t.LoginFailuresPerAddress, &d.LoginFailuresPerAddress},
		{&t.RegistrationsPerAddress, &d.RegistrationsPerAddress}, {&t.WindowSeconds, &d.WindowSeconds},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return t
}

// DefaultSettings are the specification's behaviour: any jury member votes on
// any film, and registration accepts every role.
func DefaultSettings() Settings {
	return Settings{SelfRegistrationRoles: []Role{RoleAdmin, RoleJury, RoleProducer}, Throttle: DefaultThrottle(),
		Season: Season{PublicFilmView: FilmViewFull, CategoryWindows: map[int64]CategoryWindow{}, CategoryGrids: map[int64]Grid{},
			PublicSelection: SelectionAll, ReleasedCategories: map[int64]Time{},
			IncompleteEntries: IncompleteRefuse, CategoryRules: map[int64][]EligibilityRule{}}}
}

// SelfRegistrationAllows reports whether self-registration may create role.
func (s Settings) SelfRegistrationAllows(role Role) bool {
	for _, r := range s.SelfRegistrationRoles {
		if r == role {
			return true
		}
	}
	return false
}

// In is s for a reader of language l: the films it shows (ForAudience,
// FilmsFor) carry their status words in l.
func (s Settings) In(l texts.Lang) Settings {
	s.lang = l
	return s
}
