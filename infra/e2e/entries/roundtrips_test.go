package entries

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// TestTheEntryRoutesCountTheirRequests bounds the DynamoDB requests of the
// routes that read or change a film's entry, the token check included: the
// checklist costs none (the settings and the form come with the film or the
// list), the producer's edit reads the settings and the voters once each
// before its one read and one write of the film.
func TestTheEntryRoutesCountTheirRequests(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	admin, prod, jury := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	id := filmID(movie(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Compté")).Expect(http.StatusCreated)))
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", id), jury.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)
	api.Do("GET", "/movies?incomplete=true", admin.Token, nil).Expect(http.StatusOK) // fills the list's cache
	routes := []struct {
		name        string
		method, url string
		token       string
		body        any
		ceiling     int
	}{
		{"a film, by an admin", "GET", fmt.Sprintf("/movies/%d", id), admin.Token, nil, 2},
		{"a film, by its producer", "GET", fmt.Sprintf("/movies/%d", id), prod.Token, nil, 2},
		{"my films", "GET", "/movies/mine", prod.Token, nil, 2},
		{"incomplete films", "GET", "/movies?incomplete=true", admin.Token, nil, 2},
		{"the producer's edit", "PUT", fmt.Sprintf("/movies/%d/entry", id), prod.Token, map[string]any{"title": "Recompté"}, 5},
	}
	for _, r := range routes {
		db.Take()
		api.Do(r.method, r.url, r.token, r.body).Expect(http.StatusOK)
		byOp, n := db.Take()
		t.Logf("| %s | `%s %s` | %d | %v |", r.name, r.method, r.url, n, byOp)
		if n > r.ceiling {
			t.Errorf("%s %s: %d DynamoDB requests %v, want at most %d", r.method, r.url, n, byOp, r.ceiling)
		}
	}
}
