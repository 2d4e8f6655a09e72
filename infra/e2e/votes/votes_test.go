package votes_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

const (
	msgToken      = "Token invalide ou manquant"
	msgAdminOnly  = "Accès interdit. Rôle ADMIN requis."
	msgJuryAdmin  = "Accès interdit. Rôle JURY ou ADMIN requis."
	msgMovie      = "Film non trouvé"
	msgVoteNone   = "Vote non trouvé"
	msgConflict   = "Accès interdit. Conflit d'intérêts : vous avez produit ce film, figurez parmi ses collaborateurs ou avez déclaré un conflit avec lui."
	msgNotAssign  = "Ce film ne vous est pas attribué : le festival n'autorise le vote des jurés que sur les films qui leur sont assignés"
	msgScoreFirst = "Le champ score est requis pour un premier vote : un nombre de 0 à 10 (décimales permises)"
)

func TestEveryVoteRouteRefusesAMissingTokenAndAProducer(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	routes := []struct {
		method, path, forbidden string
		juryOK                  bool
	}{
		{"GET", "/votes/mine", msgJuryAdmin, true},
		{"GET", "/votes/mine/1", msgJuryAdmin, true},
		{"POST", "/votes/mine/1", msgJuryAdmin, true},
		{"GET", "/votes", msgAdminOnly, false},
		{"GET", "/votes/results", msgAdminOnly, false},
		{"GET", "/votes/results.csv", msgAdminOnly, false},
		{"DELETE", "/votes/movie/1", msgAdminOnly, false},
		{"DELETE", "/votes/1", msgAdminOnly, false},
	}
	for _, r := range routes {
		api.Do(r.method, r.path, "", map[string]any{"score": 5}).ExpectError(http.StatusUnauthorized, msgToken)
		api.Do(r.method, r.path, "not-a-token", map[string]any{"score": 5}).ExpectError(http.StatusUnauthorized, msgToken)
		api.Do(r.method, r.path, prod.Token, map[string]any{"score": 5}).ExpectError(http.StatusForbidden, r.forbidden)
		if !r.juryOK {
			api.Do(r.method, r.path, jury.Token, nil).ExpectError(http.StatusForbidden, msgAdminOnly)
		}
	}
}

func TestAJurorVotesThenUpdatesTheSameVote(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	movie := newMovie(t, api, prod, "Le Voyage")

	// The web client's names: note and comments.
	r := api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"note": 7.5, "comments": "Belle photographie"}).Expect(http.StatusCreated)
	body := r.JSON()
	if body["message"] != "Vote enregistré" {
		t.Fatalf("message %v", body["message"])
	}
	v := body["vote"].(map[string]any)
	for _, k := range []string{"id_vote", "id_user", "id_movie", "score", "comment", "is_candidate", "createdAt", "updatedAt"} {
		if _, ok := v[k]; !ok {
			t.Fatalf("vote has no %s: %s", k, r.Body)
		}
	}
	if v["score"] != 7.5 || v["comment"] != "Belle photographie" || v["id_user"] != float64(jury.ID) || v["id_movie"] != float64(movie) || v["is_candidate"] != false {
		t.Fatalf("vote = %v", v)
	}
	id := v["id_vote"]

	r = api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 9}).Expect(http.StatusOK)
	body = r.JSON()
	v = body["vote"].(map[string]any)
	if body["message"] != "Vote mis à jour" || v["id_vote"] != id || v["score"] != float64(9) || v["comment"] != "Belle photographie" {
		t.Fatalf("update answer = %s", r.Body)
	}
	got := api.Do("GET", path("/votes/mine/%d", movie), jury.Token, nil).Expect(http.StatusOK).JSON()
	if got["score"] != float64(9) || got["id_vote"] != id {
		t.Fatalf("GET /votes/mine/:id = %v", got)
	}
	mine := api.Do("GET", "/votes/mine", jury.Token, nil).Expect(http.StatusOK).List()
	if len(mine) != 1 || mine[0]["id_vote"] != id {
		t.Fatalf("GET /votes/mine = %v", mine)
	}
	other := api.Register("JURY")
	if l := api.Do("GET", "/votes/mine", other.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Fatalf("another juror sees %d votes", len(l))
	}
	api.Do("GET", path("/votes/mine/%d", movie), other.Token, nil).ExpectError(http.StatusNotFound, msgVoteNone)

	// An admin votes too.
	admin := api.Register("ADMIN")
	api.Do("POST", path("/votes/mine/%d", movie), admin.Token, map[string]any{"score": 0}).Expect(http.StatusCreated)
	all := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List()
	if len(all) != 2 {
		t.Fatalf("GET /votes = %d votes, want 2", len(all))
	}
	page := api.Do("GET", "/votes?limit=1", admin.Token, nil).Expect(http.StatusOK)
	if len(page.List()) != 1 || page.Header.Get("X-Next-Cursor") == "" {
		t.Fatalf("GET /votes?limit=1 = %s, cursor %q", page.Body, page.Header.Get("X-Next-Cursor"))
	}
	rest := api.Do("GET", "/votes?limit=1&cursor="+page.Header.Get("X-Next-Cursor"), admin.Token, nil).Expect(http.StatusOK).List()
	if len(rest) != 1 || rest[0]["id_vote"] == page.List()[0]["id_vote"] {
		t.Fatalf("second page = %v", rest)
	}
}

