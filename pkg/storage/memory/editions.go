package memory

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Editions, as the DynamoDB store scopes them (its edition_scope.go): the
// festival's records belong to one edition each; reads address the edition
// the request names (festival.EditionOf), else the current one, and writes
// go to the current one. Here the current edition is a field read under
// the lock, so it is never stale.

// currentEdition is the current edition (FirstEdition until another one
// is made current). Call with the lock held.
func (db *DB) currentEdition() festival.EditionID {
	if db.edition == "" {
		return festival.FirstEdition
	}
	return db.edition
}

// editionOf is the edition a read addresses: the one ctx names, else the
// current one. Call with the lock held.
func (db *DB) editionOf(ctx context.Context) festival.EditionID {
	if id, ok := festival.EditionOf(ctx); ok {
		return id
	}
	return db.currentEdition()
}

// SetCurrentEdition makes id the current edition: what starting the next
// edition does to the DynamoDB store's settings item (its `edition`
// attribute). The records of the edition that was current stay as they
// are, read-only.
func (db *DB) SetCurrentEdition(id festival.EditionID) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.edition = id
}
