// Package auth issues and checks the bearer tokens (JWT, HS256) and holds the
// one role guard every route group uses.
package auth

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// DefaultTokenTTL is the token lifetime the specification gives.
const DefaultTokenTTL = time.Hour

// Issuer is the "iss" claim; tokens of another issuer are refused.
const Issuer = "festival-api"

// Tokens signs and verifies access tokens.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns a signer. The secret must be at least 32 bytes: HS256
// with a short secret can be brute-forced offline from any token.
func NewTokens(secret []byte, ttl time.Duration, now func() time.Time) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("auth: the JWT secret must be at least 32 bytes")
	}
	if ttl <= 0 {
		ttl = DefaultTokenTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Tokens{secret: secret, ttl: ttl, now: now}, nil
}

// Claims are the token's claims: sub is the user id, role the role at login.
// The role is only informative: every request checks the stored role.
type Claims struct {
	Role  festival.Role `json:"role"`
	Email string        `json:"email,omitempty"`
	jwt.RegisteredClaims
}

// UserID returns the user id carried in "sub".
func (c Claims) UserID() (int64, error) { return strconv.ParseInt(c.Subject, 10, 64) }

// Issue returns a signed token for the user.
func (t *Tokens) Issue(u festival.User) (string, error) {
	now := t.now()
	c := Claims{
		Role:  u.Role,
		Email: u.Email,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    Issuer,
			Subject:   strconv.FormatInt(u.ID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
}

// Parse verifies a token: HS256 only (no "none", no algorithm confusion),
// signature, issuer, and a required, unexpired "exp".
func (t *Tokens) Parse(token string) (Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(Issuer),
		jwt.WithTimeFunc(t.now),
	)
	if err != nil {
		return Claims{}, fmt.Errorf("auth: %w", err)
	}
	if _, err := c.UserID(); err != nil {
		return Claims{}, fmt.Errorf("auth: bad subject: %w", err)
	}
	return c, nil
}
