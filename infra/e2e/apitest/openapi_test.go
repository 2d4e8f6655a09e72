package apitest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// recorder is a testing.TB that remembers failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestDoFailsTheTestWhenAnAnswerDoesNotMatchTheOpenAPIDocument(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		switch r.URL.Path {
		case "/users/me": // role outside the enum, no createdAt
			_, _ = w.Write([]byte(`{"id_user":1,"first_name":"A","last_name":"B","email":"a@example.org","role":"BOSS"}`))
		case "/categories":
			_, _ = w.Write([]byte(`[]`))
		default: // a route the document does not describe
			w.WriteHeader(http.StatusTeapot)
		}
	}))
	defer srv.Close()
	rec := &recorder{TB: t}
	api := (&API{t: rec, URL: srv.URL, client: srv.Client()}).CheckOpenAPI()

	api.Do("GET", "/categories", "", nil)
	api.Do("GET", "/not-documented", "", nil)
	if len(rec.errors) != 0 {
		t.Fatalf("a matching answer and an undocumented route failed the test: %v", rec.errors)
	}
	api.Do("GET", "/users/me", "token", nil)
	if len(rec.errors) != 1 {
		t.Fatalf("a /users/me answer outside its schema gave %d failures, want 1: %v", len(rec.errors), rec.errors)
	}
}
