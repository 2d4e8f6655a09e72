package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Roles looks up a user's current role; found is false when the user is gone.
type Roles interface {
	Caller(ctx context.Context, id int64) (u festival.User, found bool, err error)
}

// Guard checks tokens and roles. Every route group uses the same one.
type Guard struct {
	tokens *Tokens
	roles  Roles
}

// NewGuard returns a guard that verifies tokens with tokens and reads the
// current role of the caller through roles.
func NewGuard(tokens *Tokens, roles Roles) *Guard { return &Guard{tokens: tokens, roles: roles} }

var (
	errNoToken = apperr.E(apperr.Unauthorized, texts.TokenInvalid)
)

// Authenticate resolves the caller of r. The token must be valid, and the user
// must still exist: its role is read from the store (one small consistent
// GetItem), so a deleted account or a changed role takes effect immediately
// rather than when the token expires.
func (g *Guard) Authenticate(r *http.Request) (festival.Actor, error) {
	token, ok := bearerToken(r.Header)
	if !ok {
		return festival.Actor{}, errNoToken
	}
	claims, err := g.tokens.Parse(token)
	if err != nil {
		return festival.Actor{}, errNoToken
	}
	id, _ := claims.UserID()
	u, found, err := g.roles.Caller(r.Context(), id)
	if err != nil {
		return festival.Actor{}, err
	}
	if !found {
		return festival.Actor{}, errNoToken
	}
	return festival.Actor{ID: id, Role: u.Role, Record: &u}, nil
}

// bearerToken returns the token of the request's one Authorization header.
// Ambiguous credentials are refused rather than guessed at: two Authorization
// headers, or one that joins several values (API Gateway's payload 2.0 joins
// repeated headers with commas, and a JWT never holds a comma or a space).
func bearerToken(h http.Header) (string, bool) {
	values := h.Values("Authorization")
	if len(values) != 1 {
		return "", false
	}
	scheme, token, ok := strings.Cut(strings.TrimSpace(values[0]), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || strings.ContainsAny(token, ", \t") {
		return "", false
	}
	return token, true
}

// Forbidden is the 403 of a route open to the given roles: the
// specification's text for ADMIN, the same sentence naming the roles else.
func Forbidden(roles ...festival.Role) error {
	if len(roles) == 1 && roles[0] == festival.RoleAdmin {
		return apperr.E(apperr.Forbidden, texts.AdminOnly)
	}
	if len(roles) == 1 {
		return apperr.E(apperr.Forbidden, texts.RoleRequired, string(roles[0]))
	}
	names := make([]string, len(roles))
	for i, r := range roles {
		names[i] = string(r)
	}
	return apperr.E(apperr.Forbidden, texts.RolesRequired, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// Handler is a route open to signed-in people: it answers as a web.Handler
// and is told who is calling.
type Handler func(r *http.Request, caller festival.Actor) (status int, body any, err error)

// Require wraps h so that only callers with one of the roles reach it; no
// roles means any authenticated user. 401 without a valid token, 403 with the
// wrong role.
func (g *Guard) Require(h Handler, roles ...festival.Role) http.Handler {
	return web.Handle(func(r *http.Request) (int, any, error) {
		c, err := g.Authenticate(r)
		if err != nil {
			return 0, nil, err
		}
		if len(roles) > 0 && !c.Is(roles...) {
			return 0, nil, Forbidden(roles...)
		}
		return h(r, c)
	})
}

// Optional wraps a public route whose answer depends on who calls (what a
// film shows): without an Authorization header, or with a token that is not
// (or no longer) valid, h is told of an anonymous caller (the zero Actor);
// the route stays public, so a stale token does not turn it into a 401.
func (g *Guard) Optional(h Handler) http.Handler {
	return web.Handle(func(r *http.Request) (int, any, error) {
		if r.Header.Get("Authorization") == "" {
			return h(r, festival.Actor{})
		}
		c, err := g.Authenticate(r)
		if errors.Is(err, errNoToken) {
			return h(r, festival.Actor{})
		}
		if err != nil {
			return 0, nil, err
		}
		return h(r, c)
	})
}

// Confirmed wraps a route that submits a film or casts a vote: an account
// that must still confirm its e-mail address (festival.Actor.Unconfirmed)
// gets 403 before anything is read.
func Confirmed(h Handler) Handler {
	return func(r *http.Request, c festival.Actor) (int, any, error) {
		if c.Unconfirmed() {
			return 0, nil, apperr.E(apperr.Forbidden, texts.EmailUnconfirmed)
		}
		return h(r, c)
	}
}
