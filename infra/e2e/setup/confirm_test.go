package setup_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// confirming is a festival set up through the first run, which asks
// self-registered accounts to confirm their address; it opens every role
// to self-registration so that a juror can sign up too.
func confirming(t *testing.T, api *apitest.API) (admin string) {
	t.Helper()
	body := setupBody(api.Server.SetupCode, "agnes@example.org")
	body["self_registration_roles"] = []string{"PRODUCER", "JURY"}
	r := api.Do("POST", "/auth/setup", "", body).Expect(http.StatusCreated).JSON()
	return r["data"].(map[string]any)["token"].(string)
}

// signUp registers an account through POST /auth/register and signs it in.
func signUp(t *testing.T, api *apitest.API, role, email string) (id int64, token string) {
	t.Helper()
	r := api.Do("POST", "/auth/register", "", map[string]any{"first_name": "Jacques", "last_name": "Demy",
		"email": email, "password": "rochefort67", "role": role}).Expect(http.StatusCreated).JSON()
	user := r["newUser"].(map[string]any)
	if user["email_confirmed"] != false {
		t.Fatalf("a self-registered account reads %v", user)
	}
	return int64(user["id_user"].(float64)), api.Login(email, "rochefort67")
}

var confirmLink = regexp.MustCompile(`#/confirmer\?jeton=([A-Za-z0-9_-]+)`)

// confirmTokens are the tokens of the confirmations mailed to email.
func confirmTokens(t *testing.T, api *apitest.API, email string) []string {
	t.Helper()
	if err := api.Server.DeliverNow(t.Context()); err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for _, m := range api.Mailbox(t) {
		if g := confirmLink.FindStringSubmatch(m.Text); m.To == email && g != nil {
			tokens = append(tokens, g[1])
		}
	}
	if len(tokens) == 0 {
		t.Fatalf("no confirmation link mailed to %s: %v", email, api.Mailbox(t))
	}
	return tokens
}

// confirmToken is the token of the one confirmation mailed to email.
func confirmToken(t *testing.T, api *apitest.API, email string) string {
	t.Helper()
	tokens := confirmTokens(t, api, email)
	if len(tokens) != 1 {
		t.Fatalf("%d confirmations mailed to %s", len(tokens), email)
	}
	return tokens[0]
}

func TestAnUnconfirmedAccountSignsInButNeitherSubmitsNorVotesUntilItConfirms(t *testing.T) {
	api, clock := apitest.StartOnClock(t)
	admin := confirming(t, api)
	refusal := texts.T(texts.Default, texts.EmailUnconfirmed)

	_, producer := signUp(t, api, "PRODUCER", "jacques@example.org")
	me := api.Do("GET", "/users/me", producer, nil).Expect(http.StatusOK).JSON()
	if me["email_confirmed"] != false {
		t.Fatalf("GET /users/me of an unconfirmed account: %v", me)
	}
	api.Do("POST", "/movies/upload", producer, apitest.MovieForm("Lola")).ExpectError(http.StatusForbidden, refusal)

	_, juror := signUp(t, api, "JURY", "juror@example.org")
	// A producer an admin made needs no confirmation.
	api.Do("POST", "/users", admin, map[string]any{"first_name": "Agnès", "last_name": "Varda",
		"email": "varda@example.org", "password": "cleo5a7!", "role": "PRODUCER"}).Expect(http.StatusCreated)
	film := api.Upload(t, api.Login("varda@example.org", "cleo5a7!"), "Cléo de 5 à 7")
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), juror, map[string]any{"score": 8}).ExpectError(http.StatusForbidden, refusal)
	api.Do("PUT", fmt.Sprintf("/movies/%d/jury-candidate", film), juror, map[string]any{"is_candidate": true}).ExpectError(http.StatusForbidden, refusal)

	// The mail's token is masked in the outbox an admin reads.
	token := confirmToken(t, api, "jacques@example.org")
	sent := api.Do("GET", "/notifications?state=sent", admin, nil).Expect(http.StatusOK).Body
	if strings.Contains(string(sent), token) {
		t.Fatal("GET /notifications shows a confirmation token")
	}

	invalid := texts.T(texts.Default, texts.ConfirmInvalid)
	api.Do("POST", "/auth/confirm", "", map[string]any{"token": "inconnu"}).ExpectError(http.StatusBadRequest, invalid)
	said(t, api.Do("POST", "/auth/confirm", "", map[string]any{"token": token}), texts.EmailConfirmed)
	api.Do("POST", "/auth/confirm", "", map[string]any{"token": token}).ExpectError(http.StatusBadRequest, invalid) // once
	if me := api.Do("GET", "/users/me", producer, nil).Expect(http.StatusOK).JSON(); me["email_confirmed"] != nil {
		t.Fatalf("a confirmed account reads %v", me)
	}
	api.Upload(t, producer, "Lola")
	api.Do("POST", "/auth/confirm/resend", producer, nil).ExpectError(http.StatusConflict, texts.T(texts.Default, texts.ConfirmNotNeeded))

	// The juror's first link expires; a new one works.
	first := confirmToken(t, api, "juror@example.org")
	clock.Add(49 * time.Hour)
	api.Do("POST", "/auth/confirm", "", map[string]any{"token": first}).ExpectError(http.StatusBadRequest, invalid)
	juror = api.Login("juror@example.org", "rochefort67")
	said(t, api.Do("POST", "/auth/confirm/resend", juror, nil), texts.ConfirmSent)
	tokens := confirmTokens(t, api, "juror@example.org")
	again := tokens[0]
	if again == first {
		again = tokens[len(tokens)-1]
	}
	if len(tokens) != 2 || again == first {
		t.Fatalf("after a resend, the juror's links: %v", tokens)
	}
	said(t, api.Do("POST", "/auth/confirm", "", map[string]any{"token": again}), texts.EmailConfirmed)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), juror, map[string]any{"score": 8}).Expect(http.StatusCreated)
}

