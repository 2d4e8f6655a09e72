package dynamo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestAResetTokenWorksOnceAndNotAfterItExpires(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	ctx := context.Background()
	u := newUser(t, s, "jury@example.org", festival.RoleJury)
	now := time.Now()
	for _, hash := range []string{"aaaa", "bbbb"} {
		msg := festival.NewMessage(festival.MessagePasswordReset, []int64{u.ID}, map[string]string{"token": hash}, now)
		if err := s.CreatePasswordReset(ctx, u.ID, hash, now.Add(time.Hour), msg); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.ConsumePasswordReset(ctx, "bbbb", now.Add(61*time.Minute), "$2a$10$late"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Errorf("an expired token: %v, want festival.ErrResetInvalid", err)
	}
	if id, err := s.ConsumePasswordReset(ctx, "aaaa", now.Add(59*time.Minute), "$2a$10$new"); err != nil || id != u.ID {
		t.Fatalf("a valid token: %d, %v", id, err)
	}
	if _, err := s.ConsumePasswordReset(ctx, "aaaa", now.Add(59*time.Minute), "$2a$10$again"); !errors.Is(err, festival.ErrResetInvalid) {
		t.Errorf("a used token: %v, want festival.ErrResetInvalid", err)
	}
	if got, _ := s.GetUser(ctx, u.ID); got.PasswordHash != "$2a$10$new" {
		t.Errorf("password hash %q after the reset", got.PasswordHash)
	}
}
