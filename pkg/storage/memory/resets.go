package memory

import (
	"context"
	"fmt"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// reset is a password reset as stored: the user's id and when it expires,
// in whole seconds as the DynamoDB item keeps it.
type reset struct {
	userID  int64
	expires int64 // Unix seconds
}

// Resets is the store of password resets, each used once.
type Resets struct{ db *DB }

// Resets returns the festival's password-reset store.
func (db *DB) Resets() *Resets { return &Resets{db: db} }

// CreatePasswordReset stores a reset for the user, valid until expires. The
// message that carries its token is not kept (no outbox here).
func (s *Resets) CreatePasswordReset(_ context.Context, userID int64, tokenHash string, expires time.Time, _ festival.Message) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if _, ok := s.db.resets[tokenHash]; ok {
		return fmt.Errorf("create password reset: the token is taken")
	}
	s.db.resets[tokenHash] = reset{userID: userID, expires: expires.Unix()}
	return nil
}

// ConsumePasswordReset sets a new password hash for the user of a valid
// reset and deletes the reset (useToken). It returns the user's id;
// festival.ErrResetInvalid for a token unknown, used or expired, or whose
// account is gone (the reset then stays, as in DynamoDB).
func (s *Resets) ConsumePasswordReset(_ context.Context, tokenHash string, now time.Time, passwordHash string) (int64, error) {
	return s.db.useToken(s.db.resets, tokenHash, now, festival.ErrResetInvalid, func(u *festival.User) { u.PasswordHash = passwordHash })
}

// useToken applies change to the account of the valid single-use token
// tokenHash among tokens (password resets, address confirmations) and
// deletes the token: a token works once. It returns the account's id;
// invalid for a token unknown, used or expired, or whose account is gone
// (the token then stays, as in DynamoDB).
func (db *DB) useToken(tokens map[string]reset, tokenHash string, now time.Time, invalid error, change func(*festival.User)) (int64, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	r, ok := tokens[tokenHash]
	if !ok || r.expires <= now.Unix() {
		return 0, invalid
	}
	u, ok := db.users[r.userID]
	if !ok {
		return 0, invalid
	}
	change(&u)
	u.UpdatedAt = festival.NewTime(now)
	db.users[r.userID] = u
	delete(tokens, tokenHash)
	return r.userID, nil
}
