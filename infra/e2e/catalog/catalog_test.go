package catalog_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

const (
	msgToken     = "Token invalide ou manquant"
	msgAdminOnly = "Accès interdit. Rôle ADMIN requis."
	msgAll       = "Tous les champs doivent être remplis "
	msgMissingID = "ID manquant dans l'URL"
	msgNoEvent   = "Evenement non trouvé"
)

// newMovie stores a film of owner straight through the store.
func newMovie(t testing.TB, api *apitest.API, owner apitest.Account, title string) int64 {
	return api.StoreMovie(t, owner, festival.Movie{Title: title, SelectionStatus: festival.StatusCandidate})
}

func TestAdminRoutesRefuseOthers(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	jury := api.Register("JURY")
	for _, r := range [][2]string{
		{"POST", "/categories"}, {"PUT", "/categories/1"}, {"DELETE", "/categories/1"},
		{"POST", "/events"}, {"PUT", "/events/1"}, {"PUT", "/events"}, {"PUT", "/events/"}, {"DELETE", "/events/1"},
		{"GET", "/awards"}, {"POST", "/awards"}, {"DELETE", "/awards/1"},
	} {
		api.Do(r[0], r[1], "", map[string]any{"name": "x"}).ExpectError(http.StatusUnauthorized, msgToken)
		api.Do(r[0], r[1], jury.Token, map[string]any{"name": "x"}).ExpectError(http.StatusForbidden, msgAdminOnly)
	}
	// Listings of categories and events are public.
	if l := api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Fatalf("categories %v", l)
	}
	if l := api.Do("GET", "/events", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Fatalf("events %v", l)
	}
}

