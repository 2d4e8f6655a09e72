package votes_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// newFilm stores a film of owner straight through the store (as an upload
// would leave it), so that these tests need no media files.
func newFilm(t testing.TB, api *apitest.API, owner apitest.Account, title string, collaborators ...festival.Collaborator) int64 {
	t.Helper()
	st := api.Server.Deps.Store
	ctx := context.Background()
	id, err := st.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	err = st.CreateMovie(ctx, festival.Movie{
		ID: id, Title: title, OwnerID: owner.ID, SelectionStatus: festival.StatusSubmitted,
		Producer: &festival.Producer{ID: owner.ID, FirstName: "Prénom", LastName: "Nom"}, Collaborators: collaborators,
		CreatedAt: now, UpdatedAt: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }
