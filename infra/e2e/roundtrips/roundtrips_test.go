// Package roundtrips_test counts the DynamoDB requests of every main route
// (docs/performance.md, "Round trips per route"): the table there is this
// test's output, and each route's count is held as a ceiling.
package roundtrips_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestRoundTripsPerRoute(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	jury2 := api.Register("JURY")
	prod := api.Register("PRODUCER")
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Fiction"}).Expect(http.StatusCreated)
	var films []int64
	for i := range 20 {
		films = append(films, api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i)}))
	}
	id := films[0]
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", id), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	api.Do("POST", "/events", admin.Token, map[string]any{"name": "Ouverture", "description": "Soirée", "start_date": "2026-06-01T18:00:00Z",
		"end_date": "2026-06-01T23:00:00Z", "location": "Salle 1", "event_type": "CONFERENCE"}).Expect(http.StatusCreated)
	events := api.Do("GET", "/events", "", nil).List()
	eventID := int64(events[0]["id_event"].(float64))
	note := api.Do("POST", fmt.Sprintf("/movies/%d/notes", films[9]), admin.Token, map[string]any{"text": "À revoir"}).Expect(http.StatusCreated).JSON()

	routes := []struct {
		name        string
		method, url string
		token       string
		body        any
		status      int
		ceiling     int // DynamoDB requests, the token check included
		// refill, for the lists kept in memory, is the ceiling of a first
		// call, which may read the list again (the version, the counter,
		// one BatchGetItem per 100 ids); ceiling is then the next call's.
		refill int
	}{
		{"list films", "GET", "/movies", "", nil, 200, 1, 3},
		{"read a film", "GET", fmt.Sprintf("/movies/%d", id), "", nil, 200, 1, 0},
		{"list categories", "GET", "/categories", "", nil, 200, 1, 3},
		{"list events", "GET", "/events", "", nil, 200, 1, 3},
		{"read an event", "GET", fmt.Sprintf("/events/%d", eventID), "", nil, 200, 1, 0},
		{"my account", "GET", "/users/me", jury.Token, nil, 200, 1, 0},
		{"list users", "GET", "/users", admin.Token, nil, 200, 2, 0},
		{"list awards", "GET", "/awards", admin.Token, nil, 200, 2, 4},
		{"my films", "GET", "/movies/mine", prod.Token, nil, 200, 2, 4},
		{"my assigned films", "GET", "/movies/assigned", jury.Token, nil, 200, 2, 4},
		{"my votes", "GET", "/votes/mine", jury.Token, nil, 200, 2, 0},
		{"results", "GET", "/votes/results", admin.Token, nil, 200, 4, 0},
		// A member's declarations are on the record the token check read.
		{"my jury declarations", "GET", "/users/me/jury-profile", jury.Token, nil, 200, 1, 0},
		// A member's own progress reads their records only, not the jury's.
		{"my progress", "GET", "/votes/progress/mine", jury.Token, nil, 200, 5, 0},
		{"first vote", "POST", fmt.Sprintf("/votes/mine/%d", id), jury.Token, map[string]any{"score": 7}, 201, 4, 0},
		{"vote changed", "POST", fmt.Sprintf("/votes/mine/%d", id), jury.Token, map[string]any{"score": 8}, 200, 3, 0},
		// Vote and award ids come 20 at a time: only the first of a block reads the counter.
		{"first vote, id from the block", "POST", fmt.Sprintf("/votes/mine/%d", films[5]), jury2.Token, map[string]any{"score": 6}, 201, 3, 0},
		{"status change", "PUT", fmt.Sprintf("/movies/%d/status", films[1]), admin.Token, map[string]any{"status": "VALIDATED"}, 200, 3, 0},
		{"jury assignment", "PUT", fmt.Sprintf("/movies/%d/juries", films[2]), admin.Token, map[string]any{"juries": []int64{jury.ID}}, 200, 3, 0},
		// The admins to tell are one Query of the users (paged), then the
		// film with the settings, then one transaction.
		{"withdrawal", "POST", fmt.Sprintf("/movies/%d/withdraw", films[7]), prod.Token, map[string]any{"reason": "Retenu ailleurs"}, 200, 4, 0},
		{"withdrawal undone", "POST", fmt.Sprintf("/movies/%d/reinstate", films[7]), admin.Token, nil, 200, 3, 0},
		{"film edit", "PUT", fmt.Sprintf("/movies/%d", films[3]), admin.Token, map[string]any{"title": "Nouveau titre"}, 200, 3, 0},
		{"new category", "POST", "/categories", admin.Token, map[string]any{"name": "Documentaire"}, 201, 3, 0},
		{"new event", "POST", "/events", admin.Token, map[string]any{"name": "Clôture", "description": "Soirée", "start_date": "2026-06-07T18:00:00Z",
			"end_date": "2026-06-07T23:00:00Z", "location": "Salle 1", "event_type": "CONFERENCE"}, 201, 3, 0},
		{"new award", "POST", "/awards", admin.Token, map[string]any{"id_movie": films[4], "name": "Grand prix"}, 201, 4, 0},
		{"new award, id from the block", "POST", "/awards", admin.Token, map[string]any{"id_movie": films[6], "name": "Prix du jury"}, 201, 3, 0},
		{"login", "POST", "/auth/login", "", map[string]any{"email": jury.Email, "password": "motdepasse1"}, 200, 3, 0},
		// The settings are read once for the throttle, the roles open to
		// registration and (with a film) the submission window.
		{"register", "POST", "/auth/register", "", map[string]any{"first_name": "Jean", "last_name": "Rouch", "email": "rouch@example.org",
			"password": "motdepasse1", "role": "PRODUCER"}, 201, 5, 0},
		{"register with a film", "POST", "/auth/register-film", "", apitest.MovieForm("Moi, un noir", "first_name", "Jean", "last_name", "Vigo",
			"email", "vigo@example.org", "password", "motdepasse1"), 201, 6, 0},
		{"rename myself", "PUT", "/users/me", jury.Token, map[string]any{"first_name": "Agnès"}, 200, 9, 0},
		// The committee's board: the films kept in memory and one Query of
		// the edition's votes; its notes, tags and views.
		{"board", "GET", "/movies/board?sort=mean&order=desc", admin.Token, nil, 200, 3, 5},
		{"board, neighbours of a film", "GET", fmt.Sprintf("/movies/board?status=submitted&around=%d", films[2]), admin.Token, nil, 200, 3, 0},
		{"tags in use", "GET", "/movies/tags", admin.Token, nil, 200, 2, 0},
		{"film tags", "PUT", fmt.Sprintf("/movies/%d/tags", films[8]), admin.Token, map[string]any{"tags": []string{"court"}}, 200, 3, 0},
		{"film notes", "GET", fmt.Sprintf("/movies/%d/notes", films[9]), admin.Token, nil, 200, 2, 0},
		{"new note", "POST", fmt.Sprintf("/movies/%d/notes", films[9]), admin.Token, map[string]any{"text": "Fort"}, 201, 3, 0},
		{"note deleted", "DELETE", fmt.Sprintf("/movies/%d/notes/%s", films[9], note["id_note"]), admin.Token, nil, 200, 4, 0},
		{"my views", "GET", "/users/me/views", admin.Token, nil, 200, 2, 0},
		{"views saved", "PUT", "/users/me/views", admin.Token, map[string]any{"views": []map[string]any{{"name": "Candidats", "query": "status=candidate"}}}, 200, 3, 0},
	}
	for _, r := range routes {
		if r.refill > 0 {
			db.Take()
			api.Do(r.method, r.url, r.token, r.body).Expect(r.status)
			byOp, n := db.Take()
			t.Logf("| %s, first call | `%s %s` | %d | %v |", r.name, r.method, r.url, n, byOp)
			if n > r.refill {
				t.Errorf("%s %s, first call: %d DynamoDB requests %v, want at most %d", r.method, r.url, n, byOp, r.refill)
			}
		}
		db.Take()
		api.Do(r.method, r.url, r.token, r.body).Expect(r.status)
		byOp, n := db.Take()
		t.Logf("| %s | `%s %s` | %d | %v |", r.name, r.method, r.url, n, byOp)
		if n > r.ceiling {
			t.Errorf("%s %s: %d DynamoDB requests %v, want at most %d", r.method, r.url, n, byOp, r.ceiling)
		}
	}
}
