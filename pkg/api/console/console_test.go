package console

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func built(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":           "<!doctype html><title>Festival</title>",
		"assets/index-abc.js":  "console.log(1)",
		"assets/index-abc.css": "body{}",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTheConsoleServesItsPageAndItsAssetsOnly(t *testing.T) {
	h := New(built(t))
	tests := []struct {
		method, path string
		status       int
		ctype, cache string
		body         string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "no-cache", "<title>Festival</title>"},
		{"HEAD", "/", 200, "text/html; charset=utf-8", "no-cache", ""},
		{"GET", "/assets/index-abc.js", 200, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "console.log"},
		{"GET", "/assets/index-abc.css", 200, "text/css; charset=utf-8", "public, max-age=31536000, immutable", "body"},
		{"GET", "/assets/missing.js", 404, "application/json", "", "Fichier introuvable"},
		{"GET", "/assets/../../secret.txt", 404, "application/json", "", "Fichier introuvable"},
		{"GET", "/index.html", 404, "application/json", "", "Fichier introuvable"},
		{"POST", "/", 405, "application/json", "", "Méthode non autorisée"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(tt.method, tt.path, nil))
			if w.Code != tt.status || !strings.HasPrefix(w.Header().Get("Content-Type"), tt.ctype) ||
				w.Header().Get("Cache-Control") != tt.cache || !strings.Contains(w.Body.String(), tt.body) {
				t.Errorf("%d %q %q %s", w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"), w.Body)
			}
		})
	}
}

func TestAConsoleNotYetBuiltSaysHowToBuildIt(t *testing.T) {
	w := httptest.NewRecorder()
	New(t.TempDir()).ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "make run") {
		t.Errorf("%d %s", w.Code, w.Body)
	}
}
