package editions_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// lastYear is a festival's edition from submission to palmarès: two
// categories with their grid, rule and question, films judged and awarded,
// the results published.
type lastYear struct {
	api                   *apitest.API
	admin, prod, j1, j2   apitest.Account
	courts, longs         int64
	cleo, bonheur         int64
	results, head, awards string
	films                 []int64
}

func festivalOfLastYear(t *testing.T) lastYear {
	t.Helper()
	api := apitest.Start(t)
	f := lastYear{api: api, admin: api.Register("ADMIN"), prod: api.Register("PRODUCER"), j1: api.Register("JURY"), j2: api.Register("JURY")}
	cat := func(name string) int64 {
		r := api.Do("POST", "/categories", f.admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated).JSON()
		return int64(r["newCategory"].(map[string]any)["id_categorie"].(float64))
	}
	f.courts, f.longs = cat("Courts métrages"), cat("Longs métrages")
	api.Do("PUT", "/settings/form", f.admin.Token, map[string]any{"questions": []map[string]any{
		{"id": "pitch", "label": "En une phrase", "kind": "text", "visibility": "public"},
		{"id": "tournage", "label": "Lieu de tournage", "kind": "text", "visibility": "jury", "category": f.courts},
	}}).Expect(http.StatusOK)
	closes := time.Now().Add(30 * 24 * time.Hour).UTC().Truncate(time.Minute).Format(time.RFC3339)
	api.Do("PUT", "/settings", f.admin.Token, map[string]any{
		"category_grids":       map[string]any{fmt.Sprint(f.courts): []map[string]any{{"key": "image", "name": "Image", "weight": 2}}},
		"category_rules":       map[string]any{fmt.Sprint(f.longs): []map[string]any{{"kind": "runtime_min", "number": 60}}},
		"submissions_close_at": closes, "jury_reminder_days": 3, "blind_judging": true,
	}).Expect(http.StatusOK)
	api.Do("PUT", "/settings/templates/movie.received", f.admin.Token, map[string]any{"subject": "Bien reçu : {{.Title}}", "body": "Merci."}).Expect(http.StatusOK)
	api.Do("PUT", "/users/me/jury-profile", f.j1.Token, map[string]any{"categories": []int64{f.courts}, "conflicts": []int64{}}).Expect(http.StatusOK)
	f.cleo, f.bonheur = api.Upload(t, f.prod.Token, "Cléo de 5 à 7"), api.Upload(t, f.prod.Token, "Le Bonheur")
	for film, c := range map[int64]int64{f.cleo: f.courts, f.bonheur: f.longs} {
		api.Do("PUT", fmt.Sprintf("/movies/%d/categories", film), f.admin.Token, map[string]any{"categories": []int64{c}}).Expect(http.StatusOK)
		api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), f.admin.Token, map[string]any{"juries": []int64{f.j1.ID, f.j2.ID}}).Expect(http.StatusOK)
	}
	for _, j := range []apitest.Account{f.j1, f.j2} {
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.cleo), j.Token, map[string]any{"criteria": map[string]any{"image": 8}}).Expect(http.StatusCreated)
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.bonheur), j.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)
	}
	api.Do("POST", "/awards", f.admin.Token, map[string]any{"id_movie": f.cleo, "name": "Grand prix"}).Expect(http.StatusCreated)
	if _, err := api.Server.Deps.Store.AppendLedger(context.Background()); err != nil {
		t.Fatal(err)
	}
	api.Do("PUT", "/settings", f.admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
	f.results = string(api.Do("GET", "/votes/results", f.admin.Token, nil).Expect(http.StatusOK).Body)
	f.head = string(api.Do("GET", "/votes/ledger/head", "", nil).Expect(http.StatusOK).Body)
	f.awards = string(api.Do("GET", "/awards", f.admin.Token, nil).Expect(http.StatusOK).Body)
	f.films = ids(api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(), "id_movie")
	return f
}

