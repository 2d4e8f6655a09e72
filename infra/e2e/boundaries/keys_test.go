// Package boundaries_test sends, from outside, the values that once reached
// a DynamoDB key longer than DynamoDB takes and answered 500: each is now
// read by its key type (festival.EmailKey, LateCodeID, PlanID) and answers
// a 4xx naming the field, and changes nothing (docs/decisions.md, "Keys
// built from input").
package boundaries_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// email2043 is an address of 2,043 bytes, past any DynamoDB key once
// prefixed (EMAIL#, THROTTLE#login-account#).
var email2043 = strings.Repeat("a", 2043-len("@example.org")) + "@example.org"

// lateCode2040 is a late-entry code of 2,040 characters.
var lateCode2040 = strings.Repeat("A", 2040)

func iso(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func TestAPasswordResetForAnOverlongEmailIsRefusedAndSendsNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	api.Do("POST", "/auth/password-reset", "", map[string]any{"email": email2043}).ExpectErrorAbout(http.StatusBadRequest, "email")
	api.Do("POST", "/auth/password-reset", "", map[string]any{"email": strings.Repeat("𝄞", 600) + "@example.org"}).
		ExpectErrorAbout(http.StatusBadRequest, "email")
	if mails := api.Mailbox(t); len(mails) != 0 {
		t.Errorf("a refused reset sent %d mail(s)", len(mails))
	}
}

// TestAnOverlongLateCodeIsRefusedWhileSubmissionsAreClosed: the code is
// read before it is looked up, on both routes that take one, and on the
// route that withdraws one.
func TestAnOverlongLateCodeIsRefusedWhileSubmissionsAreClosed(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_close_at": iso(time.Now().Add(-24 * time.Hour))}).Expect(http.StatusOK)
	api.Do("POST", "/settings/late-codes", admin.Token, map[string]any{"expires_at": iso(time.Now().Add(48 * time.Hour)), "code": "RETARD-26"}).
		Expect(http.StatusCreated)

	for _, code := range []string{lateCode2040, strings.Repeat("A", 33), "ABC", "RETARD#26", strings.Repeat("𝄞", 8)} {
		q := "?late_code=" + url.QueryEscape(code)
		api.Do("POST", "/auth/register-film"+q, "", apitest.MovieForm("Tomboy", "first_name", "Céline", "last_name", "Sciamma",
			"email", "celine@example.org", "password", "motdepasse1")).ExpectErrorAbout(http.StatusBadRequest, "late_code")
		api.Do("POST", "/movies/upload"+q, prod.Token, apitest.MovieForm("En retard")).ExpectErrorAbout(http.StatusBadRequest, "late_code")
		api.Do("DELETE", "/settings/late-codes/"+url.PathEscape(code), admin.Token, nil).ExpectErrorAbout(http.StatusBadRequest, "code")
	}
	if films := api.Do("GET", "/movies", admin.Token, nil).Expect(http.StatusOK).List(); len(films) != 0 {
		t.Errorf("refused late codes let %d film(s) in", len(films))
	}
	codes := api.Do("GET", "/settings/late-codes", admin.Token, nil).Expect(http.StatusOK).List()
	if len(codes) != 1 || codes[0]["uses_left"] != 1.0 {
		t.Errorf("the codes after refused requests: %v", codes)
	}
	// The code itself still admits a film.
	var admitted struct {
		Movie struct {
			ID int64 `json:"id_movie"`
		} `json:"movie"`
	}
	api.Do("POST", "/movies/upload?late_code=retard-26", prod.Token, apitest.MovieForm("Admis")).Expect(http.StatusCreated).Decode(&admitted)
	// A resubmission reads its late_code with the same type.
	for _, code := range []string{lateCode2040, strings.Repeat("A", 33), "ABC", "RETARD#26"} {
		api.Do("POST", fmt.Sprintf("/movies/%d/resubmit", admitted.Movie.ID), prod.Token, map[string]any{"late_code": code}).
			ExpectErrorAbout(http.StatusBadRequest, "late_code")
	}
}

func TestAnOverlongPlanIDIsRefusedAndAppliesNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	for _, id := range []string{strings.Repeat("a", 1100), strings.Repeat("a", 65), "PLAN#1", strings.Repeat("𝄞", 10)} {
		api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": id}).ExpectErrorAbout(http.StatusBadRequest, "plan_id")
		api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": id}).ExpectErrorAbout(http.StatusBadRequest, "id_plan")
	}
	// A well-formed id that names no plan is still the usual answer.
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": "20260101T000000000Z-000000000000"}).Expect(http.StatusNotFound)
}

// TestAnOverlongEmailIsRefusedWhereverAnAccountIsNamed: every route that
// takes an e-mail answers one of 2,043 bytes as the route's validation
// does, never with a DynamoDB error. The user operations answer the
// specification's 500 "Erreur base de données" naming the field (their
// documented answer to a refused value); every other route a 400.
func TestAnOverlongEmailIsRefusedWhereverAnAccountIsNamed(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	const spec500 = http.StatusInternalServerError
	expectSpec := func(r *apitest.Response) {
		t.Helper()
		r.Expect(spec500)
		if b := r.JSON(); b["error"] != "Erreur base de données" || !strings.Contains(fmt.Sprint(b["details"]), "email") {
			t.Errorf("a refused user operation answered %v, want the specification's 500 naming email", b)
		}
	}
	person := func(email string) map[string]any {
		return map[string]any{"first_name": "Nina", "last_name": "Prod", "email": email, "password": "motdepasse1", "role": "PRODUCER"}
	}
	setup := map[string]any{"code": api.Server.SetupCode, "first_name": "Agnès", "last_name": "Varda", "email": email2043, "password": "cleo5a7!"}
	api.Do("POST", "/auth/setup", "", setup).ExpectErrorAbout(http.StatusBadRequest, "email")

	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	api.Do("POST", "/auth/login", "", map[string]any{"email": email2043, "password": "motdepasse1"}).ExpectErrorAbout(http.StatusBadRequest, "email")
	expectSpec(api.Do("POST", "/auth/register", "", person(email2043)))
	expectSpec(api.Do("POST", "/users", admin.Token, person(email2043)))
	expectSpec(api.Do("PUT", "/users/me", prod.Token, map[string]any{"email": email2043}))
	expectSpec(api.Do("PUT", fmt.Sprintf("/users/%d", prod.ID), admin.Token, map[string]any{"email": email2043}))
	form := apitest.MovieForm("Tomboy", "first_name", "Céline", "last_name", "Sciamma", "email", email2043, "password", "motdepasse1")
	api.Do("POST", "/auth/register-film", "", form).ExpectErrorAbout(http.StatusBadRequest, "email")

	film := api.Upload(t, prod.Token, "Équipe")
	api.Do("PUT", fmt.Sprintf("/movies/%d/collaborators", film), prod.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": "Anne", "last_name": "Team", "email": email2043, "job": "ACTOR"},
	}}).ExpectErrorAbout(http.StatusBadRequest, "email")

	if users := api.Do("GET", "/users", admin.Token, nil).Expect(http.StatusOK).List(); len(users) != 2 {
		t.Errorf("refused e-mails made accounts: %d users, want 2", len(users))
	}
}
