package movies

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Withdraw takes a film out of the festival (POST /movies/:id/withdraw):
// its producer while the festival has not decided on it, an admin at any
// time (festival.Withdraw). One write changes the film, deletes its jury
// links, and writes the audit entry, the ledger's entry and the message
// that tells every admin.
func (s *Service) Withdraw(ctx context.Context, c festival.Actor, id int64, reason festival.WithdrawalReason) (festival.Movie, error) {
	admins, err := s.admins.Admins(ctx)
	if err != nil {
		return festival.Movie{}, err
	}
	now := s.now()
	tell := func(_, after festival.Movie) []festival.Message { return festival.WithdrawnMessage(after, admins, now) }
	m, err := s.withdrawals.ChangeMovieWithMessages(ctx, id, &festival.AuditInfo{Actor: c, Action: "movie.withdraw"},
		festival.Withdraw(c, reason, now), tell)
	return m, storeErr(err)
}

// Reinstate brings a withdrawn film back (POST /movies/:id/reinstate,
// admins only), with the status it has and no jury member.
func (s *Service) Reinstate(ctx context.Context, c festival.Actor, id int64) (festival.Movie, error) {
	actor := c
	m, err := s.change(ctx, id, &actor, "movie.reinstate", festival.Reinstate(c))
	return m, err
}
