package storesuite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

var userCases = []testCase{
	{"users/an e-mail belongs to one account, compared trimmed and in lower case", emailsAreUnique},
	{"users/an unknown user is not found", unknownUserIsNotFound},
	{"users/an update keeps id and creation and moves the e-mail", updateUserMovesTheEmail},
	{"users/a refused update writes nothing", refusedUserUpdates},
	{"users/twenty concurrent creations of one e-mail make one", concurrentUserCreations},
	{"users/concurrent updates lose none", concurrentUserUpdates},
	{"users/the account's language is kept, absent when never chosen", userLanguageIsKept},
}

func newUser(t *testing.T, s Stores, email string) festival.User {
	t.Helper()
	ctx := context.Background()
	id, err := s.Users.NewUserID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	u := festival.User{ID: id, FirstName: "Ada", LastName: "Lovelace", Email: email, PasswordHash: "$2a$10$hash",
		Role: festival.RoleJury, CreatedAt: now, UpdatedAt: now}
	if err := s.Users.CreateUser(ctx, u); err != nil {
		t.Fatalf("CreateUser(%q): %v", email, err)
	}
	return u
}

func emailsAreUnique(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "Ada@Example.org")
	other := newUser(t, s, "grace@example.org")
	if other.ID <= u.ID {
		t.Fatalf("user ids %d then %d: not increasing", u.ID, other.ID)
	}
	id, _ := s.Users.NewUserID(ctx)
	dup := festival.User{ID: id, FirstName: "Autre", Email: " ada@EXAMPLE.org ", Role: festival.RoleProducer}
	if err := s.Users.CreateUser(ctx, dup); !errors.Is(err, festival.ErrEmailTaken) {
		t.Fatalf("a taken e-mail: err %v, want ErrEmailTaken", err)
	}
	if _, err := s.Users.GetUser(ctx, id); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("the refused user was written: err %v", err)
	}
	got, err := s.Users.UserByEmail(ctx, emailKey(t, "  ada@EXAMPLE.org "))
	if err != nil || got.ID != u.ID || got.Email != "Ada@Example.org" || got.Role != festival.RoleJury ||
		got.PasswordHash != u.PasswordHash || !got.CreatedAt.Equal(u.CreatedAt.Time) {
		t.Fatalf("UserByEmail = %+v, %v", got, err)
	}
	list, next, err := s.Users.ListUsers(ctx, festival.Page{})
	if err != nil || next != "" || len(list) != 2 || list[0].ID != u.ID || list[1].ID != other.ID {
		t.Fatalf("ListUsers = %+v, %q, %v", list, next, err)
	}
}

func unknownUserIsNotFound(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	if _, err := s.Users.GetUser(ctx, u.ID+10); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetUser of an unknown id: err %v", err)
	}
	if _, err := s.Users.UserByEmail(ctx, emailKey(t, "nobody@example.org")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("UserByEmail of an unknown e-mail: err %v", err)
	}
	called := false
	if _, err := s.Users.UpdateUser(ctx, u.ID+10, func(*festival.User) error { called = true; return nil }); !errors.Is(err, festival.ErrNotFound) || called {
		t.Fatalf("update of an unknown user: err %v, change called %v", err, called)
	}
}

func updateUserMovesTheEmail(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	city := "Lyon"
	up, err := s.Users.UpdateUserAs(ctx, &admin, u.ID, func(x *festival.User) error {
		x.Email, x.City, x.Role, x.JuryCategories = "Ada.King@example.org", &city, festival.RoleProducer, []int64{3, 1}
		x.ID, x.CreatedAt = 999, festival.Time{} // not the change's to make
		return nil
	})
	if err != nil || up.ID != u.ID || up.Email != "Ada.King@example.org" || up.City == nil || *up.City != "Lyon" ||
		!up.CreatedAt.Equal(u.CreatedAt.Time) || up.UpdatedAt.Before(u.UpdatedAt.Time) {
		t.Fatalf("UpdateUserAs = %+v, %v", up, err)
	}
	city = "Paris" // the caller's variable is not the stored user's
	got, err := s.Users.GetUser(ctx, u.ID)
	if err != nil || got.City == nil || *got.City != "Lyon" || got.Role != festival.RoleProducer || got.FirstName != "Ada" ||
		!slices.Equal(got.JuryCategories, []int64{3, 1}) || got.JuryConflicts != nil || !got.UpdatedAt.Equal(up.UpdatedAt.Time) {
		t.Fatalf("GetUser after the update = %+v, %v", got, err)
	}
	if byMail, err := s.Users.UserByEmail(ctx, emailKey(t, "ADA.KING@example.org")); err != nil || byMail.ID != u.ID {
		t.Fatalf("UserByEmail of the new e-mail = %+v, %v", byMail, err)
	}
	if _, err := s.Users.UserByEmail(ctx, emailKey(t, "ada@example.org")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("UserByEmail of the old e-mail: err %v", err)
	}
	newUser(t, s, "ada@example.org") // the old e-mail is free
	// Its own e-mail in another letter case.
	if up, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error { x.Email = "ADA.KING@EXAMPLE.ORG"; return nil }); err != nil || up.Email != "ADA.KING@EXAMPLE.ORG" {
		t.Fatalf("own e-mail in capitals = %+v, %v", up, err)
	}
}

