package festival

import (
	"context"
	"regexp"
)

// An edition is one year (or one run) of the festival: its settings,
// categories, grids, templates, films, assignments, votes, results and
// ledger belong to it; accounts are shared by every edition. One edition is
// current: the specification's routes address it. The others are archived,
// read-only, and reached explicitly (?edition=<id>). docs/editions.md.

// EditionID names an edition in keys and addresses: 1 to 16 letters, digits
// or '-', starting with a letter or a digit ("2026", "2027-spring").
type EditionID string

// FirstEdition is the current edition of a table that never started
// another one, and the one the migration of a table written before
// editions puts its records in unless told otherwise.
const FirstEdition EditionID = "1"

// MaxEditionIDLen bounds an edition's id (it is part of keys).
const MaxEditionIDLen = 16

var editionIDPattern = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z-]{0,15}$`)

// ValidEditionID reports whether s can name an edition.
func ValidEditionID(s string) bool { return editionIDPattern.MatchString(s) }

// EditionState is where an edition stands.
type EditionState string

const (
	EditionCurrent  EditionState = "current"
	EditionArchived EditionState = "archived"
)

// Edition is one edition as GET /editions shows it.
type Edition struct {
	ID         EditionID    `json:"id"`
	Name       string       `json:"name"`
	State      EditionState `json:"state"`
	StartedAt  Time         `json:"started_at"`
	ArchivedAt *Time        `json:"archived_at"`
}

type editionKey struct{}

// WithEdition marks ctx as addressing edition id explicitly (a request's
// ?edition=): stores read that edition's records instead of the current
// one's.
func WithEdition(ctx context.Context, id EditionID) context.Context {
	return context.WithValue(ctx, editionKey{}, id)
}

// EditionOf is the edition ctx addresses explicitly, if any.
func EditionOf(ctx context.Context) (EditionID, bool) {
	id, ok := ctx.Value(editionKey{}).(EditionID)
	return id, ok
}
