package screening

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var now = time.Date(2026, 11, 26, 15, 0, 0, 0, time.UTC)

func TestTicketRoundTrip(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	for _, role := range festival.Roles {
		in := Ticket{MovieID: 1234567, UserID: 98765, Role: role, Expires: now.Add(15 * time.Minute)}
		tk := s.Mint(in)
		if len(tk) >= 200 || strings.ContainsAny(tk, "+/=%&? ") {
			t.Fatalf("ticket %q: not compact and URL-safe", tk)
		}
		got, err := s.Open(tk, in.MovieID, now)
		if err != nil || got != in {
			t.Fatalf("open %q = %+v, %v; want %+v", tk, got, err, in)
		}
	}
}

func TestTicketsRefused(t *testing.T) {
	t.Parallel()
	s := NewSecret(jwtSecret)
	valid := Ticket{MovieID: 5, UserID: 9, Role: festival.RoleJury, Expires: now.Add(time.Minute)}
	tk := s.Mint(valid)
	payload, sig, _ := strings.Cut(tk, ".")
	other := NewSecret(jwtSecret + "-other").Mint(valid)
	forgedPayload := s.Mint(Ticket{MovieID: 5, UserID: 1, Role: festival.RoleAdmin, Expires: valid.Expires})
	fp, _, _ := strings.Cut(forgedPayload, ".")
	cases := []struct {
		name, ticket string
		movie        int64
		at           time.Time
		reason       string
	}{
		{"another film", tk, 6, now, "another film"},
		{"expired", tk, 5, valid.Expires, "expired"},
		{"signed with another secret", other, 5, now, "bad signature"},
		{"payload swapped under a signature", fp + "." + sig, 5, now, "bad signature"},
		{"no signature", payload, 5, now, "malformed"},
		{"empty", "", 5, now, "malformed"},
		{"signature truncated", tk[:len(tk)-2], 5, now, "bad signature"},
		{"too long", strings.Repeat("a", 300), 5, now, "too long"},
	}
	for _, c := range cases {
		_, err := s.Open(c.ticket, c.movie, c.at)
		if !errors.Is(err, ErrTicket) || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: %v, want ErrTicket (%s)", c.name, err, c.reason)
		}
	}
}

// FuzzTicket: no input opens unless it is a ticket this secret minted, and
// none panics; a minted ticket opens to what was minted.
func FuzzTicket(f *testing.F) {
	s := NewSecret(jwtSecret)
	f.Add(s.Mint(Ticket{MovieID: 5, UserID: 9, Role: festival.RoleJury, Expires: now.Add(time.Minute)}), int64(5), int64(9), int64(60))
	f.Add("AQUJ.x", int64(1), int64(1), int64(1))
	f.Add("", int64(0), int64(0), int64(-5))
	f.Fuzz(func(t *testing.T, ticket string, movie, user, ttl int64) {
		if tk, err := s.Open(ticket, movie, now); err == nil {
			if s.Mint(tk) != ticket {
				t.Fatalf("%q opened but is not what Mint writes for %+v", ticket, tk)
			}
		} else if !errors.Is(err, ErrTicket) {
			t.Fatalf("%q: %v is not ErrTicket", ticket, err)
		}
		if movie < 0 || user < 0 || ttl <= 0 || ttl > 1<<40 {
			return
		}
		in := Ticket{MovieID: movie, UserID: user, Role: festival.RoleJury, Expires: now.Add(time.Duration(ttl) * time.Second)}
		got, err := s.Open(s.Mint(in), movie, now)
		if err != nil || got != in {
			t.Fatalf("%+v opened as %+v, %v", in, got, err)
		}
	})
}
