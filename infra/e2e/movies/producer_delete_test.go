package movies_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// A film whose deletion stopped half-way (marked, files and items left) is
// hidden from every listing; deleting its producer must still finish it
// rather than answer "retry" forever.
func TestDeletingAProducerFinishesAMovieWhoseDeletionStoppedHalfWay(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	stuck := api.Upload(t, prod.Token, "Suppression interrompue")
	api.Upload(t, prod.Token, "Autre film")
	if _, err := api.Server.Deps.Store.MarkMovieDeleting(context.Background(), stuck); err != nil {
		t.Fatal(err)
	}
	api.Do("GET", fmt.Sprintf("/movies/%d", stuck), "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	if len(objects(t, api)) == 0 {
		t.Fatal("the test needs the stuck film's files to be left behind")
	}

	r := api.Do("DELETE", fmt.Sprintf("/users/%d", prod.ID), admin.Token, nil).Expect(http.StatusOK)
	if r.JSON()["message"] != "Utilisateur supprimé avec succès" {
		t.Fatalf("delete answered %s", r.Body)
	}
	if left := objects(t, api); len(left) != 0 {
		t.Fatalf("files left behind: %v", left)
	}
	if left := items(t, api, "MOVIE#"); len(left) != 0 {
		t.Fatalf("film items left behind: %v", left)
	}
}
