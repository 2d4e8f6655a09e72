// Package caching_test checks compressed and cacheable answers from outside:
// gzip when the client accepts it, ETags with 304, Cache-Control per route.
package caching_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// raw is an HTTP client that leaves compression to the test.
var raw = &http.Client{Transport: &http.Transport{DisableCompression: true}}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	return apitest.RawGet(t, raw, url, header)
}

func TestLargeAnswersAreCompressedForClientsThatAcceptIt(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	for i := range 30 {
		api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i)})
	}
	plain, plainBody := get(t, api.URL+"/movies", nil)
	if plain.Header.Get("Content-Encoding") != "" || !json.Valid(plainBody) {
		t.Fatalf("without Accept-Encoding: %q, %d bytes", plain.Header.Get("Content-Encoding"), len(plainBody))
	}
	zipped, zippedBody := get(t, api.URL+"/movies", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if zipped.Header.Get("Content-Encoding") != "gzip" || zipped.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("with gzip accepted: Content-Encoding %q, Vary %q", zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"))
	}
	if got := apitest.Gunzip(t, zippedBody); !bytes.Equal(got, plainBody) {
		t.Fatal("the compressed answer is not the plain one")
	}
	t.Logf("GET /movies, 30 films: %d bytes, %d gzipped (%.0f%%)", len(plainBody), len(zippedBody), 100*float64(len(zippedBody))/float64(len(plainBody)))
	if refused, _ := get(t, api.URL+"/movies", map[string]string{"Accept-Encoding": "gzip;q=0"}); refused.Header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 refuses gzip, yet the answer is compressed")
	}
	if small, _ := get(t, api.URL+"/categories", map[string]string{"Accept-Encoding": "gzip"}); small.Header.Get("Content-Encoding") != "" {
		t.Errorf("an answer under %d bytes is compressed", 1024)
	}
}

func TestPublicReadsCarryAnETagAndAnswer304UntilTheyChange(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Fiction"}).Expect(http.StatusCreated)
	for _, path := range []string{"/categories", "/movies", "/events"} {
		first, body := get(t, api.URL+path, nil)
		etag := first.Header.Get("ETag")
		if etag == "" || first.Header.Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("%s: ETag %q, Cache-Control %q", path, etag, first.Header.Get("Cache-Control"))
		}
		again, againBody := get(t, api.URL+path, map[string]string{"If-None-Match": etag})
		if again.StatusCode != http.StatusNotModified || len(againBody) != 0 || again.Header.Get("ETag") != etag {
			t.Fatalf("%s with its ETag: %d, %d bytes, want 304 and no body", path, again.StatusCode, len(againBody))
		}
		if len(body) == 0 {
			t.Fatalf("%s: empty first answer", path)
		}
	}
	_, before := get(t, api.URL+"/categories", nil)
	first, _ := get(t, api.URL+"/categories", nil)
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Documentaire"}).Expect(http.StatusCreated)
	changed, after := get(t, api.URL+"/categories", map[string]string{"If-None-Match": first.Header.Get("ETag")})
	if changed.StatusCode != http.StatusOK || bytes.Equal(before, after) || changed.Header.Get("ETag") == first.Header.Get("ETag") {
		t.Fatalf("after a new category: %d with ETag %q, want 200 with a new ETag", changed.StatusCode, changed.Header.Get("ETag"))
	}
}

func TestPrivateAnswersAndErrorsAreNotSharedOrKept(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	jury := api.Register("JURY")
	me, _ := get(t, api.URL+"/users/me", map[string]string{"Authorization": "Bearer " + jury.Token})
	if me.Header.Get("Cache-Control") != "private, no-cache" || me.Header.Get("ETag") == "" {
		t.Errorf("GET /users/me: Cache-Control %q, ETag %q", me.Header.Get("Cache-Control"), me.Header.Get("ETag"))
	}
	missing, _ := get(t, api.URL+"/movies/999", nil)
	if missing.StatusCode != http.StatusNotFound || missing.Header.Get("Cache-Control") != "no-store" || missing.Header.Get("ETag") != "" {
		t.Errorf("a 404: Cache-Control %q, ETag %q", missing.Header.Get("Cache-Control"), missing.Header.Get("ETag"))
	}
}
