// Package accounts is the business of user accounts: registration, login,
// profile and admin updates, deletion with everything that hangs off a user.
// The auth and users route groups both serve it.
package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// TokenIssuer signs the token a login answers (auth.Tokens).
type TokenIssuer interface {
	Issue(u festival.User) (string, error)
}

// MovieRemover deletes every film a producer owns, with their files. Deleting
// a user calls it first, so that no film is left without its owner.
type MovieRemover interface {
	DeleteMoviesOf(ctx context.Context, producerID int64) error
}

// Service runs the account operations.
type Service struct {
	store  Stores
	tokens TokenIssuer
	movies MovieRemover
	now    func() time.Time
	// exports is what GET /users/me/export needs (WithExports).
	exports *Exports
	// setupCode proves the owner of the deployment at the first run
	// (WithSetupCode; "" when none is configured).
	setupCode string
}

// New returns the account service. movies may be nil while no films exist.
func New(st Stores, tokens TokenIssuer, movies MovieRemover, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, tokens: tokens, movies: movies, now: now}
}

// Created is the outcome of a create: either a new user, or (Existing true)
// the account that already has the e-mail, with nothing written.
type Created struct {
	User     festival.User
	Existing bool
}

// Now is the service's clock, which user bodies are checked against (a birth
// date in the future).
func (s *Service) Now() time.Time { return s.now() }

// NewUser builds a user from a create body's input: required fields
// present, password checked and hashed. It writes nothing.
func (s *Service) NewUser(in festival.UserPatch) (festival.User, error) {
	if in.FirstName == nil || in.LastName == nil || in.Email == nil || in.Password == nil {
		return festival.User{}, apperr.E(apperr.Invalid, texts.AllRequired)
	}
	if err := festival.CheckPassword(*in.Password); err != nil {
		return festival.User{}, festival.RefusedAs(apperr.Rejected, err)
	}
	hash, err := HashPassword(*in.Password)
	if err != nil {
		return festival.User{}, err
	}
	now := festival.NewTime(s.now())
	u := festival.User{PasswordHash: hash, Role: festival.RoleProducer, CreatedAt: now, UpdatedAt: now}
	err = in.Apply(&u, true) // any role: who may create it is Create's question
	return u, err
}

// Create registers a user from a create body (POST /users, POST /auth/register).
//
// Unless by is an ADMIN (nil: nobody signed in), the festival setting
// self_registration_roles decides which roles may be created (403 otherwise).
func (s *Service) Create(ctx context.Context, by *festival.Actor, st festival.Settings, in festival.UserPatch) (Created, error) {
	u, err := s.NewUser(in)
	if err != nil {
		return Created{}, err
	}
	selfRegistered := by == nil || !by.Is(festival.RoleAdmin)
	if selfRegistered {
		if err := CheckSelfRegistration(st, u.Role); err != nil {
			return Created{}, err
		}
	}
	email, err := festival.ParseEmailKey(u.Email)
	if err != nil {
		return Created{}, err
	}
	if existing, err := s.store.Users.UserByEmail(ctx, email); err == nil {
		// The common case answers without drawing an id; the transaction
		// below still decides when two registrations race.
		return Created{User: existing, Existing: true}, nil
	} else if !errors.Is(err, festival.ErrNotFound) {
		return Created{}, err
	}
	if u.ID, err = s.store.Users.NewUserID(ctx); err != nil {
		return Created{}, err
	}
	if selfRegistered && st.EmailConfirmation {
		if err := s.AskConfirmation(&u); err != nil {
			return Created{}, err
		}
	}
	err = s.store.Users.CreateUser(ctx, u)
	if errors.Is(err, festival.ErrEmailTaken) {
		existing, gerr := s.store.Users.UserByEmail(ctx, email)
		if gerr != nil {
			return Created{}, gerr
		}
		return Created{User: existing, Existing: true}, nil
	}
	if err != nil {
		return Created{}, err
	}
	return Created{User: u}, nil
}

