package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// ResetTTL is how long a password reset link works.
const ResetTTL = time.Hour

// newToken draws a single-use token (a reset's, a confirmation's): 32
// random bytes, URL-safe.
func newToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// resetHash is what the store keeps of a reset or confirmation token.
func resetHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// RequestPasswordReset sends a reset link to the account of email, if there
// is one: a single-use token, valid ResetTTL, mailed through the outbox. The
// caller gets the same answer either way, so the route tells nobody which
// e-mails have accounts. Requests from one address are throttled as
// registrations are.
func (s *Service) RequestPasswordReset(ctx context.Context, email, address string) error {
	key, err := festival.ParseEmailKey(email)
	if err != nil {
		return err
	}
	if err := s.admitReset(ctx, address); err != nil {
		return err
	}
	u, err := s.store.Users.UserByEmail(ctx, key)
	if errors.Is(err, festival.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	now := s.now()
	msg := festival.NewMessage(festival.MessagePasswordReset, []int64{u.ID}, map[string]string{"token": token}, now)
	return s.store.Resets.CreatePasswordReset(ctx, u.ID, resetHash(token), now.Add(ResetTTL), msg)
}

// ResetPassword sets a new password with a token from a reset message; the
// token then no longer works. The new password follows the registration's
// rules.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if err := festival.CheckPassword(password); err != nil {
		return festival.Refused(err)
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	_, err = s.store.Resets.ConsumePasswordReset(ctx, resetHash(token), s.now(), hash)
	if errors.Is(err, festival.ErrResetInvalid) {
		return apperr.E(apperr.Invalid, texts.ResetInvalid)
	}
	return err
}

// Reminders reports whether the caller receives the jury's reminders.
func (s *Service) Reminders(ctx context.Context, c festival.Actor) (bool, error) {
	mails, err := s.store.Jury.JuryMails(ctx, []int64{c.ID})
	return !mails[c.ID].RemindersOff, err
}

// SetReminders turns the caller's reminders on or off.
func (s *Service) SetReminders(ctx context.Context, c festival.Actor, on bool) error {
	return s.store.Jury.SetReminders(ctx, c.ID, on)
}
