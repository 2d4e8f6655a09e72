package festival

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A film's withdrawal from the festival (Withdrawal, entryform.go): its
// producer withdraws it while the festival has not decided on it, an admin
// at any time; an admin alone undoes it. A film out of the festival
// (InFestival false: withdrawn, or a draft) leaves the public list, the
// assignment, the votes, the results and the progress counts.

// MaxWithdrawalReason is the longest reason a withdrawal gives, in characters.
const MaxWithdrawalReason = 1000

// WithdrawalReason is why a film is withdrawn: 1 to MaxWithdrawalReason
// characters, trimmed (ParseWithdrawalReason).
type WithdrawalReason struct{ s string }

// ParseWithdrawalReason reads a withdrawal's reason; an empty or too long
// one is refused.
func ParseWithdrawalReason(s string) (WithdrawalReason, error) {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > MaxWithdrawalReason {
		return WithdrawalReason{}, apperr.E(apperr.Invalid, texts.WithdrawalReasonLength)
	}
	return WithdrawalReason{s}, nil
}

func (r WithdrawalReason) String() string { return r.s }

// Withdraw takes the film out of the festival: its producer may while no
// decision is made on it (SelectionStatus.IsDecision, whether released or
// not), an admin at any time. The withdrawal keeps the status the film had
// (which stays stored as it was) and every jury member leaves the film: the
// store deletes their assignment links in the same write.
func Withdraw(by Actor, reason WithdrawalReason, now time.Time) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		switch {
		case !by.Is(RoleAdmin) && (by.ID == 0 || by.ID != m.OwnerID):
			return nil, apperr.E(apperr.Forbidden, texts.NotOwner)
		case reason.s == "":
			return nil, apperr.E(apperr.Invalid, texts.WithdrawalReasonLength)
		case m.Withdrawn != nil:
			return nil, apperr.E(apperr.Conflict, texts.MovieAlreadyWithdrawn)
		case !by.Is(RoleAdmin) && m.SelectionStatus.IsDecision():
			return nil, apperr.E(apperr.Conflict, texts.WithdrawAfterDecision)
		}
		m.Withdrawn = &Withdrawal{At: NewTime(now), By: by.ID, Reason: reason.s, Status: m.SelectionStatus}
		m.Juries = nil
		return map[string]string{"reason": reason.s, "status": string(m.SelectionStatus)}, nil
	}
}

// Reinstate undoes a withdrawal (admins only): the film is back in the
// festival with the status it has, without the jury members it lost.
func Reinstate(by Actor) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		switch {
		case !by.Is(RoleAdmin):
			return nil, apperr.E(apperr.Forbidden, texts.AdminOnly)
		case m.Withdrawn == nil:
			return nil, apperr.E(apperr.Conflict, texts.MovieNotWithdrawn)
		}
		w := m.Withdrawn
		m.Withdrawn = nil
		return map[string]string{"withdrawn_at": w.At.String(), "status": string(m.SelectionStatus)}, nil
	}
}

// CheckInFestival refuses what a film out of the festival cannot take: jury
// members, votes, candidate marks, awards (409, saying why).
func (m Movie) CheckInFestival() error { return outOfFestival(m.Draft, m.Withdrawn) }

// InFestival reports whether the film takes part in the festival (Movie.InFestival).
func (f MovieFacts) InFestival() bool { return !f.Draft && f.Withdrawn == nil }

// CheckInFestival is Movie.CheckInFestival on a film's facts.
func (f MovieFacts) CheckInFestival() error { return outOfFestival(f.Draft, f.Withdrawn) }

func outOfFestival(draft bool, w *Withdrawal) error {
	switch {
	case w != nil:
		return apperr.E(apperr.Conflict, texts.MovieOutWithdrawn)
	case draft:
		return apperr.E(apperr.Conflict, texts.MovieOutDraft)
	}
	return nil
}

// OutOfFestivalReason is why a film is out of the festival, as the
// assignment's preview lists it under held ("" when it is in).
func (m Movie) OutOfFestivalReason() texts.Key {
	switch {
	case m.Withdrawn != nil && m.Withdrawn.By == m.OwnerID:
		return texts.HeldWithdrawnByProducer
	case m.Withdrawn != nil:
		return texts.HeldWithdrawnByAdmin
	case m.Draft:
		return texts.HeldDraft
	}
	return ""
}

// WithdrawalLedgerEntry is the vote ledger's entry of a change of film
// that takes it out of the festival (movie.withdraw: by whom, with the
// status it had) or brings it back (movie.reinstate); false for any other
// change. From a movie.withdraw on, the film's votes no longer count, until
// its movie.reinstate. The reason is not in it: the ledger is never
// rewritten, and a reason is free text its writer may want erased; the
// audit trail and the film keep it.
func WithdrawalLedgerEntry(before, after Movie) (LedgerEntry, bool) {
	data := map[string]string{"id_movie": strconv.FormatInt(after.ID, 10), "status": string(after.SelectionStatus)}
	switch {
	case before.Withdrawn == nil && after.Withdrawn != nil:
		data["by"] = strconv.FormatInt(after.Withdrawn.By, 10)
		return LedgerEntry{Kind: "movie.withdraw", Data: data}, true
	case before.Withdrawn != nil && after.Withdrawn == nil:
		return LedgerEntry{Kind: "movie.reinstate", Data: data}, true
	}
	return LedgerEntry{}, false
}

// WithdrawnMessage tells the festival's admins that a film left it: its
// title, the reason and who withdrew it. Nil when there is no admin.
func WithdrawnMessage(m Movie, admins []int64, now time.Time) []Message {
	if m.Withdrawn == nil || len(admins) == 0 {
		return nil
	}
	by := texts.HeldWithdrawnByAdmin
	if m.Withdrawn.By == m.OwnerID {
		by = texts.HeldWithdrawnByProducer
	}
	return []Message{NewMessage(MessageMovieWithdrawn, admins, map[string]string{
		"title": m.Title, "id_movie": strconv.FormatInt(m.ID, 10), "reason": m.Withdrawn.Reason, "by": texts.T(texts.Default, by),
	}, now)}
}

// WithdrawTelling is Withdraw with the message that tells admins of it,
// written in the same transaction as the film.
func WithdrawTelling(by Actor, reason WithdrawalReason, now time.Time, admins []int64) MovieEditTelling {
	withdraw := Withdraw(by, reason, now)
	return func(m *Movie) (map[string]string, []Message, error) {
		details, err := withdraw(m)
		if err != nil {
			return nil, nil, err
		}
		return details, WithdrawnMessage(*m, admins, now), nil
	}
}
