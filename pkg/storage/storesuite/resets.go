package storesuite

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var resetCases = []testCase{
	{"resets/a reset sets the password once", resetWorksOnce},
	{"resets/an unknown or expired token, or a gone account, is invalid", invalidResets},
}

func resetMessage(userID int64, now time.Time) festival.Message {
	return festival.NewMessage(festival.MessagePasswordReset, []int64{userID}, map[string]string{"token": "secret"}, now)
}

func resetWorksOnce(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	now := time.Now()
	if err := s.Resets.CreatePasswordReset(ctx, u.ID, "hash-1", now.Add(time.Hour), resetMessage(u.ID, now)); err != nil {
		t.Fatal(err)
	}
	later := now.Add(10 * time.Minute)
	id, err := s.Resets.ConsumePasswordReset(ctx, "hash-1", later, "$2a$10$new")
	if err != nil || id != u.ID {
		t.Fatalf("ConsumePasswordReset = %d, %v", id, err)
	}
	got, err := s.Users.GetUser(ctx, u.ID)
	if err != nil || got.PasswordHash != "$2a$10$new" || !got.UpdatedAt.Equal(festival.NewTime(later).Time) {
		t.Fatalf("user after the reset = %+v, %v", got, err)
	}
	if _, err := s.Resets.ConsumePasswordReset(ctx, "hash-1", later, "$2a$10$again"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Fatalf("second use: err %v, want ErrResetInvalid", err)
	}
	if got, _ := s.Users.GetUser(ctx, u.ID); got.PasswordHash != "$2a$10$new" {
		t.Fatalf("a second use changed the password: %q", got.PasswordHash)
	}
}

func invalidResets(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	now := time.Now()
	if _, err := s.Resets.ConsumePasswordReset(ctx, "unknown", now, "$2a$10$new"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Fatalf("unknown token: err %v", err)
	}
	expires := now.Add(time.Hour)
	if err := s.Resets.CreatePasswordReset(ctx, u.ID, "hash-2", expires, resetMessage(u.ID, now)); err != nil {
		t.Fatal(err)
	}
	// Expired at its second: valid until the second before.
	if _, err := s.Resets.ConsumePasswordReset(ctx, "hash-2", expires, "$2a$10$new"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Fatalf("expired token: err %v", err)
	}
	if _, err := s.Resets.ConsumePasswordReset(ctx, "hash-2", expires.Add(-time.Second), "$2a$10$new"); err != nil {
		t.Fatalf("token a second before it expires: %v", err)
	}
	if err := s.Resets.CreatePasswordReset(ctx, u.ID+10, "hash-3", expires, resetMessage(u.ID+10, now)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Resets.ConsumePasswordReset(ctx, "hash-3", now, "$2a$10$new"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Fatalf("token of an account that is gone: err %v", err)
	}
}