func refusedUserUpdates(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	newUser(t, s, "grace@example.org")
	up, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error { x.Email, x.LastName = " Grace@example.org", "Hopper"; return nil })
	if !errors.Is(err, festival.ErrEmailTaken) || up.ID != 0 {
		t.Fatalf("an e-mail taken: %+v, err %v; want the zero user and ErrEmailTaken", up, err)
	}
	refused := errors.New("refused by the change")
	up, err = s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error { x.LastName = "Hopper"; return refused })
	if err != refused || up.ID != 0 {
		t.Fatalf("an aborted change: %+v, err %v; want the zero user and the change's own error", up, err)
	}
	got, err := s.Users.GetUser(ctx, u.ID)
	if err != nil || got.LastName != "Lovelace" || got.Email != "ada@example.org" || !got.UpdatedAt.Equal(u.UpdatedAt.Time) {
		t.Fatalf("user after refused updates = %+v, %v", got, err)
	}
	if byMail, err := s.Users.UserByEmail(ctx, emailKey(t, "grace@example.org")); err != nil || byMail.ID == u.ID {
		t.Fatalf("a refused update moved the e-mail: %+v, %v", byMail, err)
	}
}

func concurrentUserCreations(t *testing.T, s Stores) {
	ctx := context.Background()
	var mu sync.Mutex
	var wg sync.WaitGroup
	ok, taken := 0, 0
	for i := range 20 {
		wg.Go(func() {
			id, err := s.Users.NewUserID(ctx)
			if err == nil {
				err = s.Users.CreateUser(ctx, festival.User{ID: id, FirstName: "Ada", Email: fmt.Sprintf("ADA@example.org%s", strings.Repeat(" ", i%3)), Role: festival.RoleJury})
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, festival.ErrEmailTaken):
				taken++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	list, _, err := s.Users.ListUsers(ctx, festival.Page{})
	if err != nil || ok != 1 || taken != 19 || len(list) != 1 {
		t.Fatalf("created %d, refused %d, stored %d (%v); want 1, 19, 1", ok, taken, len(list), err)
	}
}

func concurrentUserUpdates(t *testing.T, s Stores) {
	ctx := context.Background()
	u := newUser(t, s, "ada@example.org")
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			if _, err := s.Users.UpdateUser(ctx, u.ID, func(x *festival.User) error {
				x.JuryConflicts = append(x.JuryConflicts, int64(i))
				return nil
			}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := s.Users.GetUser(ctx, u.ID)
	if err != nil || len(got.JuryConflicts) != 4 {
		t.Fatalf("conflicts after 4 concurrent appends = %v, %v; want each append kept", got.JuryConflicts, err)
	}
}

func userLanguageIsKept(t *testing.T, s Stores) {
	ctx := context.Background()
	never := newUser(t, s, "ada@example.org")
	if got, err := s.Users.GetUser(ctx, never.ID); err != nil || got.Language != "" || got.Lang() != texts.French {
		t.Fatalf("an account that never chose: %q, %v", got.Language, err)
	}
	id, _ := s.Users.NewUserID(ctx)
	en := festival.User{ID: id, FirstName: "Jane", LastName: "Campion", Email: "jane@example.org", Role: festival.RoleProducer, Language: texts.English}
	if err := s.Users.CreateUser(ctx, en); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Users.UserByEmail(ctx, emailKey(t, "jane@example.org")); err != nil || got.Language != texts.English {
		t.Fatalf("created in English: %q, %v", got.Language, err)
	}
	if _, err := s.Users.UpdateUser(ctx, never.ID, func(u *festival.User) error { u.Language = texts.English; return nil }); err != nil {
		t.Fatal(err)
	}
	list, _, err := s.Users.ListUsers(ctx, festival.Page{})
	if err != nil || len(list) != 2 || list[0].Language != texts.English || list[1].Language != texts.English {
		t.Fatalf("ListUsers after the change: %+v, %v", list, err)
	}
	if up, err := s.Users.UpdateUser(ctx, id, func(u *festival.User) error { u.Language = texts.French; return nil }); err != nil || up.Lang() != texts.French {
		t.Fatalf("back to French: %+v, %v", up, err)
	}
	if got, _ := s.Users.GetUser(ctx, id); got.Lang() != texts.French {
		t.Fatalf("read back in French: %q", got.Language)
	}
}
