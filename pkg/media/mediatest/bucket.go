package mediatest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Bucket is an in-memory bucket with the methods of media.Objects, whose
// presigned URLs an HTTP server of the test answers (with ranges, as S3
// does, so ffprobe reads only what it needs).
type Bucket struct {
	mu      sync.Mutex
	objects map[string][]byte
	types   map[string]string
	srv     *httptest.Server
}

// NewBucket starts the bucket's server; it stops when the test ends.
func NewBucket(t testing.TB) *Bucket {
	b := &Bucket{objects: map[string][]byte{}, types: map[string]string{}}
	b.srv = httptest.NewServer(http.HandlerFunc(b.serve))
	t.Cleanup(b.srv.Close)
	return b
}

func (b *Bucket) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("X-Amz-Signature") == "" {
		http.Error(w, "unsigned", http.StatusForbidden)
		return
	}
	key := strings.TrimPrefix(r.URL.Path, "/")
	b.mu.Lock()
	body, ok := b.objects[key]
	b.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, key, time.Time{}, bytes.NewReader(body))
}

// Put stores an object (the film a test probes or encodes).
func (b *Bucket) Put(key string, body []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.objects[key] = body
}

// Object is an object's bytes, and whether it exists.
func (b *Bucket) Object(key string) ([]byte, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	body, ok := b.objects[key]
	return body, ok
}

// ContentType is the content type an object was written with.
func (b *Bucket) ContentType(key string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.types[key]
}

// Keys are the keys under prefix, sorted.
func (b *Bucket) Keys(prefix string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var keys []string
	for k := range b.objects {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// Get opens an object; festival.ErrNotFound when there is none.
func (b *Bucket) Get(_ context.Context, key string) (io.ReadCloser, error) {
	body, ok := b.Object(key)
	if !ok {
		return nil, fmt.Errorf("bucket: %s: %w", key, festival.ErrNotFound)
	}
	return io.NopCloser(bytes.NewReader(body)), nil
}

// PutObject writes an object whole.
func (b *Bucket) PutObject(_ context.Context, key string, body io.ReadSeeker, contentType string) error {
	data, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.objects[key] = data
	b.types[key] = contentType
	return nil
}

// Delete removes objects; absent ones are not an error.
func (b *Bucket) Delete(_ context.Context, keys ...string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, k := range keys {
		delete(b.objects, k)
		delete(b.types, k)
	}
	return nil
}

// PresignGet is a URL of the bucket's server, "signed" with a query the
// server requires (a test sees that the signature travels).
func (b *Bucket) PresignGet(_ context.Context, key string) (string, time.Time, error) {
	return b.srv.URL + "/" + key + "?X-Amz-Signature=test", time.Now().Add(15 * time.Minute), nil
}
