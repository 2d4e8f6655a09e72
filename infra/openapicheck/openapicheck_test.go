package openapicheck_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/festivalapi/festival/infra/openapicheck"
)

func load(t *testing.T) *openapicheck.Document {
	t.Helper()
	d, err := openapicheck.Load(filepath.Join("..", "..", "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var jsonHeader = http.Header{"Content-Type": {"application/json; charset=utf-8"}}

func TestCheckResponseAcceptsAnAnswerThatMatchesItsSchema(t *testing.T) {
	d := load(t)
	req := httptest.NewRequest("POST", "/auth/login", nil)
	body := `{"message":"Connexion réussie","data":{"email":"a@example.org","first_name":"Agnès","role":"PRODUCER","token":"x.y.z"}}`
	if err := d.CheckResponse(req, 200, jsonHeader, []byte(body)); err != nil {
		t.Error(err)
	}
	req = httptest.NewRequest("GET", "/users/me", nil)
	user := `{"id_user":1,"first_name":"A","last_name":"B","email":"a@example.org","role":"JURY","phone":null,"job":null,` +
		`"birth_date":null,"known_by_service":"Par un ami","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}`
	if err := d.CheckResponse(req, 200, jsonHeader, []byte(user)); err != nil {
		t.Error(err)
	}
	req = httptest.NewRequest("GET", "/users/42", nil)
	if err := d.CheckResponse(req, 404, jsonHeader, []byte(`{"error":"Utilisateur non trouvé"}`)); err != nil {
		t.Error(err)
	}
}

func TestCheckResponseRefusesAnswersTheDocumentDoesNotDescribe(t *testing.T) {
	d := load(t)
	for name, c := range map[string]struct {
		method, path string
		status       int
		body         string
	}{
		"login without token":         {"POST", "/auth/login", 200, `{"message":"Connexion réussie","data":{"email":"a@example.org","first_name":"A","role":"PRODUCER"}}`},
		"unknown role":                {"GET", "/users/me", 200, `{"id_user":1,"first_name":"A","last_name":"B","email":"a@example.org","role":"BOSS","createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}`},
		"error without error field":   {"GET", "/users/7", 404, `{"message":"not found"}`},
		"success body on an odd code": {"GET", "/categories", 418, `[]`},
		"list that is not an array":   {"GET", "/categories", 200, `{"categories":[]}`},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		if err := d.CheckResponse(req, c.status, jsonHeader, []byte(c.body)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestOperationsAreMatchedLikeAPIGatewayRoutes(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		method, path string
		want         bool
	}{
		{"GET", "/movies/mine", true},
		{"GET", "/movies/12", true},
		{"GET", "/votes/mine/12", true},
		{"PATCH", "/movies/12", false},
		{"GET", "/nowhere", false},
	} {
		if got := d.Documents(httptest.NewRequest(c.method, c.path, nil)); got != c.want {
			t.Errorf("%s %s documented = %v, want %v", c.method, c.path, got, c.want)
		}
	}
}
