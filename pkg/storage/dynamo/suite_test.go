package dynamo_test

import (
	"context"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/storesuite"
)

// TestStoreSuite runs the repository suite over the DynamoDB store on
// DynamoDB Local, a table per case: with the public lists kept in memory (as
// deployed) and read from the indexes (lists too long to keep), whose pages
// and cursors must not differ. The memory store runs the same suite in
// pkg/storage/memory.
func TestStoreSuite(t *testing.T) {
	for _, c := range []struct {
		name string
		keep bool // KeepLists
	}{{"lists kept", true}, {"lists from the indexes", false}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			storesuite.Run(t, func(t *testing.T) storesuite.Stores {
				s := newStore(t)
				s.KeepLists(c.keep)
				return storesuite.Stores{Catalog: s, Users: s, Resets: s, Setup: s, LateCodes: s, Settings: s, Films: s, Votes: s, AddFilm: func(ctx context.Context, m festival.Movie) error {
					return s.CreateMovie(ctx, m, festival.Admission{})
				}, SwitchEdition: s.SwitchEdition}
			})
		})
	}
}
