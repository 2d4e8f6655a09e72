package users

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

const (
	msgToken     = "Token invalide ou manquant"
	msgAdminOnly = "Accès interdit. Rôle ADMIN requis."
	msgNotFound  = "Utilisateur non trouvé"
)

func fullUser(email string) map[string]any {
	return map[string]any{
		"firstName": "Agnès", "lastName": "Varda", "email": email, "password": "cleo5a7!",
		"role": "PRODUCER", "phone": "0102030405", "mobile": "0607080910", "birthDate": "1928-05-30",
		"street": "rue Daguerre", "postalCode": "75014", "city": "Paris", "country": "France",
		"biography": "Cinéaste.", "job": "DIRECTOR", "portfolio": "https://example.org/varda",
		"youtube": "varda", "instagram": "@varda", "linkedin": "varda", "facebook": "varda", "tiktok": "@varda",
		"knownByService": "Par un ami",
	}
}

func TestCreateUserAnswersTheSpecShapesAndAcceptsCamelCase(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	r := api.Do("POST", "/users", "", fullUser("agnes@example.org")).Expect(http.StatusCreated)
	body := r.JSON()
	if body["message"] != "Utilisateur créé avec succès" {
		t.Fatalf("message = %v", body["message"])
	}
	u := body["newUser"].(map[string]any)
	want := map[string]any{
		"id_user": float64(1), "first_name": "Agnès", "last_name": "Varda", "email": "agnes@example.org",
		"role": "PRODUCER", "phone": "0102030405", "mobile": "0607080910", "birth_date": "1928-05-30T00:00:00.000Z",
		"street": "rue Daguerre", "postal_code": "75014", "city": "Paris", "country": "France",
		"biography": "Cinéaste.", "job": "DIRECTOR", "portfolio": "https://example.org/varda",
		"instagram": "@varda", "linkedin": "varda", "known_by_service": "Par un ami",
	}
	for k, v := range want {
		if u[k] != v {
			t.Errorf("newUser.%s = %v, want %v", k, u[k], v)
		}
	}
	if h, _ := u["password"].(string); !strings.HasPrefix(h, "$2") {
		t.Errorf("newUser.password = %q, want the bcrypt hash", h)
	}
	for _, k := range []string{"createdAt", "updatedAt"} {
		if s, _ := u[k].(string); !strings.HasSuffix(s, "Z") {
			t.Errorf("%s = %v, want an ISO 8601 UTC time", k, u[k])
		}
	}
}

func TestCreateUserDefaultsToProducerWithNullProfile(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	u := api.Do("POST", "/users", "", map[string]any{"first_name": "A", "last_name": "B", "email": "a@example.org", "password": "secret1"}).
		Expect(http.StatusCreated).JSON()["newUser"].(map[string]any)
	if u["role"] != "PRODUCER" {
		t.Fatalf("role = %v", u["role"])
	}
	for _, k := range []string{"phone", "mobile", "birth_date", "street", "postal_code", "city", "country", "biography", "job", "portfolio", "youtube", "instagram", "linkedin", "facebook", "tiktok", "known_by_service"} {
		if v, present := u[k]; !present || v != nil {
			t.Errorf("%s = %v (present %v), want null", k, v, present)
		}
	}
}

func TestCreateUserWithAnExistingEmailReturnsTheUserAndCreatesNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	first := api.Do("POST", "/users", "", fullUser("dup@example.org")).Expect(http.StatusCreated).JSON()["newUser"].(map[string]any)
	again := fullUser("DUP@example.org")
	again["firstName"] = "Autre"
	body := api.Do("POST", "/users", "", again).Expect(http.StatusOK).JSON()
	if body["message"] != "Cet utilisateur existe déjà" {
		t.Fatalf("message = %v", body["message"])
	}
	u := body["user"].(map[string]any)
	if len(u) != 5 || u["id_user"] != first["id_user"] || u["first_name"] != "Agnès" || u["last_name"] != "Varda" ||
		u["email"] != "dup@example.org" || u["role"] != "PRODUCER" {
		t.Fatalf("user = %v, want {id_user, first_name, last_name, email, role} of the first account", u)
	}
	admin := api.Register("ADMIN")
	if n := len(api.Do("GET", "/users", admin.Token, nil).Expect(200).List()); n != 2 {
		t.Fatalf("%d users, want 2 (the first one and the admin)", n)
	}
}

