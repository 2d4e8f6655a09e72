package web_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// memoServer serves GET /list through web.Serve: a listing of n items
// kept finished under the stamp *stamp, valid until *until; builds counts
// the listings made.
func memoServer(a *web.Answers, stamp *string, until *time.Time, now *time.Time, builds *int, n int) http.Handler {
	return web.Serve(slog.New(slog.NewTextHandler(io.Discard, nil)), "test", web.Handle(func(r *http.Request) (int, any, error) {
		return a.Serve(r, []string{r.URL.Query().Get("q")}, *stamp, *until, *now, func(r *http.Request) (int, any, error) {
			*builds++
			return web.List(r, func(p festival.Page) ([]string, string, error) {
				items := make([]string, n)
				for i := range items {
					items[i] = fmt.Sprintf("film %d of stamp %s", i, *stamp)
				}
				return items, "", nil
			})
		})
	}))
}

func get(t *testing.T, h http.Handler, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "/list?status=selected", nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestAKeptAnswerIsServedWithoutListingAgainUntilTheStampOrTheClockMoves(t *testing.T) {
	a := web.NewAnswers(web.AnswerMemory)
	stamp, until, now, builds := "v1", time.Time{}, time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), 0
	h := memoServer(a, &stamp, &until, &now, &builds, 100)
	first := get(t, h)
	second := get(t, h)
	if builds != 1 || first.Body.String() != second.Body.String() || first.Header().Get("ETag") != second.Header().Get("ETag") {
		t.Fatalf("two reads of one stamp: %d listings, same body %v", builds, first.Body.String() == second.Body.String())
	}
	stamp = "v2"
	if body := get(t, h).Body.String(); builds != 2 || !strings.Contains(body, "stamp v2") {
		t.Fatalf("a new stamp: %d listings, body %.60s", builds, body)
	}
	until = now.Add(time.Minute)
	stamp = "v3"
	get(t, h)
	get(t, h)
	now = until
	get(t, h)
	if builds != 4 {
		t.Errorf("an answer kept until a release: %d listings, want one before it and one at it (4 in all)", builds)
	}
	if w := get(t, h, "Accept-Language", "en"); builds != 5 || w.Code != http.StatusOK {
		t.Errorf("another language is another answer: %d listings", builds)
	}
	until = time.Time{}
	get(t, h)
	r := httptest.NewRequest(http.MethodGet, "/list?status=selected&junk=1", nil)
	if h.ServeHTTP(httptest.NewRecorder(), r); builds != 6 {
		t.Errorf("a parameter the read ignores made another answer: %d listings, want 6", builds)
	}
}

func TestAKeptAnswerCarriesTheETagAndGzipOfItsBytes(t *testing.T) {
	a := web.NewAnswers(web.AnswerMemory)
	stamp, until, now, builds := "v1", time.Time{}, time.Now(), 0
	h := memoServer(a, &stamp, &until, &now, &builds, 200)
	for round := range 2 {
		plain := get(t, h)
		sum := sha256.Sum256(plain.Body.Bytes())
		if want := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`; plain.Header().Get("ETag") != want {
			t.Fatalf("round %d: ETag %s, want the hash of the body %s", round, plain.Header().Get("ETag"), want)
		}
		zipped := get(t, h, "Accept-Encoding", "gzip")
		if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("ETag") != plain.Header().Get("ETag") {
			t.Fatalf("round %d: gzip answer %q with ETag %s", round, zipped.Header().Get("Content-Encoding"), zipped.Header().Get("ETag"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		unzipped, _ := io.ReadAll(zr)
		if !bytes.Equal(unzipped, plain.Body.Bytes()) {
			t.Fatalf("round %d: the gzip answer does not decode to the plain one", round)
		}
		if w := get(t, h, "If-None-Match", plain.Header().Get("ETag")); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Fatalf("round %d: If-None-Match with the ETag answered %d with %d bytes", round, w.Code, w.Body.Len())
		}
	}
	if builds != 1 {
		t.Errorf("%d listings for two rounds of one stamp", builds)
	}
}

func TestAnswersKeepAtMostTheirBoundDroppingTheLeastRecentlyUsed(t *testing.T) {
	one := 0
	{
		a := web.NewAnswers(web.AnswerMemory)
		stamp, until, now, builds := "probe", time.Time{}, time.Now(), 0
		h := memoServer(a, &stamp, &until, &now, &builds, 50)
		one = get(t, h).Body.Len() + get(t, h, "Accept-Encoding", "gzip").Body.Len()
	}
	// Room for two answers (plain and gzip bytes), not three.
	a := web.NewAnswers(int64(2*one + one/2))
	stamp, until, now, builds := "a", time.Time{}, time.Now(), 0
	h := memoServer(a, &stamp, &until, &now, &builds, 50)
	ask := func(query string) {
		r := httptest.NewRequest(http.MethodGet, "/list?"+query, nil)
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
	for _, q := range []string{"q=a", "q=b", "q=a", "q=c", "q=a", "q=b"} {
		ask(q)
	}
	// a, b listed; a hit; c listed, dropping b; a hit; b listed again.
	if builds != 4 {
		t.Errorf("%d listings, want 4 (b dropped when c came, a kept as the most recently used)", builds)
	}
	// A newer stamp replaces the answer of the same query: the older one is
	// never asked again.
	for _, s := range []string{"s1", "s2", "s3", "s4"} {
		stamp = s
		ask("q=a")
	}
	if builds != 8 || a.Len() != 2 {
		t.Errorf("four stamps of one query: %d listings, %d answers kept, want 8 and 2 (a's last, b)", builds, a.Len())
	}
}