func TestBadScoresAndUnknownMoviesStoreNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	admin := api.Register("ADMIN")
	movie := newMovie(t, api, prod, "Sans vote")
	p := path("/votes/mine/%d", movie)
	for _, body := range []any{
		map[string]any{"score": "7"},
		map[string]any{"score": 10.5},
		map[string]any{"score": -0.1},
		map[string]any{"score": true},
		map[string]any{"score": nil},
		map[string]any{"score": 5, "is_candidate": "oui"},
		map[string]any{"score": 5, "comment": 12},
	} {
		r := api.Do("POST", p, jury.Token, body).Expect(http.StatusBadRequest)
		if msg, _ := r.JSON()["error"].(string); msg == "" {
			t.Fatalf("%v: no error message", body)
		}
	}
	api.Do("POST", p, jury.Token, map[string]any{"score": 11}).ExpectError(http.StatusBadRequest, "score : la note doit être un nombre entre 0 et 10 (décimales permises), reçu 11")
	api.Do("POST", p, jury.Token, map[string]any{"comment": "Pas de note"}).ExpectError(http.StatusBadRequest, msgScoreFirst)
	api.Do("POST", p, jury.Token, nil).Expect(http.StatusBadRequest)
	api.Do("POST", p, jury.Token, "{not json").Expect(http.StatusBadRequest)
	api.Do("POST", path("/votes/mine/%d", movie+1000), jury.Token, map[string]any{"score": 5}).ExpectError(http.StatusNotFound, msgMovie)
	api.Do("POST", "/votes/mine/abc", jury.Token, map[string]any{"score": 5}).Expect(http.StatusBadRequest)
	api.Do("GET", "/votes/mine/abc", jury.Token, nil).Expect(http.StatusBadRequest)
	if all := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List(); len(all) != 0 {
		t.Fatalf("%d votes stored after refused requests", len(all))
	}
	if m := api.Do("GET", path("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON(); m["selection_status"] != "submitted" {
		t.Fatalf("film status %v", m["selection_status"])
	}
}

