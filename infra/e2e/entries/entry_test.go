// Package entries proves, end to end on the local stack, that a festival's
// eligibility rules and form make a film complete or not, on what the film
// is (its measured runtime) and at the store's clock; that an incomplete
// film is refused or saved as a draft; that its producer edits it while the
// window (or their late-entry code) lasts; and that the jurors who voted
// hear of the edit.
package entries

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// category creates a category and returns its id.
func category(api *apitest.API, admin apitest.Account, name string) int64 {
	r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated)
	return int64(r.JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
}

// form replaces the festival's form (PUT /settings/form).
func form(api *apitest.API, admin apitest.Account, qs ...map[string]any) {
	api.Do("PUT", "/settings/form", admin.Token, map[string]any{"questions": qs}).Expect(http.StatusOK)
}

// movie is the film of an answer {message, movie}.
func movie(r *apitest.Response) map[string]any { return r.JSON()["movie"].(map[string]any) }

func filmID(m map[string]any) int64 { return int64(m["id_movie"].(float64)) }

// missing are the texts of a film's checklist (nil when it carries none).
func missing(t *testing.T, m map[string]any) []string {
	t.Helper()
	c, ok := m["completeness"].(map[string]any)
	if !ok {
		t.Fatalf("film %v without its completeness", m["id_movie"])
	}
	var out []string
	for _, x := range c["missing"].([]any) {
		out = append(out, x.(map[string]any)["text"].(string))
	}
	if c["complete"] != (len(out) == 0) {
		t.Errorf("completeness %v: complete disagrees with its lines", c)
	}
	return out
}

func ids(films []map[string]any) []int64 {
	out := make([]int64, len(films))
	for i, f := range films {
		out[i] = filmID(f)
	}
	return out
}