func TestCreateUserRefusesMissingData(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	for _, path := range []string{"/users", "/auth/register"} {
		tests := []struct {
			name string
			body any
			msg  string
		}{
			{"no body", nil, "Données manquantes"},
			{"empty object", "{}", "Données manquantes"},
			{"missing password", map[string]any{"first_name": "A", "last_name": "B", "email": "x@example.org"}, "Tous les champs sont requis"},
			{"blank last name", map[string]any{"first_name": "A", "last_name": "", "email": "x@example.org", "password": "secret1"}, "Tous les champs sont requis"},
			{"missing e-mail", map[string]any{"first_name": "A", "last_name": "B", "password": "secret1"}, "Tous les champs sont requis"},
		}
		for _, tt := range tests {
			t.Run(path+" "+tt.name, func(t *testing.T) {
				api.For(t).Do("POST", path, "", tt.body).ExpectError(http.StatusBadRequest, tt.msg)
			})
		}
	}
}

func TestCreateUserRefusesBadValuesWithTheSpecsDatabaseError(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	tests := []struct {
		field string
		value any
	}{
		{"role", "DIRECTOR"},
		{"job", "CHEF"},
		{"known_by_service", "Par hasard"},
		{"birth_date", "30/05/1928"},
		{"birth_date", "2999-01-01"},
		{"email", "not-an-email"},
		{"city", strings.Repeat("x", 256)},
		{"first_name", 42},
		{"password", "abc"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s=%v", tt.field, tt.value), func(t *testing.T) {
			body := map[string]any{"first_name": "A", "last_name": "B", "email": "bad@example.org", "password": "secret1"}
			body[tt.field] = tt.value
			r := api.For(t).Do("POST", "/users", "", body).ExpectError(http.StatusInternalServerError, "Erreur base de données")
			if d, _ := r.JSON()["details"].(string); !strings.HasPrefix(d, tt.field) {
				t.Fatalf("details %q do not name the field %s", d, tt.field)
			}
		})
	}
	// Nothing was written: the address is still free.
	api.Do("POST", "/users", "", map[string]any{"first_name": "A", "last_name": "B", "email": "bad@example.org", "password": "secret1"}).Expect(http.StatusCreated)
}

func TestRegisterAndLogin(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	r := api.Do("POST", "/auth/register", "", map[string]any{"first_name": "Jean", "last_name": "Vigo", "email": "Jean@Example.org", "password": "atalante", "role": "JURY"}).
		Expect(http.StatusCreated).JSON()
	if r["message"] != "Utilisateur créé avec succès" || r["newUser"].(map[string]any)["role"] != "JURY" {
		t.Fatalf("register answered %v", r)
	}
	login := api.Do("POST", "/auth/login", "", map[string]any{"email": "jean@example.org", "password": "atalante"}).Expect(http.StatusOK).JSON()
	if login["message"] != "Connexion réussie" {
		t.Fatalf("message = %v", login["message"])
	}
	data := login["data"].(map[string]any)
	if data["email"] != "Jean@Example.org" || data["first_name"] != "Jean" || data["role"] != "JURY" || data["token"] == "" || len(data) != 4 {
		t.Fatalf("data = %v", data)
	}
	me := api.Do("GET", "/users/me", data["token"].(string), nil).Expect(http.StatusOK).JSON()
	if me["email"] != "Jean@Example.org" {
		t.Fatalf("me = %v", me)
	}

	for name, body := range map[string]any{
		"wrong password": map[string]any{"email": "jean@example.org", "password": "autre"},
		"unknown e-mail": map[string]any{"email": "nobody@example.org", "password": "atalante"},
	} {
		t.Run(name, func(t *testing.T) {
			api.For(t).Do("POST", "/auth/login", "", body).ExpectError(http.StatusUnauthorized, "Identifiants invalides")
		})
	}
	api.Do("POST", "/auth/login", "", map[string]any{"email": "jean@example.org"}).ExpectError(http.StatusBadRequest, "Email et mot de passe requis")
	api.Do("POST", "/auth/login", "", nil).ExpectError(http.StatusBadRequest, "Email et mot de passe requis")
}

func TestReadRoutesNeverShowThePasswordHash(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	for _, r := range []*apitest.Response{
		api.Do("GET", "/users/me", jury.Token, nil).Expect(200),
		api.Do("GET", fmt.Sprintf("/users/%d", jury.ID), admin.Token, nil).Expect(200),
		api.Do("GET", "/users", admin.Token, nil).Expect(200),
	} {
		if strings.Contains(string(r.Body), "password") || strings.Contains(string(r.Body), "$2a$") {
			t.Fatalf("a read answer shows the password: %s", r.Body)
		}
	}
	list := api.Do("GET", "/users", admin.Token, nil).List()
	if len(list) != 2 || list[0]["id_user"] != float64(admin.ID) || list[1]["id_user"] != float64(jury.ID) {
		t.Fatalf("GET /users = %v", list)
	}
}

