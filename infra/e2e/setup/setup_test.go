package setup_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// setupBody is a first-run request with the code.
func setupBody(code, email string) map[string]any {
	return map[string]any{"code": code, "first_name": "Agnès", "last_name": "Varda", "email": email,
		"password": "cleo5a7!", "self_registration_roles": []string{"PRODUCER"}, "email_confirmation": true}
}

func needed(t *testing.T, api *apitest.API) bool {
	t.Helper()
	return api.Do("GET", "/auth/setup", "", nil).Expect(http.StatusOK).JSON()["needed"].(bool)
}

func TestTheFirstAdminIsCreatedOnceWithTheSetupCode(t *testing.T) {
	api := apitest.Start(t)
	code := api.Server.SetupCode
	if code == "" || !needed(t, api) {
		t.Fatalf("a new festival: setup code %q, needed %v", code, needed(t, api))
	}
	// A wrong code, a missing one and a refused value write nothing.
	api.Do("POST", "/auth/setup", "", setupBody("WRONG-CODE", "agnes@example.org")).ExpectError(http.StatusForbidden, texts.T(texts.Default, texts.SetupCodeWrong))
	api.Do("POST", "/auth/setup", "", setupBody("", "agnes@example.org")).ExpectError(http.StatusBadRequest, texts.T(texts.Default, texts.SetupCodeRequired))
	api.Do("POST", "/auth/setup", "", setupBody(code, "pas-une-adresse")).ExpectErrorAbout(http.StatusBadRequest, "email")
	bad := setupBody(code, "agnes@example.org")
	bad["self_registration_roles"] = []string{"PRODUCER", "CRITIC"}
	api.Do("POST", "/auth/setup", "", bad).ExpectError(http.StatusBadRequest, texts.T(texts.Default, texts.SetupRolesShape))
	if !needed(t, api) {
		t.Fatal("a refused setup closed the setup")
	}

	r := api.Do("POST", "/auth/setup", "", setupBody(code, "agnes@example.org")).Expect(http.StatusCreated).JSON()
	data := r["data"].(map[string]any)
	if r["message"] != texts.T(texts.Default, texts.SetupCreated) || data["role"] != "ADMIN" || data["token"] == "" {
		t.Fatalf("setup answered %v", r)
	}
	token := data["token"].(string)
	me := api.Do("GET", "/users/me", token, nil).Expect(http.StatusOK).JSON()
	if me["role"] != "ADMIN" || me["email_confirmed"] != nil {
		t.Fatalf("the first admin reads %v", me)
	}
	st := api.Do("GET", "/settings", token, nil).Expect(http.StatusOK).JSON()
	if st["email_confirmation"] != true || fmt.Sprint(st["self_registration_roles"]) != "[PRODUCER]" {
		t.Fatalf("settings after the setup: %v", st)
	}
	audit := api.Do("GET", "/audit?action=settings.setup", token, nil).Expect(http.StatusOK).List()
	if len(audit) != 1 {
		t.Fatalf("the setup's audit entries: %v", audit)
	}
	// Closed: GET says so, POST is a 409 whatever the code.
	if needed(t, api) {
		t.Fatal("GET /auth/setup still says needed")
	}
	api.Do("POST", "/auth/setup", "", setupBody(code, "jacques@example.org")).ExpectError(http.StatusConflict, texts.T(texts.Default, texts.SetupDone))
	api.Do("POST", "/auth/setup", "", setupBody("WRONG-CODE", "jacques@example.org")).ExpectError(http.StatusConflict, texts.T(texts.Default, texts.SetupDone))
}

func TestAnAdminRegisteredOtherwiseClosesTheSetup(t *testing.T) {
	api := apitest.Start(t)
	api.Register("PRODUCER")
	if !needed(t, api) {
		t.Fatal("a producer closed the setup")
	}
	api.Register("ADMIN") // the specification lets anyone register an ADMIN
	if needed(t, api) {
		t.Fatal("an ADMIN registered by POST /auth/register left the setup open")
	}
	api.Do("POST", "/auth/setup", "", setupBody(api.Server.SetupCode, "agnes@example.org")).ExpectError(http.StatusConflict, texts.T(texts.Default, texts.SetupDone))
}

func TestTwoRacingSetupsMakeOneAdmin(t *testing.T) {
	api := apitest.Start(t)
	const n = 6
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = api.Do("POST", "/auth/setup", "", setupBody(api.Server.SetupCode, fmt.Sprintf("admin%d@example.org", i))).Status
		}()
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
		default:
			t.Fatalf("a racing setup answered %d (all: %v)", s, statuses)
		}
	}
	if created != 1 {
		t.Fatalf("%d setups created an admin (statuses %v)", created, statuses)
	}
}

func TestWrongSetupCodesAreThrottledPerAddress(t *testing.T) {
	api := apitest.Start(t)
	// The harness lifts the throttle; an admin would set it back through
	// the API, but an admin closes the setup: the store sets it here.
	_, err := api.Server.Deps.Store.UpdateSettings(t.Context(), festival.Actor{}, func(st *festival.Settings) ([]festival.Message, error) {
		st.LoginFailuresPerAddress = 2
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		api.Do("POST", "/auth/setup", "", setupBody("WRONG", "agnes@example.org")).Expect(http.StatusForbidden)
	}
	r := api.Do("POST", "/auth/setup", "", setupBody(api.Server.SetupCode, "agnes@example.org")).ExpectErrorAbout(http.StatusTooManyRequests, "codes d'installation incorrects")
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	if !needed(t, api) {
		t.Fatal("a throttled setup created an admin")
	}
}
