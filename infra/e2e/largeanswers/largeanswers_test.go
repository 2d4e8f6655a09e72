// Package largeanswers_test proves the path of answers larger than a Lambda
// response from outside: GET /movies on a festival whose list is over 6 MB
// of JSON answers a client without gzip by a 303 to the bucket, whose link
// yields the whole list; a client with gzip gets the list directly (or the
// redirect, were it over the limit too); the ETag still answers 304.
package largeanswers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// raw leaves compression and redirects to the test.
var raw = &http.Client{
	Transport:     &http.Transport{DisableCompression: true},
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Timeout:       30 * time.Second,
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	return apitest.RawGet(t, raw, url, header)
}

// words make each film's synopses its own text, so that the list
// compresses as a real one does, not as one text repeated.
var words = strings.Fields(`le la les un une des dans sur avec pour sans entre nuit jour ville mer montagne enfant
	mère père frère sœur ami étranger voyage retour secret mémoire guerre paix amour silence lumière ombre fleuve
	forêt désert train hiver été printemps automne lettre photographie musique danse usine ferme école hôpital`)

// text is about n characters of words drawn for film id.
func text(id int64, salt uint64, n int) string {
	r := rand.New(rand.NewPCG(uint64(id), salt))
	var b strings.Builder
	for b.Len() < n-12 {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String()) + "."
}

// films is how many films the test seeds: each carries two synopses of
// about 8,000 characters (the limit is festival.MaxLongTextLen), so that
// the list is over 6 MB with few films, seeded and listed in seconds.
const films = 420

func TestAListOverTheLambdaLimitIsAnsweredThroughTheBucket(t *testing.T) {
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	now := festival.NewTime(time.Now())
	seeded := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := api.Server.Deps.Store.SeedMovies(ctx, films, func(id int64) festival.Movie {
		fr, en := text(id, 1, 8000), text(id, 2, 8000)
		return festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), Synopsis: &fr, SynopsisAnglais: &en, OwnerID: prod.ID,
			Producer:        &festival.Producer{ID: prod.ID, FirstName: "P", LastName: "N"},
			SelectionStatus: festival.StatusSubmitted, CreatedAt: now, UpdatedAt: now}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d films seeded in %v", films, time.Since(seeded).Round(time.Millisecond))

	// Without gzip: the redirect, with the list's ETag and its link in
	// Location and in the body.
	started := time.Now()
	plain, body := get(t, api.URL+"/movies", nil)
	var redirect web.LinkBody
	if plain.StatusCode != http.StatusSeeOther || json.Unmarshal(body, &redirect) != nil || redirect.URL != plain.Header.Get("Location") {
		t.Fatalf("GET /movies without gzip: %d %.200s, want 303 with {\"url\"} of Location", plain.StatusCode, body)
	}
	etag, link := plain.Header.Get("ETag"), plain.Header.Get("Location")
	if etag == "" || !strings.HasPrefix(link, api.Server.S3URL+"/") || !strings.Contains(link, web.AnswerKey(etag, "application/json", false)) ||
		!strings.Contains(link, "X-Amz-Expires=300") {
		t.Fatalf("ETag %q, Location %q: want the list's ETag and a 5-minute link to %s on the bucket", etag, link, web.AnswerKey(etag, "application/json", false))
	}
	t.Logf("303 in %v", time.Since(started).Round(time.Millisecond))

	// Following it (as a browser would, from the console's origin) yields the whole list.
	obj, list := get(t, link, map[string]string{"Origin": "http://localhost:5173"})
	if obj.StatusCode != http.StatusOK || !strings.HasPrefix(obj.Header.Get("Content-Type"), "application/json") || obj.Header.Get("Content-Encoding") != "" {
		t.Fatalf("the link: %d %q %q, want 200 application/json, plain", obj.StatusCode, obj.Header.Get("Content-Type"), obj.Header.Get("Content-Encoding"))
	}
	if obj.Header.Get("Cache-Control") != "public, no-cache" {
		t.Errorf("the link's Cache-Control %q, want the public list's", obj.Header.Get("Cache-Control"))
	}
	if obj.Header.Get("Access-Control-Allow-Origin") == "" {
		t.Error("the bucket's answer allows no origin: the console could not read it")
	}
	var movies []map[string]any
	if err := json.Unmarshal(list, &movies); err != nil || len(movies) != films {
		t.Fatalf("the link's list: %d films (%v), want %d", len(movies), err, films)
	}
	if size := web.ResponseSize(http.StatusOK, http.Header{"Content-Type": {"application/json"}}, list); size <= web.LambdaPayloadLimit {
		t.Fatalf("the list is %d bytes as a Lambda response: the test should seed past %d", size, web.LambdaPayloadLimit)
	}
	t.Logf("GET /movies: %d bytes of JSON", len(list))

	// A second client gets a link to the same object.
	if again, _ := get(t, api.URL+"/movies", nil); again.StatusCode != http.StatusSeeOther || again.Header.Get("ETag") != etag {
		t.Errorf("a second read: %d ETag %q, want 303 with %s", again.StatusCode, again.Header.Get("ETag"), etag)
	}

	// With gzip: the list directly when it fits, else the gzip object.
	zipped, zbody := get(t, api.URL+"/movies", map[string]string{"Accept-Encoding": "gzip"})
	switch zipped.StatusCode {
	case http.StatusOK:
		t.Logf("with gzip: 200 directly, %d bytes", len(zbody))
	case http.StatusSeeOther:
		var zobj *http.Response
		zobj, zbody = get(t, zipped.Header.Get("Location"), nil)
		if zobj.StatusCode != http.StatusOK {
			t.Fatalf("the gzip link: %d", zobj.StatusCode)
		}
		zipped.Header.Set("Content-Encoding", zobj.Header.Get("Content-Encoding"))
		t.Logf("with gzip: 303 to the bucket, %d bytes", len(zbody))
	default:
		t.Fatalf("GET /movies with gzip: %d, want 200 or 303", zipped.StatusCode)
	}
	if zipped.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(apitest.Gunzip(t, zbody), list) {
		t.Errorf("with gzip: Content-Encoding %q; the answer should decode to the same list", zipped.Header.Get("Content-Encoding"))
	}
	if zipped.Header.Get("ETag") != etag {
		t.Errorf("with gzip: ETag %q, want %s (the same list)", zipped.Header.Get("ETag"), etag)
	}

	// The ETag answers 304 directly, with or without gzip.
	for _, h := range []map[string]string{{"If-None-Match": etag}, {"If-None-Match": etag, "Accept-Encoding": "gzip"}} {
		if nm, _ := get(t, api.URL+"/movies", h); nm.StatusCode != http.StatusNotModified || nm.Header.Get("Location") != "" {
			t.Errorf("%v: %d (Location %q), want 304 without a redirect", h, nm.StatusCode, nm.Header.Get("Location"))
		}
	}
}