func TestUsersRoutesRequireATokenAndTheAdminRole(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	jury := api.Register("JURY")
	producer := api.Register("PRODUCER")
	routes := []struct{ method, path string }{
		{"GET", "/users"}, {"GET", fmt.Sprintf("/users/%d", jury.ID)},
		{"PUT", fmt.Sprintf("/users/%d", jury.ID)}, {"DELETE", fmt.Sprintf("/users/%d", jury.ID)},
	}
	for _, rt := range routes {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			api := api.For(t)
			api.Do(rt.method, rt.path, "", map[string]any{"first_name": "X"}).ExpectError(http.StatusUnauthorized, msgToken)
			api.Do(rt.method, rt.path, "garbage", map[string]any{"first_name": "X"}).ExpectError(http.StatusUnauthorized, msgToken)
			api.Do(rt.method, rt.path, jury.Token, map[string]any{"first_name": "X"}).ExpectError(http.StatusForbidden, msgAdminOnly)
			api.Do(rt.method, rt.path, producer.Token, map[string]any{"first_name": "X"}).ExpectError(http.StatusForbidden, msgAdminOnly)
		})
	}
	api.Do("GET", "/users/me", "", nil).ExpectError(http.StatusUnauthorized, msgToken)
	api.Do("PUT", "/users/me", "", map[string]any{"city": "Lyon"}).ExpectError(http.StatusUnauthorized, msgToken)
}

func TestUnknownUserIsNotFound(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	for _, rt := range []struct{ method, path string }{
		{"GET", "/users/999"}, {"PUT", "/users/999"}, {"DELETE", "/users/999"}, {"GET", "/users/abc"}, {"PUT", "/users/0"},
	} {
		api.Do(rt.method, rt.path, admin.Token, map[string]any{"first_name": "X"}).ExpectError(http.StatusNotFound, msgNotFound)
	}
}

func TestAdminUpdateFollowsTheSpecRules(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	u := api.Register("PRODUCER")
	path := fmt.Sprintf("/users/%d", u.ID)
	before := api.Do("GET", path, admin.Token, nil).Expect(200).JSON()

	// Only provided fields change; the answer is the full user with its hash.
	r := api.Do("PUT", path, admin.Token, map[string]any{"lastName": "Renoir", "role": "JURY"}).Expect(http.StatusOK).JSON()
	if r["last_name"] != "Renoir" || r["role"] != "JURY" || r["first_name"] != before["first_name"] || r["email"] != before["email"] {
		t.Fatalf("after update: %v", r)
	}
	hash1, _ := r["password"].(string)
	if !strings.HasPrefix(hash1, "$2") {
		t.Fatalf("update answer has no hash: %v", r)
	}
	// An empty or whitespace-only password is ignored: the old one still works.
	for _, p := range []string{"", "   "} {
		r = api.Do("PUT", path, admin.Token, map[string]any{"password": p, "city": "Lyon"}).Expect(http.StatusOK).JSON()
		if r["password"] != hash1 || r["city"] != "Lyon" {
			t.Fatalf("password %q changed the hash or the update was lost: %v", p, r)
		}
	}
	api.Login(u.Email, "motdepasse1")
	// A non-empty password is rehashed.
	r = api.Do("PUT", path, admin.Token, map[string]any{"password": "nouveau-secret"}).Expect(http.StatusOK).JSON()
	if r["password"] == hash1 {
		t.Fatal("new password was not rehashed")
	}
	api.Login(u.Email, "nouveau-secret")
	api.Do("POST", "/auth/login", "", map[string]any{"email": u.Email, "password": "motdepasse1"}).ExpectError(http.StatusUnauthorized, "Identifiants invalides")

	// Refused values: the spec's database error, nothing changes.
	other := api.Register("JURY")
	for field, v := range map[string]any{"email": other.Email, "role": "BOSS", "job": "chef"} {
		r := api.Do("PUT", path, admin.Token, map[string]any{field: v}).ExpectError(http.StatusInternalServerError, "Erreur base de données")
		if d, _ := r.JSON()["details"].(string); !strings.HasPrefix(d, field) {
			t.Errorf("details %q do not name %s", d, field)
		}
	}
	after := api.Do("GET", path, admin.Token, nil).Expect(200).JSON()
	if after["email"] != u.Email || after["role"] != "JURY" {
		t.Fatalf("a refused update changed the user: %v", after)
	}
	api.Do("PUT", path, admin.Token, nil).ExpectError(http.StatusBadRequest, "Données manquantes")
}

