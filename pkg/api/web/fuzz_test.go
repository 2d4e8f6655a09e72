package web

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// clientError fails t unless err is nil or an answer below 500: nothing a
// client sends may be a server fault.
func clientError(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil && StatusOf(err) >= 500 {
		t.Fatalf("%s: %v answers %d", what, err, StatusOf(err))
	}
}

// FuzzBody: any body, any content type, decodes to fields under their
// canonical names or is a client error (an empty one too, with or without a
// route's own message); every field reads as a string or refuses to, without
// a panic.
func FuzzBody(f *testing.F) {
	f.Add([]byte(`{"title":"Cléo","filmTitleOriginal":"x","durationSeconds":90}`), "application/json")
	f.Add([]byte(`{"firstName":"A","first_name":"B"}`), "application/json")
	f.Add([]byte(`[1,2]`), "application/json")
	f.Add([]byte(`{"a":`), "application/json; charset=utf-8")
	f.Add([]byte("\xff\xfe{}"), "text/plain")
	f.Add([]byte(`{"email":null,"password":{"$gt":""}}`), "")
	f.Fuzz(func(t *testing.T, body []byte, ctype string) {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		r.Header.Set("Content-Type", ctype)
		var ifEmpty texts.Key
		if len(ctype)%2 == 1 {
			ifEmpty = texts.MissingData
		}
		fields, err := Body(r, ifEmpty)
		clientError(t, "Body", err)
		for name := range fields {
			if Canonical(name) != name {
				t.Fatalf("field %q is not under its canonical name %q", name, Canonical(name))
			}
			_, _, err := fields.String(name)
			clientError(t, "String", err)
			var v any
			_, err = fields.Decode(name, &v)
			clientError(t, "Decode", err)
		}
	})
}

// FuzzMultipart: any body read as a form ends in io.EOF only when its
// closing boundary came, and otherwise in an error; never a panic.
func FuzzMultipart(f *testing.F) {
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nCléo\r\n--b--\r\n"), "b")
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"filmFile\"; filename=\"f.mp4\"\r\n\r\n\x00\x00\x00\x18ftypmp42"), "b")
	f.Add([]byte("--b\r\nContent-Dispo"), "b")
	f.Add([]byte(""), "x")
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary=\""+strings.ReplaceAll(boundary, `"`, "")+"\"")
		parts, err := Multipart(r)
		if err != nil {
			clientError(t, "Multipart", err)
			return
		}
		for n := 0; n < 1000; n++ {
			p, err := parts.NextPart()
			if err == io.EOF {
				if !parts.body.seen {
					t.Fatal("a form without its closing boundary read as complete")
				}
				return
			}
			if err != nil {
				return
			}
			if _, err := io.Copy(io.Discard, p); err != nil {
				return
			}
		}
	})
}

// FuzzIDsAndPages: any path id, limit and cursor is read or refused as a
// client error, and an id read is positive.
func FuzzIDsAndPages(f *testing.F) {
	f.Add("12", "10", "")
	f.Add("-1", "0", "eyJQSyI6IngifQ")
	f.Add("9223372036854775808", "1001", "%%%")
	f.Add("0x10", "1e3", strings.Repeat("A", 5000))
	f.Fuzz(func(t *testing.T, id, limit, cursor string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.SetPathValue("id", id)
		q := r.URL.Query()
		q.Set("limit", limit)
		q.Set("cursor", cursor)
		r.URL.RawQuery = q.Encode()
		n, err := PathID(r, "id")
		clientError(t, "PathID", err)
		if err == nil && n <= 0 {
			t.Fatalf("PathID(%q) = %d", id, n)
		}
		p, err := PageParams(r)
		clientError(t, "PageParams", err)
		if err == nil && limit != "" && (p.Limit < 1 || p.Limit > 1000) {
			t.Fatalf("limit %q read as %d", limit, p.Limit)
		}
	})
}

var _ = http.MethodGet