func TestAnAdminsAccountsAndRegisterFilmFollowTheSetting(t *testing.T) {
	api := apitest.Start(t)
	admin := confirming(t, api)
	// POST /users by an admin: confirmed.
	r := api.Do("POST", "/users", admin, map[string]any{"first_name": "Anouk", "last_name": "Aimée",
		"email": "anouk@example.org", "password": "lola1961", "role": "JURY"}).Expect(http.StatusCreated).JSON()
	if u := r["newUser"].(map[string]any); u["email_confirmed"] != nil {
		t.Fatalf("an account made by an admin reads %v", u)
	}
	// register-film: the film is received, the account must confirm before anything else.
	form := apitest.NewMultipart().Field("first_name", "Jacques").Field("last_name", "Demy").
		Field("email", "demy@example.org").Field("password", "rochefort67").Field("title", "Lola")
	form.File("filmFile", "film.mp4", mp4Header)
	r = api.Do("POST", "/auth/register-film", "", form.Close()).Expect(http.StatusCreated).JSON()
	if u := r["newUser"].(map[string]any); u["email_confirmed"] != false {
		t.Fatalf("register-film's account reads %v", u)
	}
	token := api.Login("demy@example.org", "rochefort67")
	api.Do("POST", "/movies/upload", token, apitest.MovieForm("Une chambre en ville")).ExpectError(http.StatusForbidden, texts.T(texts.Default, texts.EmailUnconfirmed))
	// A duplicate sign-up names nobody but the address's own account.
	dup := api.Do("POST", "/auth/register-film", "", apitest.NewMultipart().Field("first_name", "X").Field("last_name", "Y").
		Field("email", "demy@example.org").Field("password", "rochefort67").Field("title", "Autre").Close()).Expect(http.StatusConflict)
	if strings.Contains(string(dup.Body), "Demy") {
		t.Fatalf("a duplicate register-film echoes the account's name: %s", dup.Body)
	}
}

func TestWithTheDefaultSettingsRegistrationAndUploadWorkAsBefore(t *testing.T) {
	api := apitest.Start(t)
	r := api.Do("POST", "/auth/register", "", map[string]any{"first_name": "Jacques", "last_name": "Demy",
		"email": "jacques@example.org", "password": "rochefort67", "role": "PRODUCER"}).Expect(http.StatusCreated).JSON()
	if u := r["newUser"].(map[string]any); u["email_confirmed"] != nil {
		t.Fatalf("without the setting, a new account reads %v", u)
	}
	token := api.Login("jacques@example.org", "rochefort67")
	api.Upload(t, token, "Les Parapluies de Cherbourg")
	// The specification's duplicate answer stays byte-exact.
	dup := api.Do("POST", "/auth/register", "", map[string]any{"first_name": "Autre", "last_name": "Nom",
		"email": "jacques@example.org", "password": "autre123", "role": "PRODUCER"}).Expect(http.StatusOK).JSON()
	if dup["message"] != "Cet utilisateur existe déjà" {
		t.Fatalf("duplicate answered %v", dup)
	}
}

// said fails unless r is a 200 whose message is key's, in the default
// language.
func said(t *testing.T, r *apitest.Response, key texts.Key) {
	t.Helper()
	if got := r.Expect(http.StatusOK).JSON()["message"]; got != texts.T(texts.Default, key) {
		t.Fatalf("message %q, want %q", got, texts.T(texts.Default, key))
	}
}

// mp4Header is the smallest film file the API accepts: an ftyp box.
var mp4Header = []byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2")