func TestACandidateFlagMovesTheMovieToCandidate(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	movie := newMovie(t, api, prod, "Promu")
	api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 9.5, "is_candidate": true}).Expect(http.StatusCreated)
	m := api.Do("GET", path("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()
	if m["selection_status"] != "candidate" || m["status"] != "CANDIDATE" {
		t.Fatalf("film after a candidate vote: %v / %v", m["selection_status"], m["status"])
	}
}

func TestAConflictedVoterCannotVote(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	admin := api.Register("ADMIN")
	collab := newMovie(t, api, prod, "Avec le juré", festival.Collaborator{ID: 1, FirstName: "J", LastName: "K", Email: "  " + jury.Email + " ", Job: "WRITER"})
	api.Do("POST", path("/votes/mine/%d", collab), jury.Token, map[string]any{"score": 10}).ExpectError(http.StatusForbidden, msgConflict)
	own := newMovie(t, api, admin, "Produit par l'admin")
	api.Do("POST", path("/votes/mine/%d", own), admin.Token, map[string]any{"score": 10}).ExpectError(http.StatusForbidden, msgConflict)
	if all := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List(); len(all) != 0 {
		t.Fatalf("%d votes stored", len(all))
	}
}

func TestFiftyConcurrentVotesOfOneJurorMakeOneVote(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	admin := api.Register("ADMIN")
	movie := newMovie(t, api, prod, "Course")
	const n = 50
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			statuses[i] = api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": i % 11, "is_candidate": i%3 == 0}).Status
		}(i)
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	all := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List()
	t.Logf("50 concurrent POST /votes/mine/%d by one juror: statuses %v, votes stored %d", movie, count, len(all))
	if count[http.StatusCreated] != 1 || count[http.StatusOK] != n-1 || len(all) != 1 {
		t.Fatalf("statuses %v, %d votes stored; want one 201, 49 200 and one vote", count, len(all))
	}
}

func TestAdminsDeleteVotes(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	admin := api.Register("ADMIN")
	movie := newMovie(t, api, prod, "Effacé")
	var ids []float64
	for i := 0; i < 3; i++ {
		j := api.Register("JURY")
		v := api.Do("POST", path("/votes/mine/%d", movie), j.Token, map[string]any{"score": i}).Expect(http.StatusCreated).JSON()["vote"].(map[string]any)
		ids = append(ids, v["id_vote"].(float64))
	}
	api.Do("DELETE", path("/votes/%d", int64(ids[0])), admin.Token, nil).Expect(http.StatusOK)
	if msg := api.Do("DELETE", path("/votes/%d", int64(ids[1])), admin.Token, nil).Expect(http.StatusOK).JSON()["message"]; msg != "Vote supprimé" {
		t.Fatalf("message %v", msg)
	}
	api.Do("DELETE", path("/votes/%d", int64(ids[0])), admin.Token, nil).ExpectError(http.StatusNotFound, msgVoteNone)
	api.Do("DELETE", "/votes/zero", admin.Token, nil).Expect(http.StatusBadRequest)
	r := api.Do("DELETE", path("/votes/movie/%d", movie), admin.Token, nil).Expect(http.StatusOK).JSON()
	if r["message"] != "Votes du film supprimés" || r["deleted"] != float64(1) {
		t.Fatalf("DELETE /votes/movie = %v", r)
	}
	api.Do("DELETE", path("/votes/movie/%d", movie+99), admin.Token, nil).ExpectError(http.StatusNotFound, msgMovie)
	if all := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List(); len(all) != 0 {
		t.Fatalf("%d votes left", len(all))
	}
	trail := api.Do("GET", "/audit?action=vote.delete", admin.Token, nil).Expect(http.StatusOK).List()
	if len(trail) != 2 || trail[0]["actor_id"] != float64(admin.ID) {
		t.Fatalf("audit of vote deletions = %v", trail)
	}
}

func TestVotingOnlyOnAssignedMoviesWhenTheFestivalSaysSo(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	admin := api.Register("ADMIN")
	movie := newMovie(t, api, prod, "Assigné")
	s := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	if s["jury_vote_assigned_only"] != false || fmt.Sprint(s["self_registration_roles"]) != "[ADMIN JURY PRODUCER]" {
		t.Fatalf("default settings = %v", s)
	}
	up := api.Do("PUT", "/settings", admin.Token, map[string]any{"jury_vote_assigned_only": true}).Expect(http.StatusOK).JSON()
	if up["message"] != "Paramètres du festival mis à jour" || up["settings"].(map[string]any)["jury_vote_assigned_only"] != true {
		t.Fatalf("PUT /settings = %v", up)
	}
	api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 6}).ExpectError(http.StatusForbidden, msgNotAssign)
	api.Do("PUT", path("/movies/%d/jury-candidate", movie), jury.Token, nil).ExpectError(http.StatusForbidden, msgNotAssign)
	if st := api.Do("GET", path("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()["selection_status"]; st != "submitted" {
		t.Fatalf("a refused candidate mark changed the film to %v", st)
	}
	// Admins are not jury members: the setting does not bind them.
	api.Do("POST", path("/votes/mine/%d", movie), admin.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)
	api.Do("PUT", path("/movies/%d/juries", movie), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)
	api.Do("PUT", path("/movies/%d/jury-candidate", movie), jury.Token, nil).Expect(http.StatusOK)
}

