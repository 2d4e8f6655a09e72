package limits_test

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// clock is a test's clock: the system's, moved forward on demand.
type clock struct{ ahead atomic.Int64 }

func (c *clock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *clock) forward(d time.Duration) { c.ahead.Add(int64(d)) }

// throttled starts an API whose clock the test moves, with these throttle
// settings (set by an admin through PUT /settings, as a festival would).
func throttled(t *testing.T, settings map[string]any) (*apitest.API, *clock, apitest.Account) {
	t.Helper()
	c := &clock{}
	api := apitest.Start(t, func(o *localserver.Options) { o.Now = c.now })
	admin := api.Register("ADMIN")
	api.Do("PUT", "/settings", admin.Token, settings).Expect(http.StatusOK)
	return api, c, admin
}

func login(api *apitest.API, email, password string) *apitest.Response {
	return api.Do("POST", "/auth/login", "", map[string]any{"email": email, "password": password})
}

// expectTooMany checks a 429 with its French message and a Retry-After of at
// most the window.
func expectTooMany(t *testing.T, r *apitest.Response, window int) {
	t.Helper()
	r.ExpectErrorAbout(http.StatusTooManyRequests, "réessayez dans")
	s, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || s < 1 || s > window {
		t.Fatalf("Retry-After %q, want 1 to %d seconds", r.Header.Get("Retry-After"), window)
	}
}

func TestFailedLoginsLockAnAccountWithoutSayingWhetherItExists(t *testing.T) {
	t.Parallel()
	api, clk, _ := throttled(t, map[string]any{"login_failures_per_account": 3, "throttle_window_seconds": 60})
	nina := api.Register("PRODUCER")
	for _, email := range []string{nina.Email, "personne@example.org"} {
		for range 3 {
			login(api, email, "mauvais").ExpectError(http.StatusUnauthorized, "Identifiants invalides")
		}
		// Locked: even the right password waits, and an unknown e-mail
		// answers exactly as a registered one.
		expectTooMany(t, login(api, email, "motdepasse1"), 60)
	}
	// Another account from the same address is not locked.
	other := api.Register("JURY")
	api.Login(other.Email, "motdepasse1")

	// The window ends: the counter has expired, the account opens again.
	clk.forward(61 * time.Second)
	api.Login(nina.Email, "motdepasse1")
}

func TestASuccessfulLoginStartsTheAccountsCountAgain(t *testing.T) {
	t.Parallel()
	api, _, _ := throttled(t, map[string]any{"login_failures_per_account": 3})
	nina := api.Register("PRODUCER")
	for range 2 {
		login(api, nina.Email, "mauvais").Expect(http.StatusUnauthorized)
	}
	api.Login(nina.Email, "motdepasse1")
	for range 3 {
		login(api, nina.Email, "mauvais").Expect(http.StatusUnauthorized)
	}
	expectTooMany(t, login(api, nina.Email, "mauvais"), 900)
}

func TestFailedLoginsFromOneAddressStopThatAddressWhateverTheEmails(t *testing.T) {
	t.Parallel()
	api, clk, _ := throttled(t, map[string]any{"login_failures_per_address": 5, "throttle_window_seconds": 120})
	nina := api.Register("PRODUCER")
	for i := range 5 {
		login(api, "essai"+strconv.Itoa(i)+"@example.org", "mauvais").Expect(http.StatusUnauthorized)
	}
	expectTooMany(t, login(api, nina.Email, "motdepasse1"), 120)
	clk.forward(121 * time.Second)
	api.Login(nina.Email, "motdepasse1")
}

func TestRegistrationsFromOneAddressAreLimited(t *testing.T) {
	t.Parallel()
	api, clk, admin := throttled(t, map[string]any{"registrations_per_address": 3})
	// The admin's own registration counted once (it began the 15-minute
	// window): two more pass.
	for range 2 {
		api.Register("PRODUCER")
	}
	user := map[string]any{"first_name": "Flot", "last_name": "Comptes", "email": "flot@example.org", "password": "motdepasse1"}
	expectTooMany(t, api.Do("POST", "/auth/register", "", user), 900)
	expectTooMany(t, api.Do("POST", "/users", "", user), 900)
	form := apitest.NewMultipart().Field("first_name", "Flot").Field("last_name", "Film").Field("email", "flot.film@example.org").
		Field("password", "motdepasse1").Field("title", "Film").File("filmFile", "f.mp4", filestest.MP4()).Close()
	expectTooMany(t, api.Do("POST", "/auth/register-film", "", form), 900)
	if l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("a refused register-film created %d film(s)", len(l))
	}
	// An admin creating accounts is not a registration.
	api.Do("POST", "/users", admin.Token, user).Expect(http.StatusCreated)
	clk.forward(901 * time.Second)
	api.Register("PRODUCER")
}

func TestThrottleSettingsAreAnAdminsToReadAndChange(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	st := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	for _, k := range []string{"login_failures_per_account", "login_failures_per_address", "registrations_per_address", "throttle_window_seconds"} {
		if _, ok := st[k].(float64); !ok {
			t.Errorf("GET /settings has no number %s: %v", k, st)
		}
	}
	for _, bad := range []any{0, -1, 1.5, "10", nil, 2_000_000} {
		api.Do("PUT", "/settings", admin.Token, map[string]any{"login_failures_per_account": bad}).
			ExpectErrorAbout(http.StatusBadRequest, "login_failures_per_account")
	}
	got := api.Do("PUT", "/settings", admin.Token, map[string]any{"registrations_per_address": 50, "throttle_window_seconds": 3600}).
		Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	if got["registrations_per_address"] != 50.0 || got["throttle_window_seconds"] != 3600.0 || got["login_failures_per_account"] != st["login_failures_per_account"] {
		t.Errorf("settings after a change of two: %v", got)
	}
}
