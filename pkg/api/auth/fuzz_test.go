package auth

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// everyone says every id is an existing ADMIN: the guard's answer then
// depends on the token alone.
type everyone struct{}

func (everyone) Caller(_ context.Context, id int64) (festival.User, bool, error) {
	return festival.User{ID: id, Role: festival.RoleAdmin}, true, nil
}

// FuzzGuard: whatever Authorization headers a request carries, the guard
// finds a caller only for one header holding one token it signed itself;
// anything else is a 401, never a panic or a 5xx.
func FuzzGuard(f *testing.F) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	tk, err := NewTokens(secret, time.Hour, func() time.Time { return now })
	if err != nil {
		f.Fatal(err)
	}
	valid, _ := tk.Issue(festival.User{ID: 7, Role: festival.RoleJury})
	g := NewGuard(tk, everyone{})
	f.Add("Bearer "+valid, "")
	f.Add("Bearer "+valid, "Bearer "+valid)
	f.Add("bearer  "+valid+" ", "")
	f.Add("Bearer "+valid+","+valid, "")
	f.Add("Bearer "+valid[:len(valid)-1], "")
	f.Add("Basic YWRtaW46YWRtaW4=", "")
	f.Add("Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "")
	f.Fuzz(func(t *testing.T, first, second string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Add("Authorization", first)
		if second != "" {
			r.Header.Add("Authorization", second)
		}
		a, err := g.Authenticate(r)
		if err != nil {
			if web.StatusOf(err) != 401 {
				t.Fatalf("headers %q, %q: %v answers %d, want 401", first, second, err, web.StatusOf(err))
			}
			return
		}
		if second != "" || a.ID != 7 {
			t.Fatalf("headers %q, %q authenticated as %+v", first, second, a)
		}
	})
}
