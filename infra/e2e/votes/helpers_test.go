package votes_test

import (
	"fmt"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// newMovie stores a submitted film of owner, without media files.
func newMovie(t testing.TB, api *apitest.API, owner apitest.Account, title string, collaborators ...festival.Collaborator) int64 {
	return api.StoreMovie(t, owner, festival.Movie{Title: title, Collaborators: collaborators})
}

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }
