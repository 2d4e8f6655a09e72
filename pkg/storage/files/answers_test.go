package files_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// TestAnAnswerPutWithItsHeadersComesBackWithThemThroughItsLink puts a gzip
// answer and reads it back through its presigned link as a client would:
// the same bytes, with the Content-Type, Content-Encoding and Cache-Control
// it was put with; Stat finds it, and a missing key is ErrNotFound.
func TestAnAnswerPutWithItsHeadersComesBackWithThemThroughItsLink(t *testing.T) {
	ctx := context.Background()
	client, presign := filestest.NewFakeS3(t, bucket)
	answers := files.NewAnswers(client, presign, bucket)
	const key = "answers/abc.json.gz"
	if _, _, err := answers.Stat(ctx, key); !errors.Is(err, festival.ErrNotFound) {
		t.Fatalf("Stat before the put: %v, want ErrNotFound", err)
	}
	body := []byte{0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 'x'}
	h := files.Headers{ContentType: "application/json; charset=utf-8", ContentEncoding: "gzip", CacheControl: "public, no-cache"}
	if err := answers.Put(ctx, key, body, h); err != nil {
		t.Fatal(err)
	}
	if written, size, err := answers.Stat(ctx, key); err != nil || size != int64(len(body)) || time.Since(written) > time.Minute {
		t.Fatalf("Stat: %v %d %v, want just written, %d bytes", written, size, err, len(body))
	}
	link, err := answers.Link(ctx, key, h.CacheControl, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	// A client that does not decode gzip itself, as the test's.
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || string(got) != string(body) {
		t.Fatalf("the link: %d, %x; want 200, %x", resp.StatusCode, got, body)
	}
	for name, want := range map[string]string{"Content-Type": h.ContentType, "Content-Encoding": h.ContentEncoding, "Cache-Control": h.CacheControl} {
		if resp.Header.Get(name) != want {
			t.Errorf("the link's %s: %q, want %q", name, resp.Header.Get(name), want)
		}
	}
}
