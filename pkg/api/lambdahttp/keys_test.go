package lambdahttp_test

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"testing"
)

// A stream key (GET /movies/{id}/keys/{minute}) is 16 arbitrary bytes,
// answered as application/octet-stream: whether or not they happen to read
// as UTF-8 text, they reach the player through API Gateway unchanged.
func TestA16ByteKeyComesBackThroughTheAdapterUnchanged(t *testing.T) {
	for _, key := range [][]byte{
		{0x00, 0x01, 0x02, 0x7f, 'a', 'b', 'c', 'd', 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x0a},     // valid UTF-8
		{0xff, 0xfe, 0x80, 0x00, 0xc3, 0x28, 0xe2, 0x82, 0x28, 0xf0, 0x90, 0x28, 0xbc, 0x00, 0x9f, 0xa0}, // not
		{0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x8e, 0xac, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01}, // multibyte UTF-8
	} {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Cache-Control", "no-store")
			_, _ = w.Write(key)
		})
		resp := invoke(t, h, get("GET", "/movies/1/keys/0"))
		body := []byte(resp.Body)
		if resp.IsBase64Encoded {
			var err error
			if body, err = base64.StdEncoding.DecodeString(resp.Body); err != nil {
				t.Fatal(err)
			}
		}
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, key) || resp.Headers["Cache-Control"] != "no-store" {
			t.Errorf("key %x came back as %x (base64 %v, status %d, headers %v)", key, body, resp.IsBase64Encoded, resp.StatusCode, resp.Headers)
		}
	}
}