func TestCategoriesAreUniqueAndFollowedByTheirMovies(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": "  Court   métrage "}).Expect(http.StatusCreated).JSON()
	c := r["newCategory"].(map[string]any)
	if r["message"] != "Catégorie créée" || c["name"] != "Court métrage" || c["id_categorie"] == nil || c["createdAt"] == nil || c["updatedAt"] == nil {
		t.Fatalf("POST /categories = %v", r)
	}
	id := int64(c["id_categorie"].(float64))
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "COURT MÉTRAGE"}).ExpectError(http.StatusConflict, "Une catégorie porte déjà ce nom")
	api.Do("POST", "/categories", admin.Token, map[string]any{}).ExpectError(http.StatusBadRequest, "Le champ name (nom de la catégorie) est requis")
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "  "}).ExpectError(http.StatusBadRequest, "Le champ name (nom de la catégorie) est requis")
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": strings.Repeat("a", 101)}).ExpectErrorAbout(http.StatusBadRequest, "100")
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": 3}).ExpectErrorAbout(http.StatusBadRequest, "name")
	other := api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Documentaire"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)

	list := api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List()
	if len(list) != 2 || list[0]["name"] != "Court métrage" {
		t.Fatalf("GET /categories = %v", list)
	}
	for k := range list[0] {
		if k != "id_categorie" && k != "name" && k != "createdAt" && k != "updatedAt" {
			t.Fatalf("unexpected field %s", k)
		}
	}

	movie := newMovie(t, api, prod, "Classé")
	api.Do("PUT", fmt.Sprintf("/movies/%d/categories", movie), admin.Token, map[string]any{"categories": []int64{id, int64(other["id_categorie"].(float64))}}).Expect(http.StatusOK)

	up := api.Do("PUT", fmt.Sprintf("/categories/%d", id), admin.Token, map[string]any{"name": "Courts"}).Expect(http.StatusOK).JSON()
	if up["message"] != "Catégorie mise à jour" || up["updatedCategory"].(map[string]any)["name"] != "Courts" {
		t.Fatalf("PUT = %v", up)
	}
	m := api.Do("GET", fmt.Sprintf("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()
	if cats := m["Categories"].([]any); len(cats) != 2 || cats[0].(map[string]any)["name"] != "Courts" {
		t.Fatalf("film categories after rename = %v", m["Categories"])
	}
	api.Do("PUT", fmt.Sprintf("/categories/%d", id), admin.Token, map[string]any{"name": "documentaire"}).ExpectError(http.StatusConflict, "Une catégorie porte déjà ce nom")
	api.Do("PUT", "/categories/999", admin.Token, map[string]any{"name": "X"}).ExpectError(http.StatusNotFound, "Catégorie non trouvée")
	api.Do("PUT", "/categories/abc", admin.Token, map[string]any{"name": "X"}).Expect(http.StatusBadRequest)

	api.Do("DELETE", fmt.Sprintf("/categories/%d", id), admin.Token, nil).Expect(http.StatusOK)
	m = api.Do("GET", fmt.Sprintf("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()
	if cats := m["Categories"].([]any); len(cats) != 1 || cats[0].(map[string]any)["name"] != "Documentaire" {
		t.Fatalf("film categories after delete = %v", m["Categories"])
	}
	api.Do("DELETE", fmt.Sprintf("/categories/%d", id), admin.Token, nil).ExpectError(http.StatusNotFound, "Catégorie non trouvée")
	if l := api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List(); len(l) != 1 {
		t.Fatalf("categories left %v", l)
	}
}

func event(name string) map[string]any {
	return map[string]any{"name": name, "description": "Projection et débat", "start_date": "2026-06-01T18:00:00Z",
		"end_date": "2026-06-01T20:00:00.000Z", "location": "Marseille", "event_type": "CONFERENCE"}
}

func TestEventsAsTheSpecShowsThem(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	r := api.Do("POST", "/events", admin.Token, event("Ouverture")).Expect(http.StatusCreated).JSON()
	e := r["newEvent"].(map[string]any)
	if r["message"] != "Evenment créée" || e["name"] != "Ouverture" || e["start_date"] != "2026-06-01T18:00:00.000Z" || e["event_type"] != "CONFERENCE" {
		t.Fatalf("POST /events = %v", r)
	}
	for _, k := range []string{"id_event", "name", "description", "start_date", "end_date", "location", "event_type", "createdAt", "updatedAt"} {
		if _, ok := e[k]; !ok {
			t.Fatalf("event without %s", k)
		}
	}
	id := int64(e["id_event"].(float64))
	dup := api.Do("POST", "/events", admin.Token, event("Ouverture")).Expect(http.StatusOK).JSON()
	if dup["message"] != "Evenement déjà existant" || dup["newEvent"].(map[string]any)["id_event"] != e["id_event"] {
		t.Fatalf("duplicate = %v", dup)
	}
	for _, field := range []string{"name", "description", "start_date", "end_date", "location", "event_type"} {
		body := event("Autre")
		delete(body, field)
		api.Do("POST", "/events", admin.Token, body).ExpectError(http.StatusBadRequest, msgAll)
		body[field] = "  "
		api.Do("POST", "/events", admin.Token, body).ExpectError(http.StatusBadRequest, msgAll)
	}
	api.Do("POST", "/events", admin.Token, nil).ExpectError(http.StatusBadRequest, msgAll)
	for field, bad := range map[string]string{
		"name": strings.Repeat("n", 256), "location": strings.Repeat("l", 256), "event_type": "PARTY",
		"start_date": "01/06/2026", "end_date": "2026-05-31T00:00:00Z",
	} {
		body := event("Invalide " + field)
		body[field] = bad
		api.For(t).Do("POST", "/events", admin.Token, body).ExpectErrorAbout(http.StatusBadRequest, field)
	}
	ok := event(strings.Repeat("é", 255))
	ok["event_type"], ok["start_date"], ok["end_date"] = "webinar", "2026-07-01", "2026-07-01"
	api.Do("POST", "/events", admin.Token, ok).Expect(http.StatusCreated)

	up := api.Do("PUT", fmt.Sprintf("/events/%d", id), admin.Token, map[string]any{"location": "Lyon"}).Expect(http.StatusOK).JSON()
	ue := up["updatedEvent"].(map[string]any)
	if up["message"] != "Evenement mis à jour" || ue["location"] != "Lyon" || ue["name"] != "Ouverture" || ue["description"] != "Projection et débat" {
		t.Fatalf("PUT = %v", up)
	}
	api.Do("PUT", fmt.Sprintf("/events/%d", id), admin.Token, map[string]any{"end_date": "2026-05-01T00:00:00Z"}).ExpectErrorAbout(http.StatusBadRequest, "end_date")
	api.Do("PUT", fmt.Sprintf("/events/%d", id), admin.Token, map[string]any{"name": ""}).ExpectErrorAbout(http.StatusBadRequest, "name")
	api.Do("PUT", fmt.Sprintf("/events/%d", id), admin.Token, nil).Expect(http.StatusBadRequest)
	api.Do("PUT", "/events/99999", admin.Token, map[string]any{"name": "X"}).ExpectError(http.StatusNotFound, msgNoEvent)
	for _, p := range []string{"/events", "/events/", "/events/abc", "/events/-1", "/events/1.5"} {
		api.Do("PUT", p, admin.Token, map[string]any{"name": "X"}).ExpectError(http.StatusBadRequest, msgMissingID)
	}
	got := api.Do("GET", fmt.Sprintf("/events/%d", id), "", nil).Expect(http.StatusOK).JSON()
	if got["location"] != "Lyon" {
		t.Fatalf("GET /events/:id = %v", got)
	}
	api.Do("GET", "/events/99999", "", nil).ExpectError(http.StatusNotFound, msgNoEvent)
	api.Do("GET", "/events/abc", "", nil).ExpectError(http.StatusBadRequest, msgMissingID)
	if l := api.Do("GET", "/events", "", nil).Expect(http.StatusOK).List(); len(l) != 2 {
		t.Fatalf("GET /events = %d events", len(l))
	}
	if msg := api.Do("DELETE", fmt.Sprintf("/events/%d", id), admin.Token, nil).Expect(http.StatusOK).JSON()["message"]; msg != "Evenement supprimé" {
		t.Fatalf("DELETE message %v", msg)
	}
	api.Do("DELETE", fmt.Sprintf("/events/%d", id), admin.Token, nil).ExpectError(http.StatusNotFound, msgNoEvent)
	api.Do("DELETE", "/events/abc", admin.Token, nil).ExpectError(http.StatusBadRequest, msgMissingID)
	// The deleted event's name is free again.
	api.Do("POST", "/events", admin.Token, event("Ouverture")).Expect(http.StatusCreated)
}

func TestTwentyConcurrentEventCreationsWithOneNameMakeOneEvent(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	const n = 20
	statuses := make([]int, n)
	ids := make([]any, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := api.Do("POST", "/events", admin.Token, event("Clôture"))
			statuses[i] = r.Status
			if m, ok := r.JSON()["newEvent"].(map[string]any); ok {
				ids[i] = m["id_event"]
			}
		}(i)
	}
	wg.Wait()
	count := map[int]int{}
	for i, s := range statuses {
		count[s]++
		if ids[i] != ids[0] {
			t.Fatalf("answers name different events: %v", ids)
		}
	}
	events := api.Do("GET", "/events", "", nil).Expect(http.StatusOK).List()
	t.Logf("20 concurrent POST /events with one name: statuses %v, events stored %d", count, len(events))
	if count[http.StatusCreated] != 1 || count[http.StatusOK] != n-1 || len(events) != 1 {
		t.Fatalf("statuses %v, %d events; want one 201, 19 200, one event", count, len(events))
	}
}

func TestAwardsAppearInTheirMovie(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	movie := newMovie(t, api, prod, "Primé")
	r := api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": movie, "name": "Grand prix"}).Expect(http.StatusCreated).JSON()
	a := r["award"].(map[string]any)
	if r["message"] != "Prix attribué" || a["name"] != "Grand prix" || a["id_movie"] != float64(movie) || a["awarded_at"] == nil {
		t.Fatalf("POST /awards = %v", r)
	}
	m := api.Do("GET", fmt.Sprintf("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()
	aw := m["Awards"].([]any)
	if m["selection_status"] != "awarded" || len(aw) != 1 || aw[0].(map[string]any)["id_award"] != a["id_award"] || aw[0].(map[string]any)["awarded_at"] != a["awarded_at"] {
		t.Fatalf("film = %v %v", m["selection_status"], m["Awards"])
	}
	for _, body := range []any{nil, map[string]any{"name": "X"}, map[string]any{"id_movie": movie}, map[string]any{"id_movie": "abc", "name": "X"},
		map[string]any{"id_movie": movie, "name": "  "}} {
		api.Do("POST", "/awards", admin.Token, body).ExpectError(http.StatusBadRequest, "Les champs id_movie (entier) et name (nom du prix) sont requis")
	}
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": movie, "name": strings.Repeat("p", 256)}).ExpectErrorAbout(http.StatusBadRequest, "255")
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": movie + 100, "name": "X"}).ExpectError(http.StatusNotFound, "Film non trouvé")
	list := api.Do("GET", "/awards", admin.Token, nil).Expect(http.StatusOK).List()
	if len(list) != 1 || list[0]["id_award"] != a["id_award"] {
		t.Fatalf("GET /awards = %v", list)
	}
	id := int64(a["id_award"].(float64))
	if msg := api.Do("DELETE", fmt.Sprintf("/awards/%d", id), admin.Token, nil).Expect(http.StatusOK).JSON()["message"]; msg != "Prix supprimé" {
		t.Fatalf("DELETE message %v", msg)
	}
	api.Do("DELETE", fmt.Sprintf("/awards/%d", id), admin.Token, nil).ExpectError(http.StatusNotFound, "Prix non trouvé")
	api.Do("DELETE", "/awards/abc", admin.Token, nil).Expect(http.StatusBadRequest)
	m = api.Do("GET", fmt.Sprintf("/movies/%d", movie), "", nil).Expect(http.StatusOK).JSON()
	if m["selection_status"] != "candidate" || len(m["Awards"].([]any)) != 0 {
		t.Fatalf("film after withdrawal = %v %v", m["selection_status"], m["Awards"])
	}
	trail := api.Do("GET", fmt.Sprintf("/audit?target=movie:%d", movie), admin.Token, nil).Expect(http.StatusOK).List()
	if len(trail) != 1 || trail[0]["action"] != "award.create" {
		t.Fatalf("audit of the film = %v", trail)
	}
	if l := api.Do("GET", fmt.Sprintf("/audit?target=award:%d", id), admin.Token, nil).Expect(http.StatusOK).List(); len(l) != 1 || l[0]["action"] != "award.delete" {
		t.Fatalf("audit of the award = %v", l)
	}
}