func TestUsersUpdateTheirOwnProfileButNotTheirRole(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	u := api.Register("PRODUCER")
	r := api.Do("PUT", "/users/me", u.Token, map[string]any{"biography": "Nouvelle bio", "phone": nil}).Expect(http.StatusOK).JSON()
	if r["biography"] != "Nouvelle bio" || r["phone"] != nil {
		t.Fatalf("me after update: %v", r)
	}
	api.Do("PUT", "/users/me", u.Token, map[string]any{"role": "ADMIN", "city": "Nice"}).ExpectError(http.StatusForbidden, "Vous ne pouvez pas changer votre propre rôle")
	// Sending one's own role back unchanged is fine.
	if r := api.Do("PUT", "/users/me", u.Token, map[string]any{"role": "PRODUCER", "city": "Lyon"}).Expect(http.StatusOK).JSON(); r["city"] != "Lyon" {
		t.Fatalf("me after update: %v", r)
	}
	if me := api.Do("GET", "/users/me", u.Token, nil).JSON(); me["role"] != "PRODUCER" || me["city"] != "Lyon" {
		t.Fatalf("after the refused and the accepted update: %v", me)
	}
}

func TestRoleChangeAndDeletionTakeEffectOnExistingTokens(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	u := api.Register("PRODUCER")
	api.Do("GET", "/users", u.Token, nil).ExpectError(http.StatusForbidden, msgAdminOnly)
	api.Do("PUT", fmt.Sprintf("/users/%d", u.ID), admin.Token, map[string]any{"role": "ADMIN"}).Expect(200)
	api.Do("GET", "/users", u.Token, nil).Expect(http.StatusOK) // same token, new role
	trail := api.Do("GET", "/audit?action=user.role", admin.Token, nil).Expect(http.StatusOK).List()
	if len(trail) != 1 || trail[0]["target"] != fmt.Sprintf("user:%d", u.ID) || trail[0]["actor_id"] != float64(admin.ID) ||
		fmt.Sprint(trail[0]["details"]) != "map[from:PRODUCER to:ADMIN]" {
		t.Fatalf("audit of the role change = %v", trail)
	}

	victim := api.Register("JURY")
	del := api.Do("DELETE", fmt.Sprintf("/users/%d", victim.ID), admin.Token, nil).Expect(http.StatusOK).JSON()
	if del["message"] != "Utilisateur supprimé avec succès" {
		t.Fatalf("delete answered %v", del)
	}
	api.Do("GET", "/users/me", victim.Token, nil).ExpectError(http.StatusUnauthorized, msgToken)
	api.Do("GET", fmt.Sprintf("/users/%d", victim.ID), admin.Token, nil).ExpectError(http.StatusNotFound, msgNotFound)
	// The address can be registered again.
	api.Do("POST", "/auth/register", "", map[string]any{"first_name": "A", "last_name": "B", "email": victim.Email, "password": "secret1"}).Expect(http.StatusCreated)
	// Admins cannot delete themselves.
	api.Do("DELETE", fmt.Sprintf("/users/%d", admin.ID), admin.Token, nil).ExpectError(http.StatusBadRequest, "Vous ne pouvez pas supprimer votre propre compte")
}

func TestConcurrentRegistrationsOfOneEmailCreateOneAccount(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	const n = 20
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = api.Do("POST", "/auth/register", "", map[string]any{
				"first_name": "R", "last_name": "C", "email": "same@example.org", "password": "secret1",
			}).Status
		}()
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusOK:
		default:
			t.Fatalf("a concurrent registration answered %d", s)
		}
	}
	admin := api.Register("ADMIN")
	if created != 1 || len(api.Do("GET", "/users", admin.Token, nil).List()) != 2 {
		t.Fatalf("%d registrations answered 201; want exactly 1", created)
	}
}

func TestUnknownRouteAnswersJSON404(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	api.Do("GET", "/nowhere", "", nil).Expect(http.StatusNotFound).JSON()
}

func TestUsersListPagesWithLimitAndCursor(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	for range 2 {
		api.Register("JURY")
	}
	first := api.Do("GET", "/users?limit=2", admin.Token, nil).Expect(http.StatusOK)
	next := first.Header.Get("X-Next-Cursor")
	if len(first.List()) != 2 || next == "" {
		t.Fatalf("first page: %d users, cursor %q", len(first.List()), next)
	}
	second := api.Do("GET", "/users?limit=2&cursor="+next, admin.Token, nil).Expect(http.StatusOK)
	if l := second.List(); len(l) != 1 || l[0]["id_user"] != float64(3) || second.Header.Get("X-Next-Cursor") != "" {
		t.Fatalf("second page: %v, cursor %q", l, second.Header.Get("X-Next-Cursor"))
	}
	api.Do("GET", "/users?cursor=garbage", admin.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre cursor invalide")
	api.Do("GET", "/users?limit=0", admin.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre limit invalide (entier de 1 à 1000)")
}
