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
	if body.Error != texts.T(texts.French, texts.Internal) {
		t.Fatalf("error = %q", body.Error)
	}
}

func TestServeAnswersWhenTheHandlerWroteNothing(t *testing.T) {
	t.Parallel()
	rec := serve(func(http.ResponseWriter, *http.Request) {})
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), texts.T(texts.French, texts.Internal)) {
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
		lang   texts.Lang
		status int
		body   string
	}{
		{apperr.E(apperr.Invalid, "mauvais"), texts.French, 400, `{"error":"mauvais"}`}, // a text no catalogue holds: no code
		{apperr.E(apperr.Unauthorized, texts.TokenInvalid), texts.French, 401, `{"error":"Token invalide ou manquant","code":"token_invalid"}`},
		{apperr.E(apperr.Unauthorized, texts.TokenInvalid), texts.English, 401, `{"error":"Invalid or missing token","code":"token_invalid"}`},
		{apperr.E(apperr.Forbidden, texts.AdminOnly), texts.French, 403, `{"error":"Accès interdit. Rôle ADMIN requis.","code":"admin_only"}`},
		{apperr.E(apperr.NotFound, texts.MovieNotFound), texts.English, 404, `{"error":"Film not found","code":"movie_not_found"}`},
		{apperr.E(apperr.Conflict, texts.GridSize, 12), texts.French, 409, `{"error":"Une grille compte de 1 à 12 critères","code":"grid_size"}`},
		{apperr.Rejectedf(texts.FieldRefusal, "role", texts.M(texts.ValueEmpty)), texts.French, 500,
			`{"error":"Erreur base de données","code":"database_error","details":"role : la valeur est vide"}`},
		{apperr.Rejectedf(texts.FieldRefusal, "role", texts.M(texts.ValueEmpty)), texts.English, 500,
			`{"error":"Database error","code":"database_error","details":"role: the value is empty"}`},
		{errors.New("dynamodb exploded with internals"), texts.French, 500, `{"error":"Internal server error","code":"internal"}`},
		{errors.New("dynamodb exploded with internals"), texts.English, 500, `{"error":"Internal server error","code":"internal"}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/", nil)
		Error(rec, r.WithContext(texts.WithLang(r.Context(), tt.lang)), tt.err)
		if rec.Code != tt.status || strings.TrimSpace(rec.Body.String()) != tt.body {
			t.Errorf("%v in %s: got %d %s, want %d %s", tt.err, tt.lang, rec.Code, rec.Body, tt.status, tt.body)
		}
	}
}

// TestServeAnswersInTheLanguageTheRequestPrefers: Serve negotiates
// Accept-Language once, and the error and the success message are written
// in it; the code is the same in every language.
func TestServeAnswersInTheLanguageTheRequestPrefers(t *testing.T) {
	t.Parallel()
	refuse := Handle(func(r *http.Request) (int, any, error) { return 0, nil, apperr.E(apperr.NotFound, texts.MovieNotFound) })
	confirm := Handle(func(r *http.Request) (int, any, error) { return Done(r, texts.MovieDeleted, nil) })
	tests := []struct {
		accept string
		h      http.Handler
		want   string
	}{
		{"", refuse, `{"error":"Film non trouvé","code":"movie_not_found"}`},
		{"en-US,en;q=0.9", refuse, `{"error":"Film not found","code":"movie_not_found"}`},
		{"de, en;q=0.5, fr;q=0.8", refuse, `{"error":"Film non trouvé","code":"movie_not_found"}`},
		{"", confirm, `{"message":"Film supprimé avec succès"}`},
		{"en", confirm, `{"message":"Film deleted"}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("DELETE", "/movies/1", nil)
		if tt.accept != "" {
			r.Header.Set("Accept-Language", tt.accept)
		}
		Serve(quiet, "test", tt.h).ServeHTTP(rec, r)
		if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
			t.Errorf("Accept-Language %q: %s, want %s", tt.accept, got, tt.want)
		}
	}
}
