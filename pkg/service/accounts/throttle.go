package accounts

import (
	"context"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The throttle's counters (festival.Throttle): failed logins per e-mail and
// per source address, registrations per source address.
const (
	counterLoginAccount = "login-account"
	counterLoginAddress = "login-address"
	counterRegistration = "registration"
	counterReset        = "password-reset"
)

// tooMany is the 429 answer until the window ends; key's text takes the
// whole minutes left.
func tooMany(key texts.Key, until, now time.Time) error {
	wait := until.Sub(now)
	return &apperr.Error{Code: apperr.TooMany, Key: key, Args: []any{int((wait + time.Minute - 1) / time.Minute)}, RetryAfter: wait}
}

// loginKeys are the counters a login attempt with email from address meets.
// The account counter is kept for any e-mail, registered or not, so that a
// 429 says nothing about which accounts exist.
func loginKeys(email, address string) (account, addr festival.CounterKey) {
	return festival.CounterKey{Counter: counterLoginAccount, Subject: festival.NormalizeEmail(email)},
		festival.CounterKey{Counter: counterLoginAddress, Subject: address}
}

// admitLogin reads the settings and both counters in one request, and
// refuses a login while the e-mail or the address has used up its failures.
// It returns the throttle and whether the e-mail has failures to clear.
func (s *Service) admitLogin(ctx context.Context, email, address string) (festival.Throttle, bool, error) {
	account, addr := loginKeys(email, address)
	st, counts, err := s.store.Counters.SettingsAndCounts(ctx, account, addr)
	if err != nil {
		return festival.Throttle{}, false, err
	}
	t := st.Throttle
	now := s.now()
	for _, c := range []struct {
		count festival.Count
		limit int
	}{{counts[account], t.LoginFailuresPerAccount}, {counts[addr], t.LoginFailuresPerAddress}} {
		if c.count.N >= c.limit {
			return t, false, tooMany(texts.TooManyLogins, c.count.Until, now)
		}
	}
	return t, counts[account].N > 0, nil
}

// loginFailed counts a failed login on both counters.
func (s *Service) loginFailed(ctx context.Context, t festival.Throttle, email, address string) error {
	account, addr := loginKeys(email, address)
	_, err := s.store.Counters.AddCount(ctx, t.Window(), account, addr)
	return err
}

// loginSucceeded clears the account's failures (the address's stay).
func (s *Service) loginSucceeded(ctx context.Context, email string) error {
	account, _ := loginKeys(email, "")
	return s.store.Counters.ResetCount(ctx, account)
}

// AdmitRegistration counts a registration attempt from address (POST
// /auth/register, POST /users without an admin token, POST
// /auth/register-film) and refuses it with 429 past the festival's limit;
// st are the settings the route read once for all its checks.
func (s *Service) AdmitRegistration(ctx context.Context, st festival.Settings, address string) error {
	return s.admit(ctx, st, counterRegistration, address, texts.TooManyRegistrations)
}

// admitReset counts a password reset request from address, under the same
// limit as registrations (both create something for an unauthenticated
// caller: an account, or an e-mail to someone), on a counter of its own.
func (s *Service) admitReset(ctx context.Context, address string) error {
	st, err := s.store.Settings.GetSettings(ctx)
	if err != nil {
		return err
	}
	return s.admit(ctx, st, counterReset, address, texts.TooManyResets)
}

// admit counts one attempt on a counter of the address and refuses it with
// 429 (refusal's message) past RegistrationsPerAddress within the window.
func (s *Service) admit(ctx context.Context, st festival.Settings, counter, address string, refusal texts.Key) error {
	k := festival.CounterKey{Counter: counter, Subject: address}
	counts, err := s.store.Counters.AddCount(ctx, st.Window(), k)
	if err != nil {
		return err
	}
	if c := counts[k]; c.N > st.RegistrationsPerAddress {
		return tooMany(refusal, c.Until, s.now())
	}
	return nil
}
