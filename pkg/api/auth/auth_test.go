package auth

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

func tokensAt(t *testing.T, now time.Time) *Tokens {
	t.Helper()
	tk, err := NewTokens(secret, time.Hour, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

func TestTokenRoundTripCarriesUserAndRole(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tk := tokensAt(t, now)
	s, err := tk.Issue(festival.User{ID: 42, Role: festival.RoleJury, Email: "j@x.org"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := tk.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := c.UserID()
	if id != 42 || c.Role != festival.RoleJury || !c.ExpiresAt.Time.Equal(now.Add(time.Hour)) {
		t.Fatalf("claims = %+v", c)
	}
}

func TestTokenIsRefused(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tk := tokensAt(t, now)
	valid, _ := tk.Issue(festival.User{ID: 1, Role: festival.RoleAdmin})
	sign := func(m jwt.SigningMethod, key any, claims jwt.Claims) string {
		s, err := jwt.NewWithClaims(m, claims).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := func() jwt.RegisteredClaims {
		return jwt.RegisteredClaims{Issuer: Issuer, Subject: "1", ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour))}
	}
	noExp := base()
	noExp.ExpiresAt = nil
	expired := base()
	expired.ExpiresAt = jwt.NewNumericDate(now.Add(-time.Second))
	otherIssuer := base()
	otherIssuer.Issuer = "someone-else"
	badSubject := base()
	badSubject.Subject = "admin"
	cases := map[string]string{
		"after its lifetime":      func() string { s, _ := tokensAt(t, now.Add(-2*time.Hour)).Issue(festival.User{ID: 1}); return s }(),
		"with another secret":     sign(jwt.SigningMethodHS256, []byte("another-secret-another-secret-xx"), Claims{RegisteredClaims: base()}),
		"with alg none":           sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, Claims{RegisteredClaims: base()}),
		"with HS512 (not pinned)": sign(jwt.SigningMethodHS512, secret, Claims{RegisteredClaims: base()}),
		"without exp":             sign(jwt.SigningMethodHS256, secret, Claims{RegisteredClaims: noExp}),
		"expired":                 sign(jwt.SigningMethodHS256, secret, Claims{RegisteredClaims: expired}),
		"from another issuer":     sign(jwt.SigningMethodHS256, secret, Claims{RegisteredClaims: otherIssuer}),
		"with a non-numeric sub":  sign(jwt.SigningMethodHS256, secret, Claims{RegisteredClaims: badSubject}),
		"tampered":                valid[:len(valid)-2] + "xx",
		"garbage":                 "not.a.token",
	}
	for name, tok := range cases {
		if _, err := tk.Parse(tok); err == nil {
			t.Errorf("a token %s was accepted", name)
		}
	}
}

func TestNewTokensRefusesShortSecrets(t *testing.T) {
	t.Parallel()
	if _, err := NewTokens([]byte("short"), 0, nil); err == nil {
		t.Fatal("a 5-byte secret was accepted")
	}
}

type roles map[int64]festival.Role

func (r roles) Caller(_ context.Context, id int64) (festival.User, bool, error) {
	role, ok := r[id]
	return festival.User{ID: id, Role: role}, ok, nil
}

func TestRequireChecksTokenCurrentRoleAndAllowedRoles(t *testing.T) {
	t.Parallel()
	tk := tokensAt(t, time.Now())
	// User 1's token says PRODUCER, but the store now says ADMIN: the store wins.
	current := roles{1: festival.RoleAdmin, 2: festival.RoleJury}
	g := NewGuard(tk, current)
	tok := func(id int64, role festival.Role) string {
		s, _ := tk.Issue(festival.User{ID: id, Role: role})
		return s
	}
	ok := func(_ *http.Request, c festival.Actor) (int, any, error) {
		return 200, c.Role, nil
	}
	tests := []struct {
		name   string
		header string
		extra  string // a second Authorization header
		roles  []festival.Role
		status int
		body   string
	}{
		{"no header", "", "", []festival.Role{festival.RoleAdmin}, 401, "Token invalide ou manquant"},
		{"not bearer", "Basic abc", "", nil, 401, "Token invalide ou manquant"},
		{"deleted user", "Bearer " + tok(3, festival.RoleAdmin), "", nil, 401, "Token invalide ou manquant"},
		{"role read from the store", "Bearer " + tok(1, festival.RoleProducer), "", []festival.Role{festival.RoleAdmin}, 200, "ADMIN"},
		{"wrong role", "Bearer " + tok(2, festival.RoleJury), "", []festival.Role{festival.RoleAdmin}, 403, "Accès interdit. Rôle ADMIN requis."},
		{"two roles named", "Bearer " + tok(2, festival.RoleJury), "", []festival.Role{festival.RoleProducer, festival.RoleAdmin}, 403, "Accès interdit. Rôle PRODUCER ou ADMIN requis."},
		{"any role", "bearer " + tok(2, festival.RoleJury), "", nil, 200, "JURY"},
		{"two Authorization headers, both valid", "Bearer " + tok(1, festival.RoleAdmin), "Bearer " + tok(2, festival.RoleJury), nil, 401, "Token invalide ou manquant"},
		{"two Authorization headers, one empty", "Bearer " + tok(1, festival.RoleAdmin), " ", nil, 401, "Token invalide ou manquant"},
		{"two values joined by a comma, as API Gateway joins repeated headers", "Bearer " + tok(1, festival.RoleAdmin) + ",Bearer " + tok(2, festival.RoleJury), "", nil, 401, "Token invalide ou manquant"},
		{"two tokens after one scheme", "Bearer " + tok(1, festival.RoleAdmin) + " " + tok(2, festival.RoleJury), "", nil, 401, "Token invalide ou manquant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			if tt.header != "" {
				r.Header.Set("Authorization", tt.header)
			}
			if tt.extra != "" {
				r.Header.Add("Authorization", tt.extra)
			}
			rec := httptest.NewRecorder()
			g.Require(ok, tt.roles...).ServeHTTP(rec, r)
			if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.body) {
				t.Fatalf("got %d %s, want %d %s", rec.Code, rec.Body, tt.status, tt.body)
			}
		})
	}
}
