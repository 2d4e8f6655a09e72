package contract

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// concrete fills a template path's parameters with an id no record has.
func concrete(path string) string {
	for _, p := range []string{"{id}", "{id_movie}"} {
		path = strings.ReplaceAll(path, p, "987654")
	}
	return path
}

func TestEveryTemplateRouteIsAnsweredByItsFunctionAsDocumented(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	_, routes, _ := load(t)
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	for _, r := range routes {
		for _, token := range []string{"", admin.Token} {
			var body any
			if r.Method == "POST" || r.Method == "PUT" {
				body = map[string]any{}
			}
			resp := api.Do(r.Method, concrete(r.Path), token, body)
			if string(resp.Body) == `{"message":"Not Found"}` { // API Gateway's answer to an undeclared route
				t.Errorf("%s %s: not routed to %s: %s", r.Method, r.Path, r.Function, resp.Body)
			}
			if resp.Status >= 500 {
				t.Errorf("%s %s (token: %v): %d %s", r.Method, r.Path, token != "", resp.Status, resp.Body)
			}
		}
	}
}

func TestAccountAnswersMatchTheirDocumentedSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	user := map[string]any{
		"firstName": "Alice", "lastName": "Guy", "email": "alice." + dynamotest.RandomSuffix() + "@example.org", "password": "motdepasse1",
		"birthDate": "1990-07-01", "job": "DIRECTOR", "knownByService": "Par un ami", "city": "Saint-Mandé",
	}
	created := api.Do("POST", "/users", "", user).Expect(http.StatusCreated).JSON()
	id := int64(created["newUser"].(map[string]any)["id_user"].(float64))
	api.Do("POST", "/users", "", user).Expect(http.StatusOK)
	api.Do("POST", "/auth/register", "", user).Expect(http.StatusOK)
	api.Do("POST", "/auth/login", "", map[string]any{"email": user["email"], "password": "faux"}).Expect(http.StatusUnauthorized)
	token := api.Login(user["email"].(string), "motdepasse1")

	api.Do("GET", "/users/me", token, nil).Expect(http.StatusOK)
	api.Do("PUT", "/users/me", token, map[string]any{"mobile": "+33600000000"}).Expect(http.StatusOK)
	api.Do("GET", "/users", admin.Token, nil).Expect(http.StatusOK)
	api.Do("GET", "/users", jury.Token, nil).Expect(http.StatusForbidden)
	api.Do("GET", "/users/me", "not-a-token", nil).Expect(http.StatusUnauthorized)
	api.Do("GET", "/users/"+itoa(id), admin.Token, nil).Expect(http.StatusOK)
	api.Do("PUT", "/users/"+itoa(id), admin.Token, map[string]any{"role": "JURY"}).Expect(http.StatusOK)
	api.Do("PUT", "/users/"+itoa(id), admin.Token, map[string]any{"job": "ASTRONAUT"}).Expect(http.StatusInternalServerError)
	api.Do("DELETE", "/users/"+itoa(id), admin.Token, nil).Expect(http.StatusOK)
	api.Do("GET", "/users/"+itoa(id), admin.Token, nil).Expect(http.StatusNotFound)
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestTheLocalServerServesTheOpenAPIDocumentAsYAMLAndJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	api := apitest.Start(t)
	want, err := os.ReadFile(filepath.Join(root, "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	y := api.Do("GET", "/openapi.yaml", "", nil).Expect(http.StatusOK)
	if string(y.Body) != string(want) || !strings.HasPrefix(y.Header.Get("Content-Type"), "application/yaml") {
		t.Errorf("/openapi.yaml is not docs/openapi.yaml (Content-Type %q)", y.Header.Get("Content-Type"))
	}
	var fromYAML map[string]any
	if err := yaml.Unmarshal(want, &fromYAML); err != nil {
		t.Fatal(err)
	}
	j := api.Do("GET", "/openapi.json", "", nil).Expect(http.StatusOK)
	doc := j.JSON()
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi %v, want 3.1.0", doc["openapi"])
	}
	paths, _ := doc["paths"].(map[string]any)
	if len(paths) == 0 || len(paths) != len(fromYAML["paths"].(map[string]any)) {
		t.Errorf("/openapi.json has %d paths, the YAML %d", len(paths), len(fromYAML["paths"].(map[string]any)))
	}
}

func TestDocsPageServesSwaggerUIFromTheCacheOrSaysHowToInstallIt(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	cache := t.TempDir()
	api := apitest.Start(t, func(o *localserver.Options) { o.CacheDir = cache })

	t.Run("without npm it explains how to install Swagger UI", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		r := api.Do("GET", "/docs/", "", nil).Expect(http.StatusServiceUnavailable)
		for _, want := range []string{"npm ci", "swagger-ui-dist 5.35.0", "infra/localserver/swaggerui/", "/openapi.json", "apt-get install -y nodejs npm"} {
			if !strings.Contains(string(r.Body), want) {
				t.Errorf("page does not mention %q:\n%s", want, r.Body)
			}
		}
	})

	t.Run("once installed it serves the page and only the package's files", func(t *testing.T) {
		if entries, _ := os.ReadDir(cache); len(entries) != 0 {
			t.Fatalf("a failed install left %v in the cache", entries)
		}
		// What `npm ci` installs; the files' content does not matter here.
		dir := localserver.SwaggerUIDir(cache)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png", "LICENSE", "index.html"} {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("/* "+f+" */"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		page := api.Do("GET", "/docs/", "", nil).Expect(http.StatusOK)
		for _, want := range []string{`src="/docs/swagger-ui-bundle.js"`, `url: "/openapi.json"`} {
			if !strings.Contains(string(page.Body), want) {
				t.Errorf("page lacks %s:\n%s", want, page.Body)
			}
		}
		if js := api.Do("GET", "/docs/swagger-ui-bundle.js", "", nil).Expect(http.StatusOK); string(js.Body) != "/* swagger-ui-bundle.js */" {
			t.Errorf("bundle %q", js.Body)
		}
		api.Do("GET", "/docs/index.html", "", nil).Expect(http.StatusNotFound)
	})
}
