// Package season tests the festival's calendar over HTTP: submission and
// voting windows, the publication of the results that closes the vote, and
// the redacted public view of films.
package season

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// day is a time a day away from now, at the minute (the messages name
// minutes), in the API's form.
func day(n int) festival.Time {
	return festival.NewTime(time.Now().Add(time.Duration(n) * 24 * time.Hour).Truncate(time.Minute))
}

func iso(t festival.Time) string { return t.String() }

func registerFilmForm(email string) *apitest.Multipart {
	return apitest.MovieForm("Tomboy", "first_name", "Céline", "last_name", "Sciamma", "email", email, "password", "motdepasse1")
}

func TestSubmissionsOutsideTheirWindowAreRefusedWithTheDatesAndUploadNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	open, close := day(1), day(30)

	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_open_at": iso(open), "submissions_close_at": iso(close)}).Expect(http.StatusOK)
	notYet := fmt.Sprintf("Les soumissions de films ne sont pas encore ouvertes : elles ouvrent le %s et ferment le %s.",
		festival.FrenchDate(open), festival.FrenchDate(close))
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Trop tôt")).ExpectError(http.StatusForbidden, notYet)
	api.Do("POST", "/auth/register-film", "", registerFilmForm("early@example.org")).ExpectError(http.StatusForbidden, notYet)
	if films := api.Do("GET", "/movies", admin.Token, nil).Expect(http.StatusOK).List(); len(films) != 0 {
		t.Fatalf("a refused submission stored a film: %v", films)
	}
	api.Do("POST", "/auth/login", "", map[string]any{"email": "early@example.org", "password": "motdepasse1"}).Expect(http.StatusUnauthorized)

	closed := day(-1)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_open_at": nil, "submissions_close_at": iso(closed)}).Expect(http.StatusOK)
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Trop tard")).
		ExpectError(http.StatusForbidden, fmt.Sprintf("Les soumissions de films sont closes depuis le %s.", festival.FrenchDate(closed)))

	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_open_at": iso(day(-1)), "submissions_close_at": iso(day(1))}).Expect(http.StatusOK)
	api.Upload(t, prod.Token, "À l'heure")
	api.Do("POST", "/auth/register-film", "", registerFilmForm("ontime@example.org")).Expect(http.StatusCreated)
}

func TestTheCalendarSettingsAreCheckedAndEchoed(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	st := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	for _, k := range []string{"submissions_open_at", "submissions_close_at", "voting_open_at", "voting_close_at", "results_published_at"} {
		if v, ok := st[k]; !ok || v != nil {
			t.Errorf("default %s = %v, want null (always open, unpublished)", k, v)
		}
	}
	if st["public_film_view"] != "full" {
		t.Errorf("default public_film_view = %v, want full (the specification's object)", st["public_film_view"])
	}
	cases := []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"submissions_open_at": iso(day(2)), "submissions_close_at": iso(day(1))},
			"La fermeture des soumissions (submissions_close_at) doit suivre leur ouverture (submissions_open_at)"},
		{map[string]any{"voting_open_at": iso(day(2)), "voting_close_at": iso(day(2))},
			"La fermeture du vote (voting_close_at) doit suivre son ouverture (voting_open_at)"},
		{map[string]any{"voting_open_at": "demain"},
			"Le paramètre voting_open_at doit être une date ISO 8601 (par exemple 2026-03-01T00:00:00Z) ou null"},
		{map[string]any{"public_film_view": "partial"},
			"Le paramètre public_film_view doit valoir full (l'objet film complet) ou redacted (sans e-mails, commentaires ni jury avant les résultats)"},
		{map[string]any{"results_published": "yes"},
			"Le paramètre results_published doit être un booléen (true publie les résultats et clôt les votes)"},
	}
	for _, c := range cases {
		api.Do("PUT", "/settings", admin.Token, c.body).ExpectError(http.StatusBadRequest, c.want)
	}
	after := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	if after["submissions_open_at"] != nil || after["voting_open_at"] != nil || after["public_film_view"] != "full" {
		t.Errorf("a refused change changed the settings: %v", after)
	}
	open := day(3)
	got := api.Do("PUT", "/settings", admin.Token, map[string]any{"voting_open_at": iso(open), "public_film_view": "redacted"}).
		Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	if got["voting_open_at"] != iso(open) || got["public_film_view"] != "redacted" {
		t.Errorf("settings after the change: %v", got)
	}
	// The calendar is public: a producer's console counts down to it before anyone signs in.
	season := api.Do("GET", "/season", "", nil).Expect(http.StatusOK).JSON()
	if season["voting_open_at"] != iso(open) || season["submissions_close_at"] != nil || season["login_failures_per_account"] != nil {
		t.Errorf("GET /season = %v, want the calendar and nothing else of the settings", season)
	}
}