func TestAFilmOverItsCategorysRuntimeShowsIncompleteToItsProducerAndTheAdmins(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	courts := category(api, admin, "Courts")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_rules": map[string]any{
		fmt.Sprint(courts): []map[string]any{{"kind": "runtime_max", "number": 600}, {"kind": "answer", "question": "inconnue"}},
	}}).ExpectError(http.StatusBadRequest, fmt.Sprintf(`Règle answer de la catégorie %d : la question "inconnue" n'est pas dans le formulaire du festival`, courts))
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_rules": map[string]any{"99999": []map[string]any{{"kind": "subtitles"}}}}).
		ExpectErrorAbout(http.StatusBadRequest, "99999")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_rules": map[string]any{
		fmt.Sprint(courts): []map[string]any{{"kind": "runtime_max", "number": 600}},
	}}).Expect(http.StatusOK)
	if rules := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()["category_rules"].(map[string]any); len(rules) != 1 {
		t.Fatalf("category_rules read back: %v", rules)
	}

	// The film declares 8 min 20 s; the media job measured 12 min 30 s:
	// what it is wins.
	over := api.StoreMovie(t, prod, festival.Movie{Title: "Trop long", Duration: ptr(int64(500)),
		Categories: []festival.MovieCategory{{ID: courts, Name: "Courts"}},
		Media: &festival.FilmMedia{State: festival.MediaMeasured, File: "filmFile-1.mp4", UpdatedAt: festival.NewTime(time.Now()),
			Facts: &festival.MediaFacts{Duration: 750, Container: "mp4"}}})
	fits := api.StoreMovie(t, prod, festival.Movie{Title: "Juste", Duration: ptr(int64(590)), Categories: []festival.MovieCategory{{ID: courts, Name: "Courts"}}})
	other := api.StoreMovie(t, prod, festival.Movie{Title: "Hors catégorie", Duration: ptr(int64(5400))})

	want := "Catégorie « Courts » : durée de 12 min 30 s au-delà de 10 min"
	got := missing(t, api.Do("GET", fmt.Sprintf("/movies/%d", over), prod.Token, nil).Expect(http.StatusOK).JSON())
	if len(got) != 1 || got[0] != want {
		t.Errorf("the producer's checklist: %q, want %q", got, want)
	}
	for _, m := range api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List() {
		if n := len(missing(t, m)); (filmID(m) == over) != (n == 1) {
			t.Errorf("film %d in /movies/mine: %d lines missing", filmID(m), n)
		}
	}
	if got := missing(t, api.Do("GET", fmt.Sprintf("/movies/%d", over), admin.Token, nil).Expect(http.StatusOK).JSON()); len(got) != 1 {
		t.Errorf("the admins' checklist: %q", got)
	}
	if _, ok := api.Do("GET", fmt.Sprintf("/movies/%d", over), "", nil).Expect(http.StatusOK).JSON()["completeness"]; ok {
		t.Error("the public reads a film's checklist")
	}

	incomplete := api.Do("GET", "/movies?incomplete=true", admin.Token, nil).Expect(http.StatusOK).List()
	if got := ids(incomplete); len(got) != 1 || got[0] != over || missing(t, incomplete[0])[0] != want {
		t.Errorf("?incomplete=true lists %v, want [%d] with its reason", got, over)
	}
	if got := ids(api.Do("GET", "/movies?incomplete=false", admin.Token, nil).Expect(http.StatusOK).List()); len(got) != 2 || got[0] != fits || got[1] != other {
		t.Errorf("?incomplete=false lists %v, want [%d %d]", got, fits, other)
	}
	// The admins' checklists are theirs: the list kept in memory, which an
	// admin's listing reads, carries none to the public or to the admins'
	// plain listing afterwards.
	for _, token := range []string{"", admin.Token} {
		for _, m := range api.Do("GET", "/movies", token, nil).Expect(http.StatusOK).List() {
			if _, ok := m["completeness"]; ok {
				t.Errorf("GET /movies (token %t) after the admins' ?incomplete= carries a checklist: %v", token != "", m)
			}
		}
	}
	api.Do("GET", "/movies?incomplete=true", prod.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
	api.Do("GET", "/movies?incomplete=peut-être", admin.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre incomplete invalide : true ou false est attendu")
}

func ptr[T any](v T) *T { return &v }

func TestARequiredQuestionRefusesASubmissionNamingIt(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	from := festival.NewTime(clock.Now().Add(time.Hour))
	form(api, admin,
		map[string]any{"id": "ecole", "label": "École de cinéma", "kind": "text", "visibility": "admins"},
		map[string]any{"id": "premiere", "label": "Première mondiale ?", "kind": "yes_no", "required": true,
			"required_from": from.String(), "visibility": "jury"})

	// Before its date the question is optional: the film is in, complete.
	early := movie(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("À l'heure")).Expect(http.StatusCreated))
	if got := missing(t, early); len(got) != 0 || early["draft"] != nil {
		t.Fatalf("a film before the question's date: %q, draft %v", got, early["draft"])
	}

	// From its date, the store's clock makes it required.
	clock.Add(2 * time.Hour)
	prod.Token = api.Login(prod.Email, "motdepasse1")
	want := "« Première mondiale ? » : réponse obligatoire"
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("En retard")).ExpectError(http.StatusBadRequest, want)
	api.Do("POST", "/auth/register-film", "", apitest.MovieForm("Premier film", "first_name", "Alice", "last_name", "Guy",
		"email", "alice.guy@example.org", "password", "motdepasse1")).ExpectError(http.StatusBadRequest, want)
	api.Do("POST", "/auth/login", "", map[string]any{"email": "alice.guy@example.org", "password": "motdepasse1"}).Expect(http.StatusUnauthorized)
	if got := missing(t, api.Do("GET", fmt.Sprintf("/movies/%d", filmID(early)), prod.Token, nil).Expect(http.StatusOK).JSON()); len(got) != 1 || got[0] != want {
		t.Errorf("the film sent before the date now lacks %q, want %q", got, want)
	}
	if n := len(api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List()); n != 1 {
		t.Errorf("%d films after the refusals, want 1", n)
	}

	// Answered, in the submission or afterwards, the film is complete.
	answered := movie(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Avec sa réponse", "answer.premiere", "true")).Expect(http.StatusCreated))
	if got := missing(t, answered); len(got) != 0 {
		t.Errorf("a film with its answer lacks %q", got)
	}
	fixed := movie(api.Do("PUT", fmt.Sprintf("/movies/%d/answers", filmID(early)), prod.Token, map[string]any{"answers": map[string]any{"premiere": false}}).
		Expect(http.StatusOK))
	if got := missing(t, fixed); len(got) != 0 {
		t.Errorf("the first film, answered: %q", got)
	}
	// Clearing a required answer is refused, naming the question.
	api.Do("PUT", fmt.Sprintf("/movies/%d/answers", filmID(early)), prod.Token, map[string]any{"answers": map[string]any{"premiere": nil}}).
		ExpectError(http.StatusBadRequest, want)
}

