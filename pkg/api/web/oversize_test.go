package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// memBucket is an AnswerBucket in memory that counts its calls.
type memBucket struct {
	mu      sync.Mutex
	objects map[string]AnswerObject
	written map[string]time.Time
	puts    int
	fail    error
	now     func() time.Time
}

func newMemBucket(now func() time.Time) *memBucket {
	return &memBucket{objects: map[string]AnswerObject{}, written: map[string]time.Time{}, now: now}
}

func (b *memBucket) AnswerWritten(_ context.Context, key string) (time.Time, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail != nil {
		return time.Time{}, b.fail
	}
	if _, ok := b.objects[key]; !ok {
		return time.Time{}, festival.ErrNotFound
	}
	return b.written[key], nil
}

func (b *memBucket) PutAnswer(_ context.Context, o AnswerObject) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail != nil {
		return b.fail
	}
	b.puts++
	o.Body = bytes.Clone(o.Body)
	b.objects[o.Key], b.written[o.Key] = o, b.now()
	return nil
}

func (b *memBucket) PresignAnswer(_ context.Context, key, _ string, ttl time.Duration) (string, error) {
	if ttl != AnswerLinkLifetime {
		return "", errors.New("unexpected lifetime")
	}
	return "https://bucket.example/" + key + "?X-Amz-Expires=300", nil
}

// bigJSON is a JSON answer of n bytes of letters that compress well
// (compressible) or not at all (random base64).
func bigJSON(n int, compressible bool) []byte {
	text := bytes.Repeat([]byte("abcdefgh"), n/8)
	if !compressible {
		raw := make([]byte, n*3/4)
		_, _ = rand.Read(raw)
		text = []byte(base64.RawStdEncoding.EncodeToString(raw))
	}
	return append(append([]byte(`["`), text[:n-4]...), `"]`...)
}

type largeCase struct {
	la      *LargeAnswers
	bucket  *memBucket
	clock   *time.Time
	handler http.Handler
}

func newLargeCase(body []byte) *largeCase {
	clock := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	c := &largeCase{clock: &clock}
	now := func() time.Time { return *c.clock }
	c.bucket = newMemBucket(now)
	c.la = NewLargeAnswers(c.bucket, now)
	c.handler = c.la.Wrap(Serve(quiet, "test", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(body)
	})))
	return c
}

func (c *largeCase) get(method string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "/movies", nil)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	c.handler.ServeHTTP(w, r)
	return w
}

func TestALargeAnswerIsRedirectedToTheBucketOncePutAndItsETagAnswers304(t *testing.T) {
	body := bigJSON(LambdaPayloadLimit, true) // 6 MB plain; well under 1 MB in gzip
	c := newLargeCase(body)

	plain := c.get("GET", nil)
	var redirect LinkBody
	if plain.Code != http.StatusSeeOther || json.Unmarshal(plain.Body.Bytes(), &redirect) != nil || redirect.URL != plain.Header().Get("Location") {
		t.Fatalf("plain: %d %s, want 303 with {\"url\"} of Location %s", plain.Code, plain.Body, plain.Header().Get("Location"))
	}
	etag := plain.Header().Get("ETag")
	key := AnswerKey(etag, "application/json", false)
	if etag == "" || !strings.Contains(plain.Header().Get("Location"), key) || plain.Header().Get("Cache-Control") != cacheNone {
		t.Fatalf("plain: ETag %q, Location %q, Cache-Control %q", etag, plain.Header().Get("Location"), plain.Header().Get("Cache-Control"))
	}
	obj := c.bucket.objects[key]
	if !bytes.Equal(obj.Body, body) || !strings.HasPrefix(obj.ContentType, "application/json") || obj.ContentEncoding != "" || obj.CacheControl != cachePublic {
		t.Fatalf("the bucket keeps %d bytes as %q %q %q, want the answer as application/json, plain, %q",
			len(obj.Body), obj.ContentType, obj.ContentEncoding, obj.CacheControl, cachePublic)
	}
	if again := c.get("GET", nil); again.Code != http.StatusSeeOther || c.bucket.puts != 1 {
		t.Errorf("a second read: %d after %d puts, want 303 without putting again", again.Code, c.bucket.puts)
	}

	zipped := c.get("GET", map[string]string{"Accept-Encoding": "gzip"})
	if zipped.Body.Len() > InlineAnswerMax {
		t.Fatalf("the gzip answer is %d bytes: the test wants one the function writes itself", zipped.Body.Len())
	}
	if zipped.Code != http.StatusOK || zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("ETag") != etag {
		t.Fatalf("gzip: %d %q ETag %q, want the direct 200 in gzip with ETag %s", zipped.Code, zipped.Header().Get("Content-Encoding"), zipped.Header().Get("ETag"), etag)
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, body) {
		t.Error("the gzip answer does not decode to the list")
	}

	for _, h := range []map[string]string{{"If-None-Match": etag}, {"If-None-Match": etag, "Accept-Encoding": "gzip"}} {
		if w := c.get("GET", h); w.Code != http.StatusNotModified || w.Header().Get("Location") != "" {
			t.Errorf("%v: %d (Location %q), want 304 without a redirect", h, w.Code, w.Header().Get("Location"))
		}
	}
	if head := c.get("HEAD", nil); head.Code != http.StatusOK || head.Header().Get("Location") != "" {
		t.Errorf("HEAD: %d, want 200 (no body, no redirect)", head.Code)
	}
	if c.bucket.puts != 1 {
		t.Errorf("%d puts, want 1", c.bucket.puts)
	}
}

