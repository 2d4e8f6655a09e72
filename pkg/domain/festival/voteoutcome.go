package festival

import (
	"fmt"
	"strconv"
)

// VoteChange is a vote as a voter submits it. Nil fields keep their stored
// value when the vote exists (CommentSet with a nil Comment clears it).
type VoteChange struct {
	// Score, when set, replaces the score and the criteria (Criteria: the
	// marks it is the weighted mean of, nil for a vote by score alone).
	Score       *Decimal
	Criteria    map[string]Decimal
	Comment     *string
	CommentSet  bool
	IsCandidate *bool
	// CommentShared, when set, says whether the comment may be shown to
	// the film's producer (feedback).
	CommentShared *bool
}

// VoteGround is what a vote is decided on, read in one request: the film's
// facts, the festival settings, the voter's vote (Vote nil when they have
// none), whether the voter is assigned to the film and what they played of
// it.
type VoteGround struct {
	Movie    MovieFacts
	Settings Settings
	Vote     *Vote
	// Assigned says whether the voter is among the film's jury (the
	// setting jury_vote_assigned_only; the write checks it again).
	Assigned bool
	// Archived says the film is of an archived edition: read-only (the
	// write refuses it again in its own condition).
	Archived bool
	Viewing  []Span
	// Keys is the voter's log of key fetches of the film (the server's
	// count when the film streams), KeysIssued every key served to them.
	Keys       []KeyFetch
	KeysIssued int
}

// VoteOutcome is the decision on a vote (DecideVote), which the store
// writes in one transaction.
type VoteOutcome struct {
	// Vote is the vote as it is written. A creation's ID is 0 until the
	// store numbers it.
	Vote    Vote
	Created bool
	// Promote moves the film from status From to candidate in the same
	// write: the vote flags a film that is not candidate. The move is
	// conditional on the film still having status From.
	Promote bool
	From    SelectionStatus
	// HoldCandidate makes the write conditional on the film still being
	// candidate: the vote flags a film that already is. If an admin moved
	// it meanwhile, the store reads the film again and the vote promotes it
	// again (the vote is the later decision).
	HoldCandidate bool
	// RequireAssignment makes the write conditional on the voter's jury
	// assignment to the film (setting jury_vote_assigned_only, jury
	// members only), checked in the write so that an assignment withdrawn
	// meanwhile cannot slip through.
	RequireAssignment bool
}

// DecideVote decides what a voter's change makes of their vote on a film,
// on the ground read: it creates the vote when the voter has none (a first
// vote needs a score: ErrScoreRequired) or changes the one they have; a vote
// flagging the film candidate promotes it, or holds it candidate. A film
// out of the festival (withdrawn, a draft) takes no vote. When the
// store loses a race (the vote or the film's status changed since the
// ground was read), it reads again and asks again.
func DecideVote(voter Actor, g VoteGround, ch VoteChange, now Time) (VoteOutcome, error) {
	if err := g.Movie.CheckInFestival(); err != nil {
		return VoteOutcome{}, err
	}
	o := VoteOutcome{RequireAssignment: g.Settings.JuryVoteAssignedOnly && voter.Role == RoleJury}
	if g.Vote == nil {
		if ch.Score == nil {
			return VoteOutcome{}, ErrScoreRequired
		}
		o.Created = true
		o.Vote = Vote{UserID: voter.ID, MovieID: g.Movie.ID, CreatedAt: now}
	} else {
		o.Vote = *g.Vote
	}
	if ch.Score != nil {
		o.Vote.Score, o.Vote.Criteria = *ch.Score, ch.Criteria
	}
	if ch.CommentSet {
		o.Vote.Comment = ch.Comment
	}
	if ch.IsCandidate != nil {
		o.Vote.IsCandidate = *ch.IsCandidate
	}
	if ch.CommentShared != nil {
		o.Vote.CommentShared = *ch.CommentShared
	}
	o.Vote.UpdatedAt = now
	if ch.IsCandidate != nil && *ch.IsCandidate {
		if g.Movie.Status == StatusCandidate {
			o.HoldCandidate = true
		} else {
			o.Promote, o.From = true, g.Movie.Status
		}
	}
	return o, nil
}

// Action is the outcome's audit action and ledger kind.
func (o VoteOutcome) Action() string {
	if o.Created {
		return "vote.create"
	}
	return "vote.update"
}

// Audit is what the audit trail records of the outcome: the vote, then the
// film's promotion when it carries one. The store adds who and when.
func (o VoteOutcome) Audit() []AuditEntry {
	target := fmt.Sprintf("movie:%d", o.Vote.MovieID)
	out := []AuditEntry{{Action: o.Action(), Target: target, Details: map[string]string{
		"id_vote": strconv.FormatInt(o.Vote.ID, 10), "score": formatScore(o.Vote.Score),
		"is_candidate": strconv.FormatBool(o.Vote.IsCandidate),
	}}}
	if o.Promote {
		out = append(out, AuditEntry{Action: "movie.candidate", Target: target, Details: map[string]string{
			"from": string(o.From), "to": string(StatusCandidate), "via": "vote",
		}})
	}
	return out
}

// Ledger is what the vote ledger records of the outcome: the vote, then the
// film's status change when it carries one. The store links them.
func (o VoteOutcome) Ledger() []LedgerEntry {
	v := o.Vote
	out := []LedgerEntry{{Kind: o.Action(), Data: map[string]string{
		"id_vote": strconv.FormatInt(v.ID, 10), "id_movie": strconv.FormatInt(v.MovieID, 10), "id_user": strconv.FormatInt(v.UserID, 10),
		"score": formatScore(v.Score), "is_candidate": strconv.FormatBool(v.IsCandidate),
	}}}
	if o.Promote {
		out = append(out, StatusLedgerEntry(v.MovieID, o.From, StatusCandidate))
	}
	return out
}

// formatScore writes a score as the audit trail and the ledger keep it: the
// shortest decimal that reads back as the same number.
func formatScore(v Decimal) string { return v.String() }
