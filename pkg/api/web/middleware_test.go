package web

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func serve(h http.HandlerFunc) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	Serve(quiet, "test", h).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	return rec
}

func TestServeTurnsAPanicIntoA500WithoutStackTrace(t *testing.T) {
	t.Parallel()
	rec := serve(func(http.ResponseWriter, *http.Request) { panic("boom at secret place") })
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "boom") {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
	var body ErrorBody
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if body.Error != texts.Internal {
		t.Fatalf("error = %q", body.Error)
	}
}

func TestServeAnswersWhenTheHandlerWroteNothing(t *testing.T) {
	t.Parallel()
	rec := serve(func(http.ResponseWriter, *http.Request) {})
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), texts.Internal) {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
}

func TestServeSetsARequestID(t *testing.T) {
	t.Parallel()
	rec := serve(func(w http.ResponseWriter, r *http.Request) { JSON(w, 200, RequestID(r.Context())) })
	id := rec.Header().Get("X-Request-Id")
	if id == "" || !strings.Contains(rec.Body.String(), id) {
		t.Fatalf("request id %q not carried: %s", id, rec.Body)
	}
}

func TestErrorMapsEachCodeToItsStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err    error
		status int
		body   string
	}{
		{apperr.E(apperr.Invalid, "mauvais"), 400, `{"error":"mauvais"}`},
		{apperr.E(apperr.Unauthorized, texts.TokenInvalid), 401, `{"error":"Token invalide ou manquant"}`},
		{apperr.E(apperr.Forbidden, texts.AdminOnly), 403, `{"error":"Accès interdit. Rôle ADMIN requis."}`},
		{apperr.E(apperr.NotFound, "absent"), 404, `{"error":"absent"}`},
		{apperr.E(apperr.Conflict, "pris"), 409, `{"error":"pris"}`},
		{apperr.Rejectedf("role : non"), 500, `{"error":"Erreur base de données","details":"role : non"}`},
		{errors.New("dynamodb exploded with internals"), 500, `{"error":"Internal server error"}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		Error(rec, httptest.NewRequest("GET", "/", nil), tt.err)
		if rec.Code != tt.status || strings.TrimSpace(rec.Body.String()) != tt.body {
			t.Errorf("%v: got %d %s, want %d %s", tt.err, rec.Code, rec.Body, tt.status, tt.body)
		}
	}
}