func TestALargeGzipAnswerIsKeptGzipUnderItsOwnKey(t *testing.T) {
	body := bigJSON(LambdaPayloadLimit+512<<10, false) // random letters: gzip saves a quarter, base64 adds a third back
	c := newLargeCase(body)
	w := c.get("GET", map[string]string{"Accept-Encoding": "gzip"})
	if w.Code != http.StatusSeeOther {
		t.Fatalf("%d, want 303", w.Code)
	}
	key := AnswerKey(w.Header().Get("ETag"), "application/json", true)
	obj, ok := c.bucket.objects[key]
	if !ok || !strings.HasSuffix(key, ".json.gz") || obj.ContentEncoding != "gzip" {
		t.Fatalf("the bucket has %v; want %s in gzip", c.bucket.objects, key)
	}
	zr, err := gzip.NewReader(bytes.NewReader(obj.Body))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, body) {
		t.Error("the kept gzip does not decode to the answer")
	}
	// Plain, the same text fits no better: its own object, beside the gzip one.
	if plain := c.get("GET", nil); plain.Code != http.StatusSeeOther || len(c.bucket.objects) != 2 {
		t.Errorf("plain: %d with %d objects, want 303 and a second object", plain.Code, len(c.bucket.objects))
	}
}

func TestAnAnswerOfAtMostInlineAnswerMaxIsWrittenByTheFunctionALargerOneGoesThroughTheBucket(t *testing.T) {
	for _, n := range []int{10, CompressMin, InlineAnswerMax, InlineAnswerMax + 1, 1 << 20, LambdaPayloadLimit - ResponseHeadroom - 4<<10} {
		c := newLargeCase(bigJSON(n, false))
		w := c.get("GET", nil)
		switch inline := n <= InlineAnswerMax; {
		case inline && (w.Code != http.StatusOK || w.Body.Len() != n || c.bucket.puts != 0):
			t.Errorf("%d bytes: %d with %d bytes after %d puts, want the 200 itself", n, w.Code, w.Body.Len(), c.bucket.puts)
		case !inline && (w.Code != http.StatusSeeOther || c.bucket.puts != 1):
			t.Errorf("%d bytes: %d after %d puts, want 303 through the bucket (over %d bytes)", n, w.Code, c.bucket.puts, InlineAnswerMax)
		}
	}
}