func TestVotesOutsideTheVotingWindowOrAfterPublicationAreRefused(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	prod := api.Register("PRODUCER")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Cléo de 5 à 7"})
	vote := func() *apitest.Response {
		return api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), jury.Token, map[string]any{"score": 8})
	}
	candidate := func() *apitest.Response {
		return api.Do("PUT", fmt.Sprintf("/movies/%d/jury-candidate", film), jury.Token, nil)
	}

	open, close := day(1), day(10)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"voting_open_at": iso(open), "voting_close_at": iso(close)}).Expect(http.StatusOK)
	notYet := fmt.Sprintf("Le vote du jury n'est pas encore ouvert : il ouvre le %s et ferme le %s.", festival.FrenchDate(open), festival.FrenchDate(close))
	vote().ExpectError(http.StatusForbidden, notYet)
	candidate().ExpectError(http.StatusForbidden, notYet)

	closed := day(-1)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"voting_open_at": nil, "voting_close_at": iso(closed)}).Expect(http.StatusOK)
	vote().ExpectError(http.StatusForbidden, fmt.Sprintf("Le vote du jury est clos depuis le %s.", festival.FrenchDate(closed)))

	api.Do("PUT", "/settings", admin.Token, map[string]any{"voting_close_at": nil}).Expect(http.StatusOK)
	vote().Expect(http.StatusCreated)

	published := api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	at, err := festival.ParseTime(published["results_published_at"].(string))
	if err != nil {
		t.Fatal(err)
	}
	locked := fmt.Sprintf("Les résultats ont été publiés le %s : les votes sont clos.", festival.FrenchDate(at))
	vote().ExpectError(http.StatusForbidden, locked)
	candidate().ExpectError(http.StatusForbidden, locked)
	if v := api.Do("GET", fmt.Sprintf("/votes/mine/%d", film), jury.Token, nil).Expect(http.StatusOK).JSON(); v["score"] != float64(8) {
		t.Errorf("the vote cast before publication: %v", v)
	}
	// Publishing again keeps the first date; withdrawing reopens the vote.
	again := api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	if again["results_published_at"] != published["results_published_at"] {
		t.Errorf("published twice: %v, then %v", published["results_published_at"], again["results_published_at"])
	}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": false}).Expect(http.StatusOK)
	vote().Expect(http.StatusOK)
}

func TestTheRedactedViewShowsNoEmailToAnyoneButAdmins(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	prod := api.Register("PRODUCER")
	comment := "À revoir : le son sature."
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Sans toit ni loi", AdminComment: &comment, JuryComment: &comment,
		Collaborators: []festival.Collaborator{{ID: 1, FirstName: "Sandrine", LastName: "Bonnaire", Email: "sandrine@example.org", Job: "ACTOR"}}})
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)

	reads := []struct {
		who, path, token string
	}{
		{"anonymous", "/movies", ""},
		{"anonymous", fmt.Sprintf("/movies/%d", film), ""},
		{"anonymous, with a stale token", "/movies", "not-a-token"},
		{"the producer", "/movies/mine", prod.Token},
		{"the producer", fmt.Sprintf("/movies/%d", film), prod.Token},
		{"the jury member", "/movies/assigned", jury.Token},
	}
	body := func(path, token string) string {
		return string(api.Do("GET", path, token, nil).Expect(http.StatusOK).Body)
	}
	// The specification's object by default: e-mails and comments included.
	if b := body(fmt.Sprintf("/movies/%d", film), ""); !strings.Contains(b, "sandrine@example.org") || !strings.Contains(b, jury.Email) {
		t.Fatalf("the full view (default) lost the e-mails: %s", b)
	}

	api.Do("PUT", "/settings", admin.Token, map[string]any{"public_film_view": "redacted"}).Expect(http.StatusOK)
	for _, r := range reads {
		b := body(r.path, r.token)
		if strings.Contains(b, "@") || strings.Contains(b, comment) || strings.Contains(b, "PrénomJURY") {
			t.Errorf("%s reads %s redacted with an e-mail, a comment or the jury before the results: %s", r.who, r.path, b)
		}
		if !strings.Contains(b, "Sandrine") || !strings.Contains(b, "Sans toit ni loi") {
			t.Errorf("%s reads %s without the film's credits: %s", r.who, r.path, b)
		}
	}
	if b := body(fmt.Sprintf("/movies/%d", film), admin.Token); !strings.Contains(b, "sandrine@example.org") || !strings.Contains(b, comment) {
		t.Errorf("an admin reads the redacted object: %s", b)
	}

	// Once the results are published, the jury's names (never its e-mails) are public.
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
	var m festival.Movie
	if err := json.Unmarshal([]byte(body(fmt.Sprintf("/movies/%d", film), "")), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Juries) != 1 || m.Juries[0].FirstName != "PrénomJURY" || m.Juries[0].Email != "" {
		t.Errorf("the jury after publication: %+v", m.Juries)
	}
}

func TestALateEntryCodeAdmitsAsManyFilmsAsItHasUsesAfterTheClose(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	closed := day(-1)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_close_at": iso(closed)}).Expect(http.StatusOK)
	api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"uses": 2}).
		ExpectError(http.StatusBadRequest, "Le champ expires_at (date ISO 8601 à venir) est requis : le code ne sert plus après")
	api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": iso(day(-2))}).Expect(http.StatusBadRequest)
	created := api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": iso(day(2)), "uses": 2, "code": "retard-2026"}).
		Expect(http.StatusCreated).JSON()["late_code"].(map[string]any)
	if created["code"] != "RETARD-2026" || created["uses_left"] != 2.0 {
		t.Fatalf("code %v", created)
	}
	api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": iso(day(2)), "code": "RETARD-2026"}).
		ExpectError(http.StatusConflict, "Ce code de soumission tardive existe déjà")
	drawn := api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": iso(day(1))}).Expect(http.StatusCreated).JSON()["late_code"].(map[string]any)
	if len(drawn["code"].(string)) != 10 || drawn["uses"] != 1.0 {
		t.Errorf("a drawn code: %v", drawn)
	}

	invalid := "Ce code de soumission tardive n'existe pas, n'a plus d'utilisation ou a expiré"
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Sans code")).
		ExpectError(http.StatusForbidden, fmt.Sprintf("Les soumissions de films sont closes depuis le %s.", festival.FrenchDate(closed)))
	api.Do("POST", "/movies/upload?late_code=INCONNU", prod.Token, apitest.MovieForm("Code inconnu")).ExpectError(http.StatusForbidden, invalid)
	api.Do("POST", "/movies/upload?late_code=RETARD-2026", prod.Token, apitest.MovieForm("Premier retard")).Expect(http.StatusCreated)
	api.Do("POST", "/auth/register-film?late_code=RETARD-2026", "", registerFilmForm("late@example.org")).Expect(http.StatusCreated)
	api.Do("POST", "/movies/upload?late_code=RETARD-2026", prod.Token, apitest.MovieForm("Troisième retard")).ExpectError(http.StatusForbidden, invalid)
	codes := api.Do("GET", "/settings/late-codes", admin.Token, nil).Expect(http.StatusOK).List()
	for _, c := range codes {
		if c["code"] == "RETARD-2026" && c["uses_left"] != 0.0 {
			t.Errorf("the spent code: %v", c)
		}
	}
	api.Do("DELETE", "/settings/late-codes/"+drawn["code"].(string), admin.Token, nil).Expect(http.StatusOK)
	api.Do("DELETE", "/settings/late-codes/"+drawn["code"].(string), admin.Token, nil).ExpectError(http.StatusNotFound, "Code de soumission tardive non trouvé")
	if films := api.Do("GET", "/movies", admin.Token, nil).Expect(http.StatusOK).List(); len(films) != 2 {
		t.Errorf("%d films, want the two the code admitted", len(films))
	}
}

func TestACategoryWithItsOwnWindowsAdmitsItsFilmsAndVotesWhenTheFestivalsAreClosed(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	late := int64(api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Court métrage tardif"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
	other := int64(api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Documentaire"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
	closed := day(-1)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_windows": map[string]any{"99999": map[string]any{"submissions_close_at": iso(day(3))}}}).
		ExpectError(http.StatusBadRequest, "Catégories inconnues : 99999")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_windows": map[string]any{fmt.Sprint(late): map[string]any{"voting_open_at": iso(day(2)), "voting_close_at": iso(day(1))}}}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf("Fenêtre de la catégorie %d : chaque fermeture doit suivre son ouverture", late))
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_windows": "demain"}).Expect(http.StatusBadRequest)
	st := api.Do("PUT", "/settings", admin.Token, map[string]any{
		"submissions_close_at": iso(closed), "voting_close_at": iso(closed),
		"category_windows": map[string]any{fmt.Sprint(late): map[string]any{"submissions_close_at": iso(day(3)), "voting_close_at": iso(day(3))}},
	}).Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	if w := st["category_windows"].(map[string]any)[fmt.Sprint(late)].(map[string]any); w["submissions_close_at"] != iso(day(3)) || w["voting_open_at"] != nil {
		t.Fatalf("category window %v", w)
	}

	refused := fmt.Sprintf("Les soumissions de films sont closes depuis le %s.", festival.FrenchDate(closed))
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Sans catégorie")).ExpectError(http.StatusForbidden, refused)
	api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Documentaire", "categories", fmt.Sprint(other))).ExpectError(http.StatusForbidden, refused)
	inLate := int64(api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm("Court tardif", "categories", fmt.Sprint(late))).
		Expect(http.StatusCreated).JSON()["movie"].(map[string]any)["id_movie"].(float64))
	if films := api.Do("GET", "/movies", admin.Token, nil).Expect(http.StatusOK).List(); len(films) != 1 {
		t.Fatalf("%d films stored, want only the late category's", len(films))
	}

	plain := api.StoreMovie(t, prod, festival.Movie{Title: "Hors catégorie"})
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", plain), jury.Token, map[string]any{"score": 5}).
		ExpectError(http.StatusForbidden, fmt.Sprintf("Le vote du jury est clos depuis le %s.", festival.FrenchDate(closed)))
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", inLate), jury.Token, map[string]any{"score": 7}).Expect(http.StatusCreated)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"category_windows": nil}).Expect(http.StatusOK)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", inLate), jury.Token, map[string]any{"score": 8}).Expect(http.StatusForbidden)
}

func TestAVoteByGridReadsBackWithItsWeightedScore(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	grid := []map[string]any{
		{"key": "mise_en_scene", "name": "Mise en scène", "weight": 3},
		{"key": "scenario", "name": "Scénario", "weight": 2},
		{"key": "son", "name": "Son", "weight": 1},
	}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": []map[string]any{{"key": "Bad Key", "name": "x", "weight": 1}}}).
		ExpectError(http.StatusBadRequest, `Critère "Bad Key" : la clé doit faire de 1 à 32 caractères parmi a-z, 0-9 et _ , sans doublon`)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": grid}).Expect(http.StatusOK)
	film := api.StoreMovie(t, prod, festival.Movie{Title: "L'Une chante, l'autre pas"})
	path := fmt.Sprintf("/votes/mine/%d", film)

	// (3×8 + 2×6 + 1×9) / 6 = 7.5
	saved := api.Do("POST", path, jury.Token, map[string]any{"criteria": map[string]any{"mise_en_scene": 8, "scenario": 6, "son": 9}}).Expect(http.StatusCreated).JSON()
	if v := saved["vote"].(map[string]any); v["score"] != 7.5 {
		t.Fatalf("vote by grid: %v, want score 7.5", v)
	}
	mine := api.Do("GET", path, jury.Token, nil).Expect(http.StatusOK).JSON()
	if mine["score"] != 7.5 || mine["criteria"].(map[string]any)["son"] != 9.0 {
		t.Fatalf("read back: %v", mine)
	}
	// Abstaining on sound: (3×8 + 2×5) / 5 = 6.8.
	api.Do("POST", path, jury.Token, map[string]any{"criteria": map[string]any{"mise_en_scene": 8, "scenario": 5, "son": nil}}).Expect(http.StatusOK)
	if v := api.Do("GET", path, jury.Token, nil).Expect(http.StatusOK).JSON(); v["score"] != 6.8 || len(v["criteria"].(map[string]any)) != 2 {
		t.Fatalf("with an abstention: %v, want 6.8 over two criteria", v)
	}
	// A client that knows only score still votes as the spec says; the marks go.
	api.Do("POST", path, jury.Token, map[string]any{"score": 4}).Expect(http.StatusOK)
	if v := api.Do("GET", path, jury.Token, nil).Expect(http.StatusOK).JSON(); v["score"] != 4.0 || v["criteria"] != nil {
		t.Fatalf("by score again: %v", v)
	}
	api.Do("POST", path, jury.Token, map[string]any{"criteria": map[string]any{"lumiere": 5}}).ExpectError(http.StatusBadRequest, `Critère inconnu dans criteria : "lumiere"`)
	api.Do("POST", path, jury.Token, map[string]any{"criteria": map[string]any{"son": nil}}).ExpectError(http.StatusBadRequest, "Le champ criteria doit noter au moins un critère de 0 à 10")
	api.Do("POST", path, jury.Token, map[string]any{"score": 5, "criteria": map[string]any{"son": 5}}).Expect(http.StatusBadRequest)
	api.Do("POST", path, jury.Token, map[string]any{"criteria": map[string]any{"son": 11}}).Expect(http.StatusBadRequest)
}

func TestAVoteCountsOnlyAfterTheRequiredShareOfTheFilmWasPlayed(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury, other := api.Register("JURY"), api.Register("JURY")
	duration := int64(100)
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Daguerréotypes", Duration: &duration})
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"min_watched_share": 101}).
		ExpectError(http.StatusBadRequest, "Le paramètre min_watched_share doit être un entier de 0 (pas de règle) à 100 (pour cent du film)")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"min_watched_share": 80}).Expect(http.StatusOK)
	viewing := fmt.Sprintf("/movies/%d/viewing", film)
	vote := fmt.Sprintf("/votes/mine/%d", film)

	if v := api.Do("GET", viewing, jury.Token, nil).Expect(http.StatusOK).JSON(); v["watched_share"] != 0.0 || len(v["spans"].([]any)) != 0 {
		t.Fatalf("before playing: %v", v)
	}
	api.Do("POST", viewing, jury.Token, map[string]any{"from": 0, "to": 30}).Expect(http.StatusOK)
	v := api.Do("POST", viewing, jury.Token, map[string]any{"from": 50, "to": 60}).Expect(http.StatusOK).JSON()
	if v["watched_share"] != 40.0 || len(v["spans"].([]any)) != 2 {
		t.Fatalf("after skipping 30 to 50 and 60 to the end: %v", v)
	}
	api.Do("POST", vote, jury.Token, map[string]any{"score": 8}).
		ExpectError(http.StatusForbidden, "Vous avez regardé 40.0 % du film ; le festival demande d'en avoir vu 80 % avant de voter")
	v = api.Do("POST", viewing, jury.Token, map[string]any{"from": 25, "to": 100}).Expect(http.StatusOK).JSON()
	if v["watched_share"] != 100.0 || len(v["spans"].([]any)) != 1 {
		t.Fatalf("after watching the rest: %v", v)
	}
	api.Do("POST", vote, jury.Token, map[string]any{"score": 8}).Expect(http.StatusCreated)

	api.Do("POST", viewing, jury.Token, map[string]any{"from": 10, "to": 5}).ExpectError(http.StatusBadRequest,
		"Le corps doit donner from et to, en secondes depuis le début du film : 0 ≤ from < to, 24 h au plus")
	api.Do("POST", viewing, other.Token, map[string]any{"from": 0, "to": 5}).Expect(http.StatusForbidden) // not assigned
	api.Do("GET", viewing, other.Token, nil).Expect(http.StatusForbidden)
	if v := api.Do("GET", viewing, jury.Token, nil).Expect(http.StatusOK).JSON(); v["watched_share"] != 100.0 || v["watched_seconds"] != 100.0 {
		t.Fatalf("after watching it all: %v", v)
	}
	// An admin's vote is not held to the rule.
	api.Do("POST", vote, admin.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)

	// The results show each vote beside the share its juror played.
	res := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).List()
	if len(res) != 1 || fmt.Sprint(res[0]["watched"]) != fmt.Sprintf("[map[id_user:%d score:6 server_share:<nil> watched_share:0] map[id_user:%d score:8 server_share:<nil> watched_share:100]]", admin.ID, jury.ID) ||
		res[0]["watched_share_min"] != 0.0 {
		t.Fatalf("results = %v, want the jury member's 100%% and the admin's 0%% beside their votes", res)
	}
}
