// Package mailang tests, end to end, each person's language and the
// e-mails written in it: the account's `language` (sign-up, Accept-Language,
// PUT /users/me, PUT /users/{id}), the outbox writing each message in its
// recipient's language, and the festival's templates per language
// (?lang= on /settings/templates).
package mailang

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// person is an account the test signed up, with its token.
type person struct {
	apitest.Account
	lang string // the user object's language after sign-up
}

// signUp registers a producer through POST /auth/register with body's
// extra fields and an Accept-Language header (none when ""), and logs in.
func signUp(t *testing.T, api *apitest.API, name string, extra map[string]any, accept string) person {
	t.Helper()
	email := fmt.Sprintf("%s.%s@example.org", strings.ToLower(name), strings.ReplaceAll(t.Name(), "/", "."))
	body := map[string]any{"first_name": name, "last_name": "Doe", "email": email, "password": "motdepasse1", "role": "PRODUCER"}
	for k, v := range extra {
		body[k] = v
	}
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", api.URL+"/auth/register", bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("sign-up of %s: %d %s", name, resp.StatusCode, raw)
	}
	var created struct {
		NewUser struct {
			ID       int64  `json:"id_user"`
			Language string `json:"language"`
		} `json:"newUser"`
	}
	if err := json.Unmarshal(raw, &created); err != nil {
		t.Fatal(err)
	}
	return person{Account: apitest.Account{ID: created.NewUser.ID, Email: email, Token: api.Login(email, "motdepasse1")}, lang: created.NewUser.Language}
}

