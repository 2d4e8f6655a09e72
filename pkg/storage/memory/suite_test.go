package memory_test

import (
	"context"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"

	"github.com/festivalapi/festival/pkg/storage/memory"
	"github.com/festivalapi/festival/pkg/storage/storesuite"
)

// TestStoreSuite runs the repository suite over the memory store; the
// DynamoDB store runs the same suite in pkg/storage/dynamo.
func TestStoreSuite(t *testing.T) {
	storesuite.Run(t, func(*testing.T) storesuite.Stores {
		db := memory.New(nil)
		films := db.Films()
		return storesuite.Stores{Catalog: db.Catalog(), Users: db.Users(), Resets: db.Resets(), Setup: db.Users(), LateCodes: db.LateCodes(), Settings: db.Settings(),
			Films: films, Votes: db.Votes(), AddFilm: films.CreateMovie,
			SwitchEdition: func(_ context.Context, id festival.EditionID) error { db.SetCurrentEdition(id); return nil }}
	})
}