func TestTheNextEditionStartsEmptyWithLastYearsRulesAndLastYearStaysAsItWasReadOnly(t *testing.T) {
	t.Parallel()
	f := festivalOfLastYear(t)
	api, admin := f.api, f.admin.Token

	eds := api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON()
	if eds["current"] != "1" || len(eds["editions"].([]any)) != 1 {
		t.Fatalf("editions before %v, want the first alone", eds)
	}
	api.Do("POST", "/editions", f.prod.Token, map[string]any{"id": "2027"}).Expect(http.StatusForbidden)
	api.Do("POST", "/editions", admin, map[string]any{"id": "20 27"}).Expect(http.StatusBadRequest)
	api.Do("POST", "/editions", admin, map[string]any{"id": "2027", "jury": true}).ExpectErrorAbout(http.StatusBadRequest, "jury")
	api.Do("POST", "/editions", admin, map[string]any{"id": "1"}).Expect(http.StatusConflict)
	started := api.Do("POST", "/editions", admin, map[string]any{"id": "2027", "name": "Festival 2027", "copy_jury": true}).Expect(http.StatusCreated).JSON()
	if started["id"] != "2027" || started["state"] != "current" || started["name"] != "Festival 2027" || started["archived_at"] != nil {
		t.Errorf("started %v", started)
	}
	api.Do("POST", "/editions", admin, map[string]any{"id": "2027"}).ExpectError(http.StatusConflict, "Une édition porte déjà l'identifiant 2027")
	eds = api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON()
	list := eds["editions"].([]any)
	if eds["current"] != "2027" || len(list) != 2 || list[0].(map[string]any)["id"] != "2027" ||
		list[1].(map[string]any)["state"] != "archived" || list[1].(map[string]any)["archived_at"] == nil {
		t.Errorf("editions after %v, want 2027 current first, 1 archived", eds)
	}

	// Last year, named: as it was.
	same := func(path, token, want string) {
		t.Helper()
		if got := string(api.Do("GET", path, token, nil).Expect(http.StatusOK).Body); got != want {
			t.Errorf("GET %s changed:\n%s\nwas\n%s", path, got, want)
		}
	}
	same("/votes/results?edition=1", admin, f.results)
	same("/votes/ledger/head?edition=1", "", f.head)
	same("/awards?edition=1", admin, f.awards)
	if got := ids(api.Do("GET", "/movies?edition=1", "", nil).Expect(http.StatusOK).List(), "id_movie"); fmt.Sprint(got) != fmt.Sprint(f.films) {
		t.Errorf("last year's films %v, want %v", got, f.films)
	}
	// ... and read-only, named or not.
	api.Do("POST", "/awards?edition=1", admin, map[string]any{"id_movie": f.bonheur, "name": "Prix du jury"}).Expect(http.StatusConflict)
	api.Do("POST", "/awards", admin, map[string]any{"id_movie": f.bonheur, "name": "Prix du jury"}).Expect(http.StatusConflict)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.bonheur), f.j1.Token, map[string]any{"score": 9}).Expect(http.StatusConflict)
	api.Do("PUT", "/settings?edition=1", admin, map[string]any{"jury_reminder_days": 5}).Expect(http.StatusConflict)
	api.Do("GET", "/movies?edition=2026", "", nil).ExpectError(http.StatusNotFound, "Édition inconnue : 2026")
	api.Do("GET", "/movies?edition=x!", "", nil).Expect(http.StatusBadRequest)

	// This year: empty, with last year's rules on copies of its categories.
	for _, path := range []string{"/movies", "/awards", "/votes/results", "/votes"} {
		if got := api.Do("GET", path, admin, nil).Expect(http.StatusOK).List(); len(got) != 0 {
			t.Errorf("GET %s in the new edition: %v, want nothing", path, got)
		}
	}
	cats := map[string]int64{}
	for _, c := range api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List() {
		cats[c["name"].(string)] = int64(c["id_categorie"].(float64))
	}
	courts, longs := cats["Courts métrages"], cats["Longs métrages"]
	if len(cats) != 2 || courts <= f.longs || longs <= f.longs {
		t.Fatalf("this year's categories %v, want copies of last year's under new ids", cats)
	}
	if got := ids(api.Do("GET", "/categories?edition=1", "", nil).Expect(http.StatusOK).List(), "id_categorie"); fmt.Sprint(got) != fmt.Sprint([]int64{f.courts, f.longs}) {
		t.Errorf("last year's categories %v", got)
	}
	st := api.Do("GET", "/settings", admin, nil).Expect(http.StatusOK).JSON()
	if st["submissions_close_at"] != nil || st["results_published_at"] != nil || st["blind_judging"] != true || st["jury_reminder_days"] != float64(3) {
		t.Errorf("this year's settings %v: want the dates cleared, the rules kept", st)
	}
	if _, ok := st["category_grids"].(map[string]any)[fmt.Sprint(courts)]; !ok {
		t.Errorf("grids %v, want the copy of Courts métrages's (%d)", st["category_grids"], courts)
	}
	if _, ok := st["category_rules"].(map[string]any)[fmt.Sprint(longs)]; !ok {
		t.Errorf("rules %v, want the copy of Longs métrages's (%d)", st["category_rules"], longs)
	}
	old := api.Do("GET", "/settings?edition=1", admin, nil).Expect(http.StatusOK).JSON()
	if old["results_published_at"] == nil || old["submissions_close_at"] == nil {
		t.Errorf("last year's settings %v, want them as they were", old)
	}
	form := api.Do("GET", "/settings/form", "", nil).Expect(http.StatusOK).JSON()["questions"].([]any)
	if len(form) != 2 || form[1].(map[string]any)["category"] != float64(courts) {
		t.Errorf("this year's form %v, want Lieu de tournage asked of %d", form, courts)
	}
	if tpl := api.Do("GET", "/settings/templates", admin, nil).Expect(http.StatusOK).Body; !contains(tpl, "Bien reçu") {
		t.Errorf("templates %s, want the festival's own kept", tpl)
	}
	profile := api.Do("GET", "/users/me/jury-profile", f.j1.Token, nil).Expect(http.StatusOK).JSON()
	if fmt.Sprint(profile["categories"]) != fmt.Sprint([]any{float64(courts)}) {
		t.Errorf("the juror's categories %v, want the copy %d", profile["categories"], courts)
	}
	if audit := api.Do("GET", "/audit?action=edition.start&limit=10", admin, nil).Expect(http.StatusOK).List(); len(audit) != 1 {
		t.Errorf("audit %v, want one edition.start", audit)
	}

	// The new edition takes films; a category name is free again in it.
	film := api.Upload(t, f.prod.Token, "Sans toit ni loi")
	if got := ids(api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(), "id_movie"); fmt.Sprint(got) != fmt.Sprint([]int64{film}) {
		t.Errorf("this year's films %v, want %d", got, film)
	}
	api.Do("POST", "/categories", admin, map[string]any{"name": "Courts métrages"}).Expect(http.StatusConflict)

	// A returning producer submits last year's film again, in one step.
	other := api.Register("PRODUCER")
	api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", f.cleo), other.Token, nil).Expect(http.StatusForbidden)
	api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", film), f.prod.Token, nil).ExpectError(http.StatusConflict, "Ce film est déjà de l'édition en cours")
	api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", f.cleo), f.prod.Token, map[string]any{"jury": 1}).Expect(http.StatusBadRequest)
	again := api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", f.cleo), f.prod.Token, nil).Expect(http.StatusCreated).JSON()
	first := api.Do("GET", fmt.Sprintf("/movies/%d?edition=1", f.cleo), f.prod.Token, nil).Expect(http.StatusOK).JSON()
	filmCats := again["Categories"].([]any)
	if again["title"] != "Cléo de 5 à 7" || again["edition"] != "2027" || again["selection_status"] != "submitted" || len(again["Awards"].([]any)) != 0 ||
		len(filmCats) != 1 || filmCats[0].(map[string]any)["id_categorie"] != float64(courts) || again["trailer"] != first["trailer"] || again["synopsis"] != first["synopsis"] {
		t.Errorf("resubmitted %v\nfrom %v", again, first)
	}
	newID := int64(again["id_movie"].(float64))
	body, err := api.Server.Deps.Files.MovieFile(context.Background(), newID, again["trailer"].(string))
	if err != nil {
		t.Fatalf("the new film's file: %v", err)
	}
	body.Close()
	if got := ids(api.Do("GET", "/movies/mine", f.prod.Token, nil).Expect(http.StatusOK).List(), "id_movie"); fmt.Sprint(got) != fmt.Sprint([]int64{film, newID}) {
		t.Errorf("the producer's films this year %v, want %d and %d", got, film, newID)
	}
	if got := ids(api.Do("GET", "/movies/mine?edition=1", f.prod.Token, nil).Expect(http.StatusOK).List(), "id_movie"); fmt.Sprint(got) != fmt.Sprint([]int64{f.cleo, f.bonheur}) {
		t.Errorf("the producer's films last year %v", got)
	}
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	received := 0
	for _, m := range api.Mailbox(t) {
		if m.Subject == "Bien reçu : Cléo de 5 à 7" {
			received++
		}
	}
	if received != 2 {
		t.Errorf("%d acknowledgements of Cléo, want one per submission", received)
	}
	// The earlier edition's film is as it was.
	api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", f.bonheur), f.prod.Token, map[string]any{"categories": []int64{longs}}).Expect(http.StatusCreated)
}

func TestWithoutTheJuryTheNextEditionClearsWhatJurorsDeclared(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, j := api.Register("ADMIN"), api.Register("JURY")
	c := int64(api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Courts"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
	film := api.Upload(t, api.Register("PRODUCER").Token, "Daguerréotypes")
	api.Do("PUT", "/users/me/jury-profile", j.Token, map[string]any{"categories": []int64{c}, "conflicts": []int64{film}}).Expect(http.StatusOK)
	api.Do("POST", "/editions", admin.Token, map[string]any{"id": "2027-printemps"}).Expect(http.StatusCreated)
	p := api.Do("GET", "/users/me/jury-profile", j.Token, nil).Expect(http.StatusOK).JSON()
	if len(p["categories"].([]any)) != 0 || len(p["conflicts"].([]any)) != 0 {
		t.Errorf("profile %v, want nothing declared", p)
	}
	eds := api.Do("GET", "/editions", "", nil).Expect(http.StatusOK).JSON()
	if eds["editions"].([]any)[0].(map[string]any)["name"] != "2027-printemps" {
		t.Errorf("editions %v, want the new one named by its id", eds)
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }
