package accounts

import (
	"context"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Delete removes a user and everything that hangs off the account (an
// admin's DELETE /users/:id): erase, as the user's own erasure does.
func (s *Service) Delete(ctx context.Context, caller festival.Actor, id int64) error {
	if caller.ID == id {
		return apperr.E(apperr.Invalid, texts.OwnAccountDelete)
	}
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	return s.erase(ctx, caller, id, false)
}

// EraseMe erases the caller's own account (DELETE /users/me), once they
// have given their current password again: an erasure must not be one
// stolen token away. A wrong password counts as a failed login (the same
// throttle, from address), and is 403. The festival's last admin cannot
// erase themselves (409): nobody could administer it any more.
func (s *Service) EraseMe(ctx context.Context, caller festival.Actor, password, address string) error {
	if password == "" {
		return apperr.E(apperr.Invalid, texts.ErasePasswordMissing)
	}
	u, err := s.Get(ctx, caller.ID)
	if err != nil {
		return err
	}
	throttle, failed, err := s.admitLogin(ctx, u.Email, address)
	if err != nil {
		return err
	}
	if !CheckPassword(u.PasswordHash, password) {
		if err := s.loginFailed(ctx, throttle, u.Email, address); err != nil {
			return err
		}
		return apperr.E(apperr.Forbidden, texts.ErasePasswordWrong)
	}
	if failed {
		if err := s.loginSucceeded(ctx, u.Email); err != nil {
			return err
		}
	}
	if u.Role == festival.RoleAdmin {
		if err := s.notLastAdmin(ctx, u.ID); err != nil {
			return err
		}
	}
	return s.erase(ctx, caller, u.ID, true)
}

// notLastAdmin is 409 when no other account is an admin (one query of the
// admins' ids); two admins erasing themselves at the same moment could both
// pass it.
func (s *Service) notLastAdmin(ctx context.Context, id int64) error {
	admins, err := s.store.Users.Admins(ctx)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(admins, func(a int64) bool { return a != id }) {
		return nil
	}
	return apperr.E(apperr.Conflict, texts.EraseLastAdmin)
}

// erase is the one way an account ends, whoever asks: first the films the
// user produced (with their files), so that none is left without its
// owner; then their jury assignments, viewings, reminders and votes (as
// festival.ErasureOf decides from the results' publication), the messages
// addressed to them alone, the user last. The store runs it all again while
// a film of the user remains (submitted meanwhile, or not yet gone from the
// index) or the results were published meanwhile.
func (s *Service) erase(ctx context.Context, actor festival.Actor, id int64, self bool) error {
	err := s.store.Users.DeleteUserAfter(ctx, actor, id, func(ctx context.Context) (festival.UserErasure, error) {
		if s.movies != nil {
			if err := s.movies.DeleteMoviesOf(ctx, id); err != nil {
				return festival.UserErasure{}, err
			}
		}
		st, err := s.store.Settings.GetSettings(ctx)
		if err != nil {
			return festival.UserErasure{}, err
		}
		return festival.ErasureOf(st, self), nil
	})
	return storeErr(err)
}
