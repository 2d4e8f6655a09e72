package festival

import (
	"errors"
	"fmt"
)

// The errors a store returns, which the services turn into answers. They
// belong to the domain, not to a storage backend: every implementation of a
// store (DynamoDB, memory) returns the same ones.

// ErrConflict is returned when a write lost a race with a concurrent change
// of a record it depends on (a category or jury member deleted meanwhile,
// a film changed too often to apply the change); nothing was written.
var ErrConflict = errors.New("store: concurrent change, nothing written")

// UnknownIDsError lists the ids a write refers to that do not exist (or, for
// juries, are not JURY accounts); nothing was written.
type UnknownIDsError struct{ IDs []int64 }

func (e *UnknownIDsError) Error() string {
	return fmt.Sprintf("store: unknown ids %v", e.IDs)
}

// ConflictOfInterestError lists the jury members who may not be assigned to
// a film because they produced it or are among its collaborators (same
// e-mail); nothing was written.
type ConflictOfInterestError struct{ IDs []int64 }

func (e *ConflictOfInterestError) Error() string {
	return fmt.Sprintf("store: jury members %v have a conflict of interest with the film", e.IDs)
}

// ErrNotFound is returned when a record does not exist.
var ErrNotFound = errors.New("store: not found")

// ErrEmailTaken is returned when another account already uses the e-mail.
var ErrEmailTaken = errors.New("store: e-mail already used by another account")

// ErrNameTaken is returned when another category (or event) already has the
// name, compared with NameKey.
var ErrNameTaken = errors.New("store: name already used")

// ErrNotJury is a jury profile written for an account that is not a JURY one.
var ErrNotJury = errors.New("store: not a jury member")

// ErrCodeTaken is a late-entry code that already exists.
var ErrCodeTaken = errors.New("store: late-entry code already exists")

// ErrResetInvalid is a reset token that is unknown, used or expired.
var ErrResetInvalid = errors.New("store: password reset token unknown, used or expired")

// ErrLateCodeSpent is a late-entry code with no use left, or past its
// deadline, when the transaction that would use it ran.
var ErrLateCodeSpent = errors.New("store: late-entry code spent or expired")

// Errors of a vote (DecideVote, and the store that writes it).
var (
	// ErrScoreRequired: a first vote on a film must carry a score.
	ErrScoreRequired = errors.New("store: a new vote needs a score")
	// ErrNotAssigned: the festival lets jury members vote only on films assigned to them.
	ErrNotAssigned = errors.New("store: jury member not assigned to the film")
)

// JuryProfileError names what a jury profile cannot refer to: categories or
// films that do not exist, and films the member is assigned to (a conflict
// is declared before the assignment; an admin takes the member off first).
// Nothing was written.
type JuryProfileError struct{ UnknownCategories, UnknownFilms, AssignedFilms []int64 }

func (e *JuryProfileError) Error() string {
	return fmt.Sprintf("store: jury profile: unknown categories %v, unknown films %v, assigned films %v", e.UnknownCategories, e.UnknownFilms, e.AssignedFilms)
}

// PlanStaleError is a plan whose film changed after the preview: nothing was
// written (or what was is put back).
type PlanStaleError struct {
	MovieID int64
	Title   string // as stored now; empty when the film is gone
}

func (e *PlanStaleError) Error() string {
	return fmt.Sprintf("store: film %d changed since the assignment was previewed", e.MovieID)
}

// PlanStateError is a plan that is not waiting to be applied: applied,
// rolled back, or being applied by another call.
type PlanStateError struct{ State PlanState }

func (e *PlanStateError) Error() string { return "store: assignment plan is " + string(e.State) }

// ErrSetupDone is a first-admin setup when the festival already has an admin.
var ErrSetupDone = errors.New("store: the festival already has an admin")

// ErrConfirmInvalid is a confirmation token that is unknown, used or
// expired, or whose account is gone.
var ErrConfirmInvalid = errors.New("store: e-mail confirmation token unknown, used or expired")
