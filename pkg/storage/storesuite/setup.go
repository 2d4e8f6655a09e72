package storesuite

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var setupCases = []testCase{
	{"setup/the first admin once, with the settings", setupOnce},
	{"setup/an admin made otherwise closes the setup", setupClosedByAdmin},
	{"setup/a confirmation confirms once, before it expires", confirmOnce},
}

func setupAdmin(t *testing.T, s Stores, email string) festival.User {
	t.Helper()
	id, err := s.Users.NewUserID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	return festival.User{ID: id, FirstName: "Agnès", LastName: "Varda", Email: email, PasswordHash: "$2a$10$hash",
		Role: festival.RoleAdmin, CreatedAt: now, UpdatedAt: now}
}

func setupOnce(t *testing.T, s Stores) {
	ctx := context.Background()
	if needed, err := s.Setup.SetupNeeded(ctx); err != nil || !needed {
		t.Fatalf("SetupNeeded on a new festival = %v, %v; want true", needed, err)
	}
	first := setupAdmin(t, s, "agnes@example.org")
	if err := s.Setup.Setup(ctx, first, []festival.Role{festival.RoleProducer}, true); err != nil {
		t.Fatal(err)
	}
	if needed, err := s.Setup.SetupNeeded(ctx); err != nil || needed {
		t.Fatalf("SetupNeeded after the setup = %v, %v; want false", needed, err)
	}
	st, err := s.Settings.GetSettings(ctx)
	if err != nil || !st.EmailConfirmation || len(st.SelfRegistrationRoles) != 1 || st.SelfRegistrationRoles[0] != festival.RoleProducer {
		t.Fatalf("settings after the setup = %+v, %v", st, err)
	}
	if u, err := s.Users.UserByEmail(ctx, emailKey(t, "AGNES@example.org")); err != nil || u.ID != first.ID || u.Role != festival.RoleAdmin || u.Unconfirmed {
		t.Fatalf("the first admin = %+v, %v", u, err)
	}
	second := setupAdmin(t, s, "jacques@example.org")
	if err := s.Setup.Setup(ctx, second, nil, false); !errors.Is(err, festival.ErrSetupDone) {
		t.Fatalf("a second setup = %v; want ErrSetupDone", err)
	}
	if _, err := s.Users.GetUser(ctx, second.ID); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("the refused setup wrote its admin: %v", err)
	}
}

func setupClosedByAdmin(t *testing.T, s Stores) {
	ctx := context.Background()
	taken := newUser(t, s, "ada@example.org") // a JURY account
	if err := s.Setup.Setup(ctx, setupAdmin(t, s, "ada@example.org"), nil, false); !errors.Is(err, festival.ErrEmailTaken) {
		t.Fatalf("a setup with a registered e-mail = %v; want ErrEmailTaken", err)
	}
	if needed, _ := s.Setup.SetupNeeded(ctx); !needed {
		t.Fatal("a refused setup closed the setup")
	}
	if _, err := s.Users.UpdateUser(ctx, taken.ID, func(u *festival.User) error { u.Role = festival.RoleAdmin; return nil }); err != nil {
		t.Fatal(err)
	}
	if needed, err := s.Setup.SetupNeeded(ctx); err != nil || needed {
		t.Fatalf("SetupNeeded after a promotion to ADMIN = %v, %v; want false", needed, err)
	}
	if err := s.Setup.Setup(ctx, setupAdmin(t, s, "agnes@example.org"), nil, false); !errors.Is(err, festival.ErrSetupDone) {
		t.Fatalf("a setup after a promotion = %v; want ErrSetupDone", err)
	}
}

func confirmOnce(t *testing.T, s Stores) {
	ctx := context.Background()
	now := time.Now()
	id, err := s.Users.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mail := func() festival.Message {
		return festival.NewMessage(festival.MessageAccountConfirm, []int64{id}, map[string]string{"token": "secret"}, now)
	}
	u := festival.User{ID: id, FirstName: "Jacques", LastName: "Demy", Email: "jacques@example.org", PasswordHash: "$2a$10$hash",
		Role: festival.RoleProducer, Unconfirmed: true, CreatedAt: festival.NewTime(now), UpdatedAt: festival.NewTime(now),
		Confirmation: &festival.EmailConfirmation{TokenHash: "hash-1", Expires: now.Add(time.Hour), Message: mail()}}
	if err := s.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Users.GetUser(ctx, id); !got.Unconfirmed || got.Confirmation != nil {
		t.Fatalf("a new unconfirmed account reads %+v", got)
	}
	again := festival.EmailConfirmation{TokenHash: "hash-2", Expires: now.Add(time.Minute), Message: mail()}
	if err := s.Setup.CreateConfirmation(ctx, id, again); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Setup.ConfirmEmail(ctx, "hash-2", now.Add(time.Minute)); !errors.Is(err, festival.ErrConfirmInvalid) {
		t.Fatalf("an expired token = %v; want ErrConfirmInvalid", err)
	}
	if _, err := s.Setup.ConfirmEmail(ctx, "unknown", now); !errors.Is(err, festival.ErrConfirmInvalid) {
		t.Fatalf("an unknown token = %v; want ErrConfirmInvalid", err)
	}
	if got, err := s.Setup.ConfirmEmail(ctx, "hash-1", now.Add(time.Minute)); err != nil || got != id {
		t.Fatalf("ConfirmEmail = %d, %v", got, err)
	}
	if got, _ := s.Users.GetUser(ctx, id); got.Unconfirmed {
		t.Fatal("the account is still unconfirmed")
	}
	if _, err := s.Setup.ConfirmEmail(ctx, "hash-1", now); !errors.Is(err, festival.ErrConfirmInvalid) {
		t.Fatalf("a used token = %v; want ErrConfirmInvalid", err)
	}
	if err := s.Setup.CreateConfirmation(ctx, id, festival.EmailConfirmation{TokenHash: "hash-3", Expires: now.Add(time.Hour), Message: mail()}); !errors.Is(err, festival.ErrConfirmInvalid) {
		t.Fatalf("a confirmation of a confirmed account = %v; want ErrConfirmInvalid", err)
	}
}
