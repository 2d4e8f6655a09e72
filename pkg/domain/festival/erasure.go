package festival

import (
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// An account is erased by its owner (DELETE /users/me) or deleted by an
// admin (DELETE /users/:id) in exactly the same way; only the audit entry
// differs. What happens to the votes of a jury member depends on the
// results:
//   - before they are published, every vote is deleted, each with its
//     ledger entry vote.delete and its audit entry vote.delete in the
//     transaction that deletes it, so the ledger still replays to the votes
//     that stand (ReplayVotes);
//   - once they are published, the palmarès must not change silently: the
//     votes stay, with their ledger entries, under the juror's number, which
//     no longer names anyone (the account, its e-mail and profile are gone,
//     and numbers are never given again); the comment, the juror's own
//     words, is removed (audit entry vote.anonymise), and the viewing
//     records behind the published watched shares stay detached from the
//     account.

// UserErasure says how one account goes.
type UserErasure struct {
	// Self: the user erases their own account (audit user.erase, which
	// keeps no e-mail), rather than an admin deleting it (user.delete).
	Self bool
	// KeepVotes: the results are published, so the votes stay (above).
	KeepVotes bool
}

// ErasureOf is how an account goes under the festival's settings st.
func ErasureOf(st Settings, self bool) UserErasure {
	return UserErasure{Self: self, KeepVotes: st.Published()}
}

// AuditAction is the audit trail's action of the account's end.
func (e UserErasure) AuditAction() string {
	if e.Self {
		return "user.erase"
	}
	return "user.delete"
}

// VoteDeleteEntry is the ledger's entry of one deleted vote (the store adds
// its number, time and hashes): the same shape whichever path deletes it.
func VoteDeleteEntry(v Vote) LedgerEntry {
	return LedgerEntry{Kind: "vote.delete", Data: map[string]string{
		"id_vote": strconv.FormatInt(v.ID, 10), "id_movie": strconv.FormatInt(v.MovieID, 10), "id_user": strconv.FormatInt(v.UserID, 10),
	}}
}

// VoteDeleteAudit is the audit entry of one deleted vote.
func VoteDeleteAudit(v Vote) AuditEntry {
	return AuditEntry{Action: "vote.delete", Target: "vote:" + strconv.FormatInt(v.ID, 10), Details: map[string]string{
		"id_movie": strconv.FormatInt(v.MovieID, 10), "id_user": strconv.FormatInt(v.UserID, 10),
	}}
}

// VoteAnonymiseAudit is the audit entry of a vote kept after its juror's
// erasure, its comment removed.
func VoteAnonymiseAudit(v Vote) AuditEntry {
	return AuditEntry{Action: "vote.anonymise", Target: "vote:" + strconv.FormatInt(v.ID, 10), Details: map[string]string{
		"id_movie": strconv.FormatInt(v.MovieID, 10), "id_user": strconv.FormatInt(v.UserID, 10),
	}}
}

// LedgerVote is a vote as the ledger tells it.
type LedgerVote struct {
	ID          int64
	MovieID     int64
	UserID      int64
	Score       float64
	IsCandidate bool
}

// ReplayVotes plays the ledger's entries in order and returns the votes
// that stand at its end, by id: vote.create and vote.update set a vote,
// vote.delete removes one, vote.delete_movie the ones it lists, movie.delete
// every vote of the film. Other kinds (a film's status) leave the votes as
// they are. An entry whose numbers do not read is an error naming it.
func ReplayVotes(entries []LedgerEntry) (map[int64]LedgerVote, error) {
	votes := map[int64]LedgerVote{}
	for _, e := range entries {
		n := func(k string) (int64, error) {
			v, err := strconv.ParseInt(e.Data[k], 10, 64)
			if err != nil {
				return 0, &LedgerBreak{Seq: e.Seq, Reason: texts.M(texts.LedgerFieldUnreadable, k)}
			}
			return v, nil
		}
		switch e.Kind {
		case "vote.create", "vote.update":
			var v LedgerVote
			var err error
			if v.ID, err = n("id_vote"); err != nil {
				return nil, err
			}
			if v.MovieID, err = n("id_movie"); err != nil {
				return nil, err
			}
			if v.UserID, err = n("id_user"); err != nil {
				return nil, err
			}
			if v.Score, err = strconv.ParseFloat(e.Data["score"], 64); err != nil {
				return nil, &LedgerBreak{Seq: e.Seq, Reason: texts.M(texts.LedgerFieldUnreadable, "score")}
			}
			v.IsCandidate = e.Data["is_candidate"] == "true"
			votes[v.ID] = v
		case "vote.delete":
			id, err := n("id_vote")
			if err != nil {
				return nil, err
			}
			delete(votes, id)
		case "vote.delete_movie":
			for _, s := range strings.Split(e.Data["ids"], ",") {
				if id, err := strconv.ParseInt(s, 10, 64); err == nil {
					delete(votes, id)
				}
			}
		case "movie.delete":
			mid, err := n("id_movie")
			if err != nil {
				return nil, err
			}
			for id, v := range votes {
				if v.MovieID == mid {
					delete(votes, id)
				}
			}
		}
	}
	return votes, nil
}

// Error makes a break in a replay an error.
func (b *LedgerBreak) Error() string {
	return texts.T(texts.Default, texts.LedgerBreakAt, b.Seq, b.Reason)
}