func TestWithSaveAnIncompleteFilmIsADraftUntilAnEditCompletesIt(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	courts := category(api, admin, "Courts")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_rules": map[string]any{
		fmt.Sprint(courts): []map[string]any{{"kind": "runtime_max", "number": 600}, {"kind": "language", "values": []string{"fr", "it"}}},
	}}).Expect(http.StatusOK)
	long := apitest.MovieForm("Brouillon", "duration", "750", "main_language", "fr", "categories", fmt.Sprintf("[%d]", courts))
	want := "Catégorie « Courts » : durée de 12 min 30 s au-delà de 10 min"
	api.Do("POST", "/movies/upload", prod.Token, long).ExpectError(http.StatusBadRequest, want)

	api.Do("PUT", "/settings", admin.Token, map[string]any{"incomplete_entries": "save"}).Expect(http.StatusOK)
	long = apitest.MovieForm("Brouillon", "duration", "750", "main_language", "fr", "categories", fmt.Sprintf("[%d]", courts))
	draft := movie(api.Do("POST", "/movies/upload", prod.Token, long).Expect(http.StatusCreated))
	if got := missing(t, draft); draft["draft"] != true || len(got) != 1 || got[0] != want {
		t.Fatalf("the film saved: draft %v, missing %q", draft["draft"], got)
	}
	id := filmID(draft)
	path := fmt.Sprintf("/movies/%d/entry", id)

	// An edit that leaves it incomplete keeps it a draft and says why.
	still := movie(api.Do("PUT", path, prod.Token, map[string]any{"main_language": "en"}).Expect(http.StatusOK))
	if got := missing(t, still); still["draft"] != true || len(got) != 2 {
		t.Errorf("after a wrong language: draft %v, missing %q", still["draft"], got)
	}
	done := api.Do("PUT", path, prod.Token, map[string]any{"duration": 540, "main_language": " Français "}).Expect(http.StatusOK)
	if done.JSON()["message"] != "Film mis à jour" {
		t.Errorf("message %v", done.JSON()["message"])
	}
	if m := movie(done); m["draft"] != true || len(missing(t, m)) != 1 {
		t.Errorf("after the runtime's edit: draft %v, missing %q", m["draft"], missing(t, m))
	}
	// The edit that makes it complete submits it, in the same write.
	complete := movie(api.Do("PUT", path, prod.Token, map[string]any{"main_language": "it"}).Expect(http.StatusOK))
	if complete["draft"] != nil || len(missing(t, complete)) != 0 {
		t.Errorf("complete: draft %v, missing %q", complete["draft"], missing(t, complete))
	}
	if m := api.Do("GET", fmt.Sprintf("/movies/%d", id), admin.Token, nil).Expect(http.StatusOK).JSON(); m["draft"] != nil || m["duration"] != 540.0 {
		t.Errorf("the film as stored: draft %v, duration %v", m["draft"], m["duration"])
	}

	// Any change that completes a draft submits it: here an admin moves
	// a draft to a category without rules.
	long = apitest.MovieForm("Autre brouillon", "duration", "750", "main_language", "fr", "categories", fmt.Sprintf("[%d]", courts))
	second := filmID(movie(api.Do("POST", "/movies/upload", prod.Token, long).Expect(http.StatusCreated)))
	libre := category(api, admin, "Libre")
	moved := movie(api.Do("PUT", fmt.Sprintf("/movies/%d/categories", second), admin.Token, map[string]any{"categories": []int64{libre}}).Expect(http.StatusOK))
	if moved["draft"] != nil {
		t.Errorf("a draft made complete by its new category: draft %v", moved["draft"])
	}

	// What only admins set is refused to the producer, naming it.
	api.Do("PUT", path, prod.Token, map[string]any{"title": "x", "admin_comment": "x"}).
		ExpectError(http.StatusBadRequest, "Le champ admin_comment est réservé aux administrateurs")
	api.Do("PUT", path, prod.Token, map[string]any{"selection_status": "selected"}).
		ExpectError(http.StatusBadRequest, "Le champ status est réservé aux administrateurs")
	api.Do("PUT", path, prod.Token, map[string]any{}).Expect(http.StatusBadRequest)
	other := api.Register("PRODUCER")
	api.Do("PUT", path, other.Token, map[string]any{"title": "Volé"}).Expect(http.StatusForbidden)

	// Each edit is in the audit trail with what changed.
	entries := api.Do("GET", "/audit?action=movie.entry", admin.Token, nil).Expect(http.StatusOK).List()
	if len(entries) != 3 {
		t.Fatalf("%d movie.entry audit entries, want 3", len(entries))
	}
	d := entries[1]["details"].(map[string]any) // newest first: the duration's edit
	if d["fields"] != "duration,main_language" || d["duration.old"] != "750" || d["duration.new"] != "540" {
		t.Errorf("audit details %v", d)
	}
}

