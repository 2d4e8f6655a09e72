package memory

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// SetupNeeded reports whether the festival has never had an admin.
func (s *Users) SetupNeeded(context.Context) (bool, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	return !s.db.hadAdmin, nil
}

// Setup creates the festival's first admin u and sets the roles open to
// self-registration and the e-mail confirmation, all or nothing:
// festival.ErrSetupDone once the festival has had an admin,
// festival.ErrEmailTaken when the e-mail has an account.
func (s *Users) Setup(_ context.Context, u festival.User, roles []festival.Role, confirm bool) error {
	db := s.db
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.hadAdmin {
		return festival.ErrSetupDone
	}
	email := festival.NormalizeEmail(u.Email)
	if _, taken := db.emails[email]; taken {
		return festival.ErrEmailTaken
	}
	st := db.currentSettings()
	st.SelfRegistrationRoles = append([]festival.Role{}, roles...)
	st.EmailConfirmation = confirm
	st.UpdatedAt = db.stamp()
	st = storedSettings(st)
	db.settings = &st
	db.users[u.ID] = storedUser(u)
	db.emails[email] = u.ID
	db.hadAdmin = true
	return nil
}

// CreateConfirmation stores a new confirmation for an account that is still
// unconfirmed (festival.ErrConfirmInvalid otherwise). The message is not
// kept (no outbox here).
func (s *Users) CreateConfirmation(_ context.Context, uid int64, c festival.EmailConfirmation) error {
	db := s.db
	db.mu.Lock()
	defer db.mu.Unlock()
	if u, ok := db.users[uid]; !ok || !u.Unconfirmed {
		return festival.ErrConfirmInvalid
	}
	db.confirms[c.TokenHash] = reset{userID: uid, expires: c.Expires.Unix()}
	return nil
}

// ConfirmEmail confirms the address of the account of a valid confirmation
// and deletes it (useToken). festival.ErrConfirmInvalid for a token
// unknown, used or expired, or whose account is gone.
func (s *Users) ConfirmEmail(_ context.Context, tokenHash string, now time.Time) (int64, error) {
	return s.db.useToken(s.db.confirms, tokenHash, now, festival.ErrConfirmInvalid, func(u *festival.User) { u.Unconfirmed = false })
}