func deliver(t *testing.T, api *apitest.API) {
	t.Helper()
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// lastMail is the newest message to the address whose subject holds part.
func lastMail(t *testing.T, api *apitest.API, to, part string) festival.Email {
	t.Helper()
	for _, m := range api.Mailbox(t) {
		if m.To == to && strings.Contains(m.Subject, part) {
			return m
		}
	}
	t.Fatalf("no message to %s about %q in %v", to, part, api.Mailbox(t))
	return festival.Email{}
}

func decide(api *apitest.API, admin apitest.Account, id int64, status string) {
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", id), admin.Token, map[string]any{"status": status}).Expect(http.StatusOK)
}

// TestAnEnglishSpeakingProducerHearsOfTheDecisionInEnglish: a producer who
// signed up in English submits, an admin decides, and the outbox writes
// the acknowledgement and the decision in English; a French producer's, of
// the same decision, in French, as before English.
func TestAnEnglishSpeakingProducerHearsOfTheDecisionInEnglish(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	jane := signUp(t, api, "Jane", map[string]any{"language": "en"}, "")
	agnes := signUp(t, api, "Agnes", nil, "")
	if jane.lang != "en" || agnes.lang != "fr" {
		t.Fatalf("languages after sign-up: %q and %q, want en and fr", jane.lang, agnes.lang)
	}
	if me := api.Do("GET", "/users/me", jane.Token, nil).Expect(http.StatusOK).JSON(); me["language"] != "en" {
		t.Errorf("GET /users/me: %v", me["language"])
	}

	piano := api.Upload(t, jane.Token, "The Piano")
	cleo := api.Upload(t, agnes.Token, "Cléo de 5 à 7")
	deliver(t, api)
	got := lastMail(t, api, jane.Email, "The Piano")
	if !strings.Contains(got.Subject, "Film received: The Piano") || !strings.HasPrefix(got.Text, "Hello Jane,\n\nWe have received your film “The Piano”.") {
		t.Errorf("the acknowledgement in English: %q\n%s", got.Subject, got.Text)
	}
	got = lastMail(t, api, agnes.Email, "Cléo")
	if !strings.Contains(got.Subject, "Film reçu : Cléo de 5 à 7") || !strings.HasPrefix(got.Text, "Bonjour Agnes,\n\nNous avons bien reçu votre film « Cléo de 5 à 7 ».") {
		t.Errorf("the acknowledgement in French: %q\n%s", got.Subject, got.Text)
	}

	decide(api, admin, piano, "selected")
	decide(api, admin, cleo, "selected")
	deliver(t, api)
	got = lastMail(t, api, jane.Email, "film selected")
	if !strings.HasSuffix(got.Subject, "The Piano: film selected") ||
		!strings.Contains(got.Text, "Good news: your film “The Piano” has been selected by the festival.") ||
		!strings.Contains(got.Text, "See you soon,") || strings.Contains(got.Text, "Bonjour") {
		t.Errorf("the decision in English: %q\n%s", got.Subject, got.Text)
	}
	got = lastMail(t, api, agnes.Email, "film sélectionné")
	if !strings.HasSuffix(got.Subject, "Cléo de 5 à 7 : film sélectionné") ||
		!strings.Contains(got.Text, "Bonne nouvelle : votre film « Cléo de 5 à 7 » est sélectionné par le festival.") {
		t.Errorf("the decision in French: %q\n%s", got.Subject, got.Text)
	}

	// A refusal reads the English words too.
	decide(api, admin, piano, "refused")
	deliver(t, api)
	got = lastMail(t, api, jane.Email, "the committee's answer")
	if !strings.Contains(got.Text, "The selection committee has not selected your film “The Piano” this year.") {
		t.Errorf("the refusal in English: %q\n%s", got.Subject, got.Text)
	}
}

// TestTheAccountsLanguageIsChosenAndChanged: absent at sign-up, the
// request's Accept-Language decides; PUT /users/me and an admin's PUT
// /users/{id} change it, fr or en only (400 naming the field); the next
// message follows the change.
func TestTheAccountsLanguageIsChosenAndChanged(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	viaHeader := signUp(t, api, "Ken", nil, "en-GB,en;q=0.9,fr;q=0.5")
	german := signUp(t, api, "Wim", nil, "de-DE,de;q=0.9")
	if viaHeader.lang != "en" || german.lang != "fr" {
		t.Fatalf("languages from Accept-Language: %q and %q, want en and fr", viaHeader.lang, german.lang)
	}

	api.Do("PUT", "/users/me", german.Token, map[string]any{"language": "de"}).
		ExpectError(http.StatusBadRequest, `language : la valeur "de" n'est pas permise (valeurs possibles : fr, en)`)
	api.Do("PUT", "/users/me", german.Token, map[string]any{"language": 7}).
		ExpectError(http.StatusBadRequest, "language : la valeur doit être une chaîne de caractères (fr ou en)")
	if u := api.Do("PUT", "/users/me", german.Token, map[string]any{"language": "en"}).Expect(http.StatusOK).JSON(); u["language"] != "en" {
		t.Errorf("PUT /users/me: %v", u["language"])
	}
	// Another change leaves it.
	if u := api.Do("PUT", "/users/me", german.Token, map[string]any{"city": "Berlin"}).Expect(http.StatusOK).JSON(); u["language"] != "en" {
		t.Errorf("after a change of city: %v", u["language"])
	}
	if u := api.Do("PUT", fmt.Sprintf("/users/%d", viaHeader.ID), admin.Token, map[string]any{"language": "fr"}).Expect(http.StatusOK).JSON(); u["language"] != "fr" {
		t.Errorf("PUT /users/{id}: %v", u["language"])
	}
	users := api.Do("GET", "/users", admin.Token, nil).Expect(http.StatusOK).List()
	langs := map[string]any{}
	for _, u := range users {
		langs[u["email"].(string)] = u["language"]
	}
	if langs[admin.Email] != "fr" || langs[viaHeader.Email] != "fr" || langs[german.Email] != "en" {
		t.Errorf("GET /users: %v", langs)
	}

	// register-film: the form's "language" is the film's; the account's is account_language.
	form := apitest.MovieForm("Wings of Desire", "language", "de", "first_name", "Peter", "last_name", "Falk",
		"email", "peter.falk@example.org", "password", "motdepasse1", "account_language", "en")
	r := api.Do("POST", "/auth/register-film", "", form).Expect(http.StatusCreated).JSON()
	if r["newUser"].(map[string]any)["language"] != "en" || r["movie"].(map[string]any)["main_language"] != "de" {
		t.Errorf("register-film: account %v, film %v", r["newUser"].(map[string]any)["language"], r["movie"].(map[string]any)["main_language"])
	}
	bad := apitest.MovieForm("Paris, Texas", "first_name", "Nastassja", "last_name", "Kinski",
		"email", "nastassja@example.org", "password", "motdepasse1", "account_language", "xx")
	api.Do("POST", "/auth/register-film", "", bad).
		ExpectError(http.StatusBadRequest, `account_language : la valeur "xx" n'est pas permise (valeurs possibles : fr, en)`)

	// The next message follows the account's language.
	deliver(t, api)
	got := lastMail(t, api, "peter.falk@example.org", "Wings of Desire")
	if !strings.Contains(got.Subject, "Film received") {
		t.Errorf("register-film's acknowledgement: %q", got.Subject)
	}
	api.Upload(t, german.Token, "Der Himmel")
	deliver(t, api)
	if got := lastMail(t, api, german.Email, "Der Himmel"); !strings.Contains(got.Subject, "Film received: Der Himmel") {
		t.Errorf("after the change to English: %q", got.Subject)
	}
	api.Do("PUT", "/users/me", german.Token, map[string]any{"language": "fr"}).Expect(http.StatusOK)
	api.Upload(t, german.Token, "Les Ailes")
	deliver(t, api)
	if got := lastMail(t, api, german.Email, "Les Ailes"); !strings.Contains(got.Subject, "Film reçu : Les Ailes") {
		t.Errorf("back in French: %q", got.Subject)
	}
}

// TestAFestivalsEnglishTemplateOverridesTheEnglishDefaultOnly: a template
// saved with ?lang=en is checked as the French ones are, goes to English
// readers only, shows beside the French one, and is removed on its own.
func TestAFestivalsEnglishTemplateOverridesTheEnglishDefaultOnly(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	jane := signUp(t, api, "Jane", map[string]any{"language": "en"}, "")
	agnes := signUp(t, api, "Agnes", map[string]any{"language": "fr"}, "")
	put := func(query string, body any) *apitest.Response {
		return api.Do("PUT", "/settings/templates/movie.status"+query, admin.Token, body)
	}

	// Checked like the French ones, with the same words.
	put("?lang=en", map[string]any{"subject": "Decision", "body": "{{.Score}}"}).
		ExpectError(http.StatusBadRequest, "Le corps du message : champ inconnu {{.Score}} (champs permis : Festival, FirstName, LastName, Link, Title, Status)")
	put("?lang=en", map[string]any{"subject": "{{.Title", "body": "b"}).ExpectErrorAbout(http.StatusBadRequest, "Le sujet ne se lit pas : ligne 1")
	put("?lang=de", map[string]any{"subject": "s", "body": "b"}).ExpectError(http.StatusBadRequest, "Le paramètre lang doit valoir fr ou en (absent : fr)")
	api.Do("GET", "/settings/templates?lang=xx", admin.Token, nil).ExpectError(http.StatusBadRequest, "Le paramètre lang doit valoir fr ou en (absent : fr)")
	api.Do("DELETE", "/settings/templates/movie.status?lang=de", admin.Token, nil).Expect(http.StatusBadRequest)

	saved := put("?lang=en", map[string]any{
		"subject": `{{if eq .Status "selected"}}You're in, {{.FirstName}}!{{else}}About {{.Title}}{{end}}`,
		"body":    "Dear {{.FirstName}}, your film {{.Title}} is {{.Status}}.",
	}).Expect(http.StatusOK).JSON()
	tpl := saved["template"].(map[string]any)
	if tpl["lang"] != "en" || tpl["customised"] != true || tpl["default_subject"] == tpl["subject"] || tpl["translations"] != nil {
		t.Errorf("the saved English template: %v", tpl)
	}

	// Listed: the French version in the entry's own fields, the English beside.
	for _, v := range api.Do("GET", "/settings/templates", admin.Token, nil).Expect(http.StatusOK).List() {
		if v["kind"] != "movie.status" {
			continue
		}
		en := v["translations"].(map[string]any)["en"].(map[string]any)
		if v["lang"] != "fr" || v["customised"] != false || !strings.Contains(v["subject"].(string), "sélectionné") ||
			en["customised"] != true || !strings.HasPrefix(en["subject"].(string), "{{if eq .Status \"selected\"}}You're in") {
			t.Errorf("GET /settings/templates: %v", v)
		}
	}
	for _, v := range api.Do("GET", "/settings/templates?lang=en", admin.Token, nil).Expect(http.StatusOK).List() {
		if v["kind"] == "movie.status" && (v["lang"] != "en" || v["customised"] != true || v["translations"].(map[string]any)["fr"] == nil) {
			t.Errorf("GET /settings/templates?lang=en: %v", v)
		}
		if v["kind"] == "movie.received" && (v["customised"] != false || !strings.Contains(v["subject"].(string), "Film received")) {
			t.Errorf("an English default: %v", v)
		}
	}

	piano := api.Upload(t, jane.Token, "The Piano")
	cleo := api.Upload(t, agnes.Token, "Cléo")
	decide(api, admin, piano, "selected")
	decide(api, admin, cleo, "selected")
	deliver(t, api)
	if got := lastMail(t, api, jane.Email, "You're in"); got.Subject != "You're in, Jane!" || got.Text != "Dear Jane, your film The Piano is selected." {
		t.Errorf("the English reader: %q %q", got.Subject, got.Text)
	}
	if got := lastMail(t, api, agnes.Email, "Cléo :"); !strings.HasSuffix(got.Subject, "Cléo : film sélectionné") {
		t.Errorf("the French reader keeps the French default: %q", got.Subject)
	}

	// A French template leaves the English one; removing the English one leaves the French.
	put("", map[string]any{"subject": "Décision sur {{.Title}}", "body": "{{.Status}}"}).Expect(http.StatusOK)
	reset := api.Do("DELETE", "/settings/templates/movie.status?lang=en", admin.Token, nil).Expect(http.StatusOK).JSON()
	if tpl := reset["template"].(map[string]any); tpl["lang"] != "en" || tpl["customised"] != false {
		t.Errorf("the English reset: %v", tpl)
	}
	decide(api, admin, piano, "finalist")
	decide(api, admin, cleo, "finalist")
	deliver(t, api)
	if got := lastMail(t, api, jane.Email, "shortlisted"); !strings.HasSuffix(got.Subject, "The Piano: film shortlisted") {
		t.Errorf("the English default again: %q", got.Subject)
	}
	if got := lastMail(t, api, agnes.Email, "Décision sur"); got.Subject != "Décision sur Cléo" || got.Text != "finaliste" {
		t.Errorf("the French template: %q %q", got.Subject, got.Text)
	}
}