func TestAnEditAfterTheCloseIsRefusedUnlessALateCodeLetTheFilmIn(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	closes := festival.NewTime(clock.Now().Add(time.Hour).Truncate(time.Minute))
	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_close_at": closes.String()}).Expect(http.StatusOK)
	inTime := filmID(movie(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Dans les temps")).Expect(http.StatusCreated)))
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", inTime), prod.Token, map[string]any{"synopsis": "Corrigé."}).Expect(http.StatusOK)

	clock.Add(2 * time.Hour)
	prod.Token = api.Login(prod.Email, "motdepasse1")
	admin.Token = api.Login(admin.Email, "motdepasse1")
	closed := fmt.Sprintf("Les soumissions de films sont closes depuis le %s.", festival.FrenchDate(closes))
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", inTime), prod.Token, map[string]any{"synopsis": "Trop tard."}).ExpectError(http.StatusForbidden, closed)
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", inTime), admin.Token, map[string]any{"synopsis": "Un admin corrige."}).Expect(http.StatusOK)

	expires := festival.NewTime(clock.Now().Add(3 * time.Hour).Truncate(time.Minute))
	api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": expires.String(), "code": "RETARD"}).Expect(http.StatusCreated)
	late := filmID(movie(api.Do("POST", "/movies/upload?late_code=RETARD", prod.Token, apitest.MovieForm("En retard")).Expect(http.StatusCreated)))
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", late), prod.Token, map[string]any{"title": "En retard, corrigé"}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", inTime), prod.Token, map[string]any{"synopsis": "Toujours trop tard."}).ExpectError(http.StatusForbidden, closed)

	clock.Add(4 * time.Hour)
	prod.Token = api.Login(prod.Email, "motdepasse1")
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", late), prod.Token, map[string]any{"title": "Trop tard"}).ExpectError(http.StatusForbidden, closed)
}

func TestAJurorWhoVotedHearsWhatTheEditChanged(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin, prod, voter, silent := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY"), api.Register("JURY")
	form(api, admin, map[string]any{"id": "ecole", "label": "École de cinéma", "kind": "text", "visibility": "jury"},
		map[string]any{"id": "budget", "label": "Budget", "kind": "number", "visibility": "admins"})
	id := filmID(movie(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Avant")).Expect(http.StatusCreated)))
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", id), voter.Token, map[string]any{"score": 7}).Expect(http.StatusCreated)
	api.Do("PUT", fmt.Sprintf("/movies/%d/entry", id), prod.Token, map[string]any{"title": "Après", "synopsis": "Réécrit.", "release_year": 2023}).
		Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/answers", id), prod.Token, map[string]any{"answers": map[string]any{"ecole": "La Fémis", "budget": 12000}}).
		Expect(http.StatusOK)
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	var told []festival.Email
	for _, m := range api.Mailbox(t) {
		if strings.Contains(m.Subject, "le film a été modifié") {
			told = append(told, m)
		}
	}
	if len(told) != 2 || told[0].To != voter.Email || told[1].To != voter.Email {
		t.Fatalf("movie.edited mails %+v, want two to the juror who voted (%s), none to the one who did not (%s)", told, voter.Email, silent.Email)
	}
	text := told[0].Text + told[1].Text
	for _, want := range []string{"« Après »", "- titre", "- année de sortie", "- synopsis", "- réponse « École de cinéma »"} {
		if !strings.Contains(text, want) {
			t.Errorf("the mails do not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Budget") || strings.Contains(text, "La Fémis") {
		t.Errorf("the mail tells a juror of an answer kept to the admins, or an answer's value:\n%s", text)
	}
}
