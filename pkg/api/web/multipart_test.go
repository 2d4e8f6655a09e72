package web

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"testing"
	"testing/iotest"
)

// readAll reads every part of body and returns the last error.
func readAll(t *testing.T, body io.Reader, ctype string) error {
	t.Helper()
	r := httptest.NewRequest("POST", "/", body)
	r.Header.Set("Content-Type", ctype)
	parts, err := Multipart(r)
	if err != nil {
		t.Fatal(err)
	}
	for {
		p, err := parts.NextPart()
		if err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, p); err != nil {
			return err
		}
	}
}

func TestAFormEndsOnlyAtItsClosingBoundaryEvenReadByteByByte(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("title", "Premier film")
	_ = w.WriteField("synopsis", "Synopsis.")
	_ = w.Close()
	form := buf.Bytes()
	if err := readAll(t, iotest.OneByteReader(bytes.NewReader(form)), w.FormDataContentType()); err != io.EOF {
		t.Fatalf("whole form: %v, want io.EOF", err)
	}
	end := bytes.LastIndex(form, []byte("--"+w.Boundary()+"--"))
	for n := 0; n < end+len(w.Boundary())+4; n++ {
		if err := readAll(t, iotest.OneByteReader(bytes.NewReader(form[:n])), w.FormDataContentType()); err == io.EOF {
			t.Fatalf("form cut at %d of %d bytes read as complete", n, len(form))
		}
	}
}

func TestOnlyAMultipartBodyOpensAsParts(t *testing.T) {
	t.Parallel()
	for _, ctype := range []string{"", "application/json", "multipart/form-data", "multipart/form-data; boundary=", "text/plain; boundary=x"} {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(nil))
		r.Header.Set("Content-Type", ctype)
		if _, err := Multipart(r); err == nil {
			t.Errorf("Content-Type %q opened as a form", ctype)
		}
	}
}
