package accounts

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// ConfirmTTL is how long an e-mail confirmation link works.
const ConfirmTTL = 48 * time.Hour

// MaxSetupCode bounds the setup code a request may send (bytes): it is only
// hashed and compared, never stored, but nothing larger is read.
const MaxSetupCode = 128

// The counters of the setup's wrong codes (per source address) and of the
// confirmation links asked again (per account).
const (
	counterSetup   = "setup-code"
	counterConfirm = "confirm-resend"
)

// WithSetupCode gives the service the deployment's setup code: the secret
// that proves whoever creates the first admin owns the deployment ("":
// none configured, the setup is refused).
func (s *Service) WithSetupCode(code string) *Service {
	s.setupCode = code
	return s
}

// SetupNeeded reports whether the festival has never had an admin (GET
// /auth/setup).
func (s *Service) SetupNeeded(ctx context.Context) (bool, error) {
	return s.store.Setup.SetupNeeded(ctx)
}

// SetupInput is a first-run request: the setup code, the first admin's
// account, and the two settings the first run decides.
type SetupInput struct {
	Code      string
	Admin     festival.UserPatch
	Roles     []festival.Role
	ConfirmEm bool
}

// Setup creates the festival's first admin (POST /auth/setup) and signs
// them in. Refused with 409 once the festival has had an admin, 403 without
// a setup code configured or with a wrong one (compared in constant time;
// wrong codes from one address are throttled as failed logins are).
func (s *Service) Setup(ctx context.Context, in SetupInput, address string) (LoginResult, error) {
	k := festival.CounterKey{Counter: counterSetup, Subject: address}
	st, counts, err := s.store.Counters.SettingsAndCounts(ctx, k)
	if err != nil {
		return LoginResult{}, err
	}
	if c := counts[k]; c.N >= st.LoginFailuresPerAddress {
		return LoginResult{}, tooMany(texts.TooManySetupCodes, c.Until, s.now())
	}
	needed, err := s.store.Setup.SetupNeeded(ctx)
	if err != nil {
		return LoginResult{}, err
	}
	if !needed {
		return LoginResult{}, apperr.E(apperr.Conflict, texts.SetupDone)
	}
	if s.setupCode == "" {
		return LoginResult{}, apperr.E(apperr.Forbidden, texts.SetupUnavailable)
	}
	if !sameCode(in.Code, s.setupCode) {
		if _, err := s.store.Counters.AddCount(ctx, st.Window(), k); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, apperr.E(apperr.Forbidden, texts.SetupCodeWrong)
	}
	u, err := s.NewUser(in.Admin)
	if err != nil {
		return LoginResult{}, AsInvalid(err)
	}
	u.Role = festival.RoleAdmin
	if u.ID, err = s.store.Users.NewUserID(ctx); err != nil {
		return LoginResult{}, err
	}
	err = s.store.Setup.Setup(ctx, u, in.Roles, in.ConfirmEm)
	switch {
	case errors.Is(err, festival.ErrSetupDone):
		return LoginResult{}, apperr.E(apperr.Conflict, texts.SetupDone)
	case errors.Is(err, festival.ErrEmailTaken):
		// Named by its address only: the answer says nothing of the account.
		return LoginResult{}, apperr.Ef(apperr.Conflict, texts.EmailTaken, u.Email)
	case err != nil:
		return LoginResult{}, err
	}
	token, err := s.tokens.Issue(u)
	return LoginResult{User: u, Token: token}, err
}

// sameCode compares a sent code with the deployment's in constant time
// (their hashes, so that neither length shows).
func sameCode(sent, code string) bool {
	a, b := sha256.Sum256([]byte(sent)), sha256.Sum256([]byte(code))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// AskConfirmation marks a new account u (its id drawn) as unconfirmed, with
// the confirmation and the message that mails its link, to be written with
// the account: the festival asks self-registered accounts to confirm
// their address (Settings.EmailConfirmation).
func (s *Service) AskConfirmation(u *festival.User) error {
	c, err := s.newConfirmation(u.ID)
	if err != nil {
		return err
	}
	u.Unconfirmed, u.Confirmation = true, &c
	return nil
}

// newConfirmation draws a token for the account uid: its hash is stored, the
// token travels in the message only.
func (s *Service) newConfirmation(uid int64) (festival.EmailConfirmation, error) {
	token, err := newToken()
	if err != nil {
		return festival.EmailConfirmation{}, err
	}
	now := s.now()
	msg := festival.NewMessage(festival.MessageAccountConfirm, []int64{uid}, map[string]string{"token": token}, now)
	return festival.EmailConfirmation{TokenHash: resetHash(token), Expires: now.Add(ConfirmTTL), Message: msg}, nil
}

// ConfirmEmail confirms an account's address with the token its message
// carried (POST /auth/confirm); 400 for a token unknown, used or expired.
func (s *Service) ConfirmEmail(ctx context.Context, token string) error {
	_, err := s.store.Setup.ConfirmEmail(ctx, resetHash(token), s.now())
	if errors.Is(err, festival.ErrConfirmInvalid) {
		return apperr.E(apperr.Invalid, texts.ConfirmInvalid)
	}
	return err
}

// ResendConfirmation mails the caller a new confirmation link (POST
// /auth/confirm/resend): 409 when their address needs none, 429 past the
// festival's registrations per address, counted per account.
func (s *Service) ResendConfirmation(ctx context.Context, c festival.Actor) error {
	if !c.Unconfirmed() {
		return apperr.E(apperr.Conflict, texts.ConfirmNotNeeded)
	}
	st, err := s.store.Settings.GetSettings(ctx)
	if err != nil {
		return err
	}
	if err := s.admit(ctx, st, counterConfirm, strconv.FormatInt(c.ID, 10), texts.TooManyConfirmations); err != nil {
		return err
	}
	conf, err := s.newConfirmation(c.ID)
	if err != nil {
		return err
	}
	err = s.store.Setup.CreateConfirmation(ctx, c.ID, conf)
	if errors.Is(err, festival.ErrConfirmInvalid) {
		return apperr.E(apperr.Conflict, texts.ConfirmNotNeeded) // confirmed meanwhile
	}
	return err
}

// AsInvalid answers a refused account value with 400 naming the field: the
// specification's 500 "Erreur base de données" is for its own user routes,
// and the setup is ours.
func AsInvalid(err error) error {
	var e *apperr.Error
	if errors.As(err, &e) && e.Code == apperr.Rejected {
		return apperr.E(apperr.Invalid, e.DetailsKey, e.DetailsArgs...)
	}
	return err
}
