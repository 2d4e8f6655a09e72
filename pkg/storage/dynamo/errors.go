package dynamo

import (
	"errors"
	"fmt"
)

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
