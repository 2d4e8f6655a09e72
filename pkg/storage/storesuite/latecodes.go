package storesuite

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var lateCodeCases = []testCase{
	{"late codes/a code is unique, read back and withdrawn", lateCodeLifecycle},
}

// newLateCode stores a code created i minutes into the suite's day, so
// that codes list in the order they were added.
func newLateCode(t *testing.T, s Stores, code string, i int) festival.LateCode {
	t.Helper()
	created := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute)
	c := festival.LateCode{Code: code, UsesLeft: 3, ExpiresAt: festival.NewTime(created.Add(48 * time.Hour)), CreatedAt: festival.NewTime(created)}
	if err := s.LateCodes.CreateLateCode(context.Background(), c); err != nil {
		t.Fatalf("CreateLateCode(%q): %v", code, err)
	}
	return c
}

func lateCodeLifecycle(t *testing.T, s Stores) {
	ctx := context.Background()
	c := newLateCode(t, s, "RETARD1", 0)
	if err := s.LateCodes.CreateLateCode(ctx, festival.LateCode{Code: "RETARD1", UsesLeft: 1, CreatedAt: c.CreatedAt}); !errors.Is(err, festival.ErrCodeTaken) {
		t.Fatalf("a taken code: err %v, want ErrCodeTaken", err)
	}
	got, err := s.LateCodes.GetLateCode(ctx, lateCodeID(t, "RETARD1"))
	if err != nil || got.Code != "RETARD1" || got.UsesLeft != 3 || got.Uses != 0 || !got.ExpiresAt.Equal(c.ExpiresAt.Time) || !got.CreatedAt.Equal(c.CreatedAt.Time) {
		t.Fatalf("GetLateCode = %+v, %v", got, err)
	}
	if _, err := s.LateCodes.GetLateCode(ctx, lateCodeID(t, "INCONNU")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetLateCode of an unknown code: err %v", err)
	}
	// Two codes of one creation time list by code, from the last.
	newLateCode(t, s, "AAAA", 1)
	newLateCode(t, s, "BBBB", 1)
	list, next, err := s.LateCodes.ListLateCodes(ctx, festival.Page{})
	if err != nil || next != "" || len(list) != 3 || list[0].Code != "BBBB" || list[1].Code != "AAAA" || list[2].Code != "RETARD1" {
		t.Fatalf("ListLateCodes = %+v, %q, %v", list, next, err)
	}
	if err := s.LateCodes.DeleteLateCode(ctx, lateCodeID(t, "RETARD1")); err != nil {
		t.Fatal(err)
	}
	if err := s.LateCodes.DeleteLateCode(ctx, lateCodeID(t, "RETARD1")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("second withdrawal: err %v", err)
	}
	if _, err := s.LateCodes.GetLateCode(ctx, lateCodeID(t, "RETARD1")); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("GetLateCode of a withdrawn code: err %v", err)
	}
	if err := s.LateCodes.CreateLateCode(ctx, c); err != nil {
		t.Fatalf("a withdrawn code is not free again: %v", err)
	}
}

// lateCodeID is code as the stores take it (festival.ParseLateCode).
func lateCodeID(t *testing.T, code string) festival.LateCodeID {
	t.Helper()
	id, err := festival.ParseLateCode("code", code)
	if err != nil {
		t.Fatalf("ParseLateCode(%q): %v", code, err)
	}
	return id
}

// emailKey is email as the stores take it (festival.ParseEmailKey).
func emailKey(t *testing.T, email string) festival.EmailKey {
	t.Helper()
	k, err := festival.ParseEmailKey(email)
	if err != nil {
		t.Fatalf("ParseEmailKey(%q): %v", email, err)
	}
	return k
}