// Settings reads the festival's settings, once for a registration's checks.
func (s *Service) Settings(ctx context.Context) (festival.Settings, error) {
	return s.store.Settings.GetSettings(ctx)
}

// CheckSelfRegistration refuses (403) a registration without an admin for a
// role the festival's settings st do not open to self-registration.
func CheckSelfRegistration(st festival.Settings, role festival.Role) error {
	if !st.SelfRegistrationAllows(role) {
		return apperr.Ef(apperr.Forbidden, texts.SelfRegistrationClosed, role)
	}
	return nil
}

// LoginResult is what a successful login answers.
type LoginResult struct {
	User  festival.User
	Token string
}

// Login checks the credentials and issues a token.
func (s *Service) Login(ctx context.Context, email, password, address string) (LoginResult, error) {
	if strings.TrimSpace(email) == "" || password == "" {
		return LoginResult{}, apperr.E(apperr.Invalid, texts.LoginMissing)
	}
	key, err := festival.ParseEmailKey(email)
	if err != nil {
		return LoginResult{}, err
	}
	email = key.String()
	throttle, failed, err := s.admitLogin(ctx, email, address)
	if err != nil {
		return LoginResult{}, err
	}
	u, err := s.store.Users.UserByEmail(ctx, key)
	if err != nil && !errors.Is(err, festival.ErrNotFound) {
		return LoginResult{}, err
	}
	if !CheckPassword(u.PasswordHash, password) {
		if err := s.loginFailed(ctx, throttle, email, address); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, apperr.E(apperr.Unauthorized, texts.BadLogin)
	}
	if failed {
		if err := s.loginSucceeded(ctx, email); err != nil {
			return LoginResult{}, err
		}
	}
	token, err := s.tokens.Issue(u)
	if err != nil {
		return LoginResult{}, err
	}
	return LoginResult{User: u, Token: token}, nil
}

// Get reads one user; 404 "Utilisateur non trouvé" when absent.
func (s *Service) Get(ctx context.Context, id int64) (festival.User, error) {
	u, err := s.store.Users.GetUser(ctx, id)
	return u, storeErr(err)
}

// storeErr is the service's one translation of the store's outcomes into the
// API's answers: a missing account is 404, a write that kept losing races
// with changes to the account's films is 409 (retrying is safe).
func storeErr(err error) error {
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, texts.UserNotFound)
	case errors.Is(err, festival.ErrConflict):
		return apperr.E(apperr.Conflict, texts.UserFilmsChanging)
	}
	return err
}

// List returns users, all of them or one page.
func (s *Service) List(ctx context.Context, p festival.Page) ([]festival.User, string, error) {
	return s.store.Users.ListUsers(ctx, p)
}

// Update changes a user with the fields that were sent. Only provided fields
// change; the password only when it is non-empty and not only white space
// (then rehashed). allowRole is false when users edit themselves, so that
// nobody can promote their own account. A change of role is audited.
func (s *Service) Update(ctx context.Context, caller festival.Actor, id int64, in festival.UserPatch, allowRole bool) (festival.User, error) {
	var hash string
	if in.Password != nil && strings.TrimSpace(*in.Password) != "" {
		if err := festival.CheckPassword(*in.Password); err != nil {
			return festival.User{}, festival.RefusedAs(apperr.Rejected, err)
		}
		var err error
		if hash, err = HashPassword(*in.Password); err != nil {
			return festival.User{}, err
		}
	}
	actor := caller
	u, err := s.store.Users.UpdateUserAs(ctx, &actor, id, func(u *festival.User) error {
		if hash != "" {
			u.PasswordHash = hash
		}
		return in.Apply(u, allowRole)
	})
	if errors.Is(err, festival.ErrEmailTaken) {
		return u, apperr.Rejectedf(texts.EmailTaken, *in.Email)
	}
	return u, storeErr(err)
}
