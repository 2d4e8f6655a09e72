package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// KeepListsUpTo sets how long a list the store keeps in memory (0: none),
// so tests can run the index path and the memory path side by side.
func (s *Store) KeepListsUpTo(ids int64) { s.core.maxCachedIDs = ids }

// Client is the store's DynamoDB client, for a second store on its table.
func (s *Store) Client() DB { return s.core.db }

// MoveAllDue makes msgs, as the caller read them, due at at in batched
// conditional transactions (what a release does after its query), so tests
// can change some of them in between.
func (s *Store) MoveAllDue(ctx context.Context, msgs []festival.Message, at time.Time) (int, error) {
	ops := make([]types.TransactWriteItem, len(msgs))
	for i, m := range msgs {
		ops[i] = types.TransactWriteItem{Update: s.core.moveDueOp(m, at)}
	}
	return s.core.moveAllDue(ctx, ops)
}

// CurrentEdition, EditionOf and NoteCurrentEdition are the store's view of
// the current edition (edition_scope.go), for its tests.
func (s *Store) CurrentEdition(ctx context.Context) (festival.EditionID, error) {
	return s.core.currentEdition(ctx)
}
func (s *Store) EditionOf(ctx context.Context) (festival.EditionID, error) {
	return s.core.editionOf(ctx)
}
func (s *Store) NoteCurrentEdition(id festival.EditionID) { s.core.noteCurrentEdition(id) }

// KeepCurrentEditionFor sets how long the store trusts the current
// edition it read (editionFreshness), so tests do not depend on timing.
func (s *Store) KeepCurrentEditionFor(d time.Duration) {
	s.core.edition.mu.Lock()
	defer s.core.edition.mu.Unlock()
	s.core.edition.fresh = d
}