func TestFestivalSettingsAreForAdminsAndChecked(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	api.Do("GET", "/settings", "", nil).ExpectError(http.StatusUnauthorized, msgToken)
	api.Do("GET", "/settings", jury.Token, nil).ExpectError(http.StatusForbidden, msgAdminOnly)
	api.Do("PUT", "/settings", jury.Token, map[string]any{"jury_vote_assigned_only": true}).ExpectError(http.StatusForbidden, msgAdminOnly)
	for _, tt := range []struct {
		body  any
		about string
	}{
		{nil, "jury_vote_assigned_only"},
		{map[string]any{"jury_vote_assigned_only": "yes"}, "jury_vote_assigned_only"},
		{map[string]any{"self_registration_roles": []string{"JURY", "ROOT"}}, "ROOT"},
		{map[string]any{"self_registration_roles": "PRODUCER"}, "self_registration_roles"},
		{map[string]any{"juryVoteAssignedOnlyy": true}, "jury_vote_assigned_onlyy"},
	} {
		api.Do("PUT", "/settings", admin.Token, tt.body).ExpectErrorAbout(http.StatusBadRequest, tt.about)
	}
	// camelCase keys are accepted like everywhere else.
	s := api.Do("PUT", "/settings", admin.Token, map[string]any{"selfRegistrationRoles": []string{"producer"}}).Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	if fmt.Sprint(s["self_registration_roles"]) != "[PRODUCER]" || s["jury_vote_assigned_only"] != false {
		t.Fatalf("settings = %v", s)
	}
	reg := func(role string) map[string]any {
		return map[string]any{"first_name": "A", "last_name": "B", "email": fmt.Sprintf("%s.self@example.org", role), "password": "motdepasse1", "role": role}
	}
	msg := "Inscription refusée : le festival n'ouvre pas l'inscription libre au rôle JURY ; un administrateur doit créer ce compte"
	api.Do("POST", "/auth/register", "", reg("JURY")).ExpectError(http.StatusForbidden, msg)
	api.Do("POST", "/users", "", reg("JURY")).ExpectError(http.StatusForbidden, msg)
	api.Do("POST", "/users", jury.Token, reg("JURY")).ExpectError(http.StatusForbidden, msg)
	api.Do("POST", "/auth/register", "", reg("PRODUCER")).Expect(http.StatusCreated)
	// register-film creates a PRODUCER: refused, before any upload, once PRODUCER is closed.
	api.Do("PUT", "/settings", admin.Token, map[string]any{"self_registration_roles": []string{"JURY"}}).Expect(http.StatusOK)
	form := apitest.NewMultipart().Field("first_name", "A").Field("last_name", "B").Field("email", "film.self@example.org").
		Field("password", "motdepasse1").Field("title", "Film").Close()
	api.Do("POST", "/auth/register-film", "", form).ExpectError(http.StatusForbidden,
		"Inscription refusée : le festival n'ouvre pas l'inscription libre au rôle PRODUCER ; un administrateur doit créer ce compte")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"self_registration_roles": []string{"PRODUCER"}}).Expect(http.StatusOK)
	// An admin's token lifts the limit on POST /users.
	api.Do("POST", "/users", admin.Token, reg("JURY")).Expect(http.StatusCreated)
	trail := api.Do("GET", "/audit?action=settings.update", admin.Token, nil).Expect(http.StatusOK).List()
	if len(trail) != 3 || trail[0]["details"].(map[string]any)["self_registration_roles"] != "PRODUCER" {
		t.Fatalf("audit = %v", trail)
	}
}