func TestWithoutABucketOrWhenItFailsALargeAnswerIsWrittenAsItIs(t *testing.T) {
	body := bigJSON(LambdaPayloadLimit, false)
	noBucket := Serve(quiet, "test", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	w := httptest.NewRecorder()
	noBucket.ServeHTTP(w, httptest.NewRequest("GET", "/movies", nil))
	if w.Code != http.StatusOK || w.Body.Len() != len(body) {
		t.Errorf("no bucket: %d with %d bytes, want the answer as it is (which Lambda refuses)", w.Code, w.Body.Len())
	}
	if size := ResponseSize(w.Code, w.Header(), w.Body.Bytes()); size <= LambdaPayloadLimit {
		t.Errorf("ResponseSize %d: the answer should be over Lambda's %d", size, LambdaPayloadLimit)
	}

	c := newLargeCase(body)
	c.bucket.fail = errors.New("S3 is down")
	if w := c.get("GET", nil); w.Code != http.StatusOK || w.Body.Len() != len(body) {
		t.Errorf("bucket down: %d with %d bytes, want the answer as it is", w.Code, w.Body.Len())
	}
}

func TestAnAnswerStoredLongAgoIsPutAgainBeforeTheBucketExpiresIt(t *testing.T) {
	c := newLargeCase(bigJSON(LambdaPayloadLimit, false))
	c.get("GET", nil)
	*c.clock = c.clock.Add(answerTrusted - time.Minute)
	c.get("GET", nil)
	if c.bucket.puts != 1 {
		t.Fatalf("%d puts within %v, want 1", c.bucket.puts, answerTrusted)
	}
	*c.clock = c.clock.Add(2 * time.Minute)
	c.get("GET", nil)
	if c.bucket.puts != 2 {
		t.Errorf("%d puts past %v, want 2 (put again, its expiry starts over)", c.bucket.puts, answerTrusted)
	}
	// A new instance (no memory) finds a recent object in the bucket.
	fresh := NewLargeAnswers(c.bucket, func() time.Time { return *c.clock })
	if _, err := fresh.link(context.Background(), c.bucket.objects[AnswerKey(c.get("GET", nil).Header().Get("ETag"), "application/json", false)]); err != nil || c.bucket.puts != 2 {
		t.Errorf("a new instance: %v after %d puts, want the object found (2 puts)", err, c.bucket.puts)
	}
}

func TestAnswerKeyNamesTheETagTheTypeAndTheEncoding(t *testing.T) {
	for _, tt := range []struct {
		etag, contentType string
		gzip              bool
		want              string
	}{
		{`"abc-_1"`, "application/json; charset=utf-8", false, "answers/abc-_1.json"},
		{`"abc-_1"`, "application/json", true, "answers/abc-_1.json.gz"},
		{`"x"`, "text/csv; charset=utf-8", true, "answers/x.csv.gz"},
		{`"x"`, "image/png", false, "answers/x"},
	} {
		if got := AnswerKey(tt.etag, tt.contentType, tt.gzip); got != tt.want {
			t.Errorf("AnswerKey(%s, %s, %v) = %s, want %s", tt.etag, tt.contentType, tt.gzip, got, tt.want)
		}
	}
}

// TestFitsLambdaSkipsReadingOnlyWhatFitsAtWorst compares FitsLambda, which
// reads no byte of an answer that fits even with every byte escaped, with
// the exact size around the bound where it starts reading, for answers that
// escape nothing and answers where every byte is escaped six times over.
func TestFitsLambdaSkipsReadingOnlyWhatFitsAtWorst(t *testing.T) {
	header := http.Header{"Content-Type": {"application/json"}, "Etag": {`"abcdefghijklmnopqrstuvwx"`}, "Cache-Control": {cachePublic}}
	bound := (LambdaPayloadLimit - ResponseHeadroom - envelopeBound(header)) / 6
	for _, n := range []int{bound - 1, bound, bound + 1, LambdaPayloadLimit - ResponseHeadroom - 400, LambdaPayloadLimit - ResponseHeadroom} {
		for name, fill := range map[string]byte{"letters": 'a', "control characters": 0x01} {
			body := bytes.Repeat([]byte{fill}, n)
			want := ResponseSize(http.StatusOK, header, body)+ResponseHeadroom <= LambdaPayloadLimit
			if got := FitsLambda(http.StatusOK, header, body); got != want {
				t.Errorf("%d bytes of %s: FitsLambda %v, the exact size says %v", n, name, got, want)
			}
		}
	}
}
