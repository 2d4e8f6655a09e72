package memory

import (
	"context"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
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
// attribute), the settings of the edition that was current kept as its
// copy (SETTINGS#<ed>). The records of that edition stay as they are,
// read-only.
func (db *DB) SetCurrentEdition(id festival.EditionID) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if cur := db.currentEdition(); cur != id {
		db.archived[cur] = db.currentSettings()
	}
	db.edition = id
}

// writableEdition is the current edition, which writes go to; a request
// that names another one is refused (errEditionArchived). Call with the
// lock held.
func (db *DB) writableEdition(ctx context.Context) (festival.EditionID, error) {
	cur := db.currentEdition()
	if asked, ok := festival.EditionOf(ctx); ok && asked != cur {
		return cur, errEditionArchived()
	}
	return cur, nil
}

// checkCurrent refuses a write to a record of edition ed when it is not
// the current one. Call with the lock held.
func (db *DB) checkCurrent(ed festival.EditionID) error {
	if editionOrFirst(ed) != db.currentEdition() {
		return errEditionArchived()
	}
	return nil
}

// editionOrFirst is id, or FirstEdition when unset.
func editionOrFirst(id festival.EditionID) festival.EditionID {
	if id == "" {
		return festival.FirstEdition
	}
	return id
}

// errEditionArchived is the DynamoDB store's answer to a write to a record
// of an archived edition: the same code and text.
func errEditionArchived() error { return apperr.E(apperr.Conflict, texts.EditionArchivedReadOnly) }

// editionKey is a key unique within an edition (a name, a code) made
// unique in the festival.
func editionKey(ed festival.EditionID, k string) string { return string(ed) + "\x00" + k }
