package localserver

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
)

// echo answers 200 with the number of body bytes it read.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, strconv.Itoa(len(b)))
})

func TestEdgeRefusesWhatWouldNotFitALambdaEvent(t *testing.T) {
	// Room left in a 6 MB event once a small request's envelope is counted.
	probe := httptest.NewRequest("POST", "/movies/upload", nil)
	probe.Header.Set("Content-Type", "application/json")
	room := MaxLambdaPayload - EventSize(probe, nil) - len(`,"body":""`)
	tests := []struct {
		name        string
		contentType string
		size        int
		want        int
	}{
		{"text body that fits exactly", "application/json", room - 64, http.StatusOK},
		{"text body one byte over", "application/json", room + 64, http.StatusRequestEntityTooLarge},
		{"binary body that fits once base64-encoded", "multipart/form-data; boundary=x", (room - 64) / 4 * 3, http.StatusOK},
		{"binary body whose base64 is over", "multipart/form-data; boundary=x", (room + 64) / 4 * 3, http.StatusRequestEntityTooLarge},
		{"4.4 MB of multipart, as the docs say", "multipart/form-data; boundary=x", 4_400_000, http.StatusOK},
		{"4.8 MB of multipart", "multipart/form-data; boundary=x", 4_800_000, http.StatusRequestEntityTooLarge},
		{"7 MB of text: over 6 MB before any encoding", "text/plain", 7 << 20, http.StatusRequestEntityTooLarge},
	}
	e := edge{next: echo, log: Discard}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/movies/upload", bytes.NewReader(bytes.Repeat([]byte("a"), tt.size)))
			r.Header.Set("Content-Type", tt.contentType)
			w := httptest.NewRecorder()
			e.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("%d bytes of %s: %d, want %d", tt.size, tt.contentType, w.Code, tt.want)
			}
			if tt.want == http.StatusOK && w.Body.String() != strconv.Itoa(tt.size) {
				t.Errorf("the handler read %s bytes, want all %d", w.Body, tt.size)
			}
			if tt.want == http.StatusRequestEntityTooLarge && w.Body.String() != `{"message":"Request Entity Too Large"}` {
				t.Errorf("body %s, want API Gateway's", w.Body)
			}
		})
	}
}

func TestEdgeRefusesADeclaredLengthOverTheHTTPAPIQuotaWithoutReadingIt(t *testing.T) {
	r := httptest.NewRequest("POST", "/movies/upload", strings.NewReader("never read"))
	r.ContentLength = MaxHTTPAPIPayload + 1
	w := httptest.NewRecorder()
	called := false
	edge{next: http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called = true }), log: Discard}.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || called {
		t.Fatalf("%d (handler called: %v), want 413 before the handler", w.Code, called)
	}
}

func TestEdgeTimeout(t *testing.T) {
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
			_, _ = io.WriteString(w, "too late") // dropped: the invocation has ended
		case <-time.After(5 * time.Second):
			w.WriteHeader(http.StatusOK)
		}
	})
	tests := []struct {
		name    string
		handler http.Handler
		timeout time.Duration
		status  int
		body    string
	}{
		{"a handler past the timeout", slow, 20 * time.Millisecond, 500, `{"message":"Internal Server Error"}`},
		{"a handler within the timeout", echo, time.Second, 200, "0"},
		{"a handler that panics", http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }), time.Second, 500, `{"message":"Internal Server Error"}`},
		{"a handler that writes nothing", http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}), time.Second, 504, `{"message":"Gateway Timeout"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			started := time.Now()
			edge{next: tt.handler, timeout: tt.timeout, log: Discard}.ServeHTTP(w, httptest.NewRequest("GET", "/movies", nil))
			if w.Code != tt.status || w.Body.String() != tt.body {
				t.Errorf("%d %s, want %d %s", w.Code, w.Body, tt.status, tt.body)
			}
			if time.Since(started) > 2*time.Second {
				t.Errorf("the edge waited %v for a handler past its timeout", time.Since(started))
			}
		})
	}
}

func TestEventSizeCountsTheBodyAsAPIGatewaySendsIt(t *testing.T) {
	body := bytes.Repeat([]byte("a"), 3000)
	text := httptest.NewRequest("POST", "/x", nil)
	text.Header.Set("Content-Type", "application/json; charset=utf-8")
	bin := httptest.NewRequest("POST", "/x", nil)
	bin.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	t1, b1 := EventSize(text, body), EventSize(bin, body)
	// base64 turns 3,000 bytes into 4,000; the rest of the two events differs
	// by a byte or so (the same length of content type; "true" for "false").
	if d := b1 - t1; d < 990 || d > 1010 {
		t.Errorf("binary event %d bytes, text event %d: base64 should add about 1,000", b1, t1)
	}
}

// TestEdgeRefusesAResponseThatWouldNotFitALambdaPayload answers bodies just
// under and just over what a Lambda response can carry, as text (carried as
// a JSON string) and as binary (gzip: base64-encoded), with and without a
// function timeout: over it, the client gets API Gateway's 500, as on AWS.
func TestEdgeRefusesAResponseThatWouldNotFitALambdaPayload(t *testing.T) {
	answer := func(contentType string, body []byte) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", contentType)
			_, _ = w.Write(body)
		})
	}
	header := http.Header{"Content-Type": {"application/json"}}
	envelope := ResponseSize(http.StatusOK, header, nil) // everything but the body's characters
	text := func(n int) []byte { return bytes.Repeat([]byte("a"), n) }
	// Bytes that are not UTF-8 (0xff): the adapter sends them base64-encoded,
	// 4 characters for every 3 bytes.
	binary := func(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }
	textRoom := MaxLambdaPayload - envelope
	// A binary answer's envelope: its own content type, and isBase64Encoded.
	binEnvelope := ResponseSize(http.StatusOK, http.Header{"Content-Type": {"application/octet-stream"}}, binary(3)) - 4
	binRoom := (MaxLambdaPayload - binEnvelope) / 4 * 3
	tests := []struct {
		name string
		body []byte
		want int
	}{
		{"text that fits exactly", text(textRoom), http.StatusOK},
		{"text one byte over", text(textRoom + 1), http.StatusInternalServerError},
		{"quotes count twice in a JSON string", bytes.Repeat([]byte(`"`), textRoom/2+1), http.StatusInternalServerError},
		{"binary whose base64 fits", binary(binRoom - 3), http.StatusOK},
		{"binary whose base64 is over", binary(binRoom + 3), http.StatusInternalServerError},
		{"4.5 MB of binary (6 MB once base64-encoded)", binary(4_718_592), http.StatusInternalServerError},
	}
	for _, timeout := range []time.Duration{0, time.Minute} {
		for _, tt := range tests {
			t.Run(tt.name+", timeout "+timeout.String(), func(t *testing.T) {
				contentType := "application/json"
				if tt.body[0] == 0xff {
					contentType = "application/octet-stream"
				}
				w := httptest.NewRecorder()
				edge{next: answer(contentType, tt.body), timeout: timeout, log: Discard}.ServeHTTP(w, httptest.NewRequest("GET", "/movies", nil))
				if w.Code != tt.want {
					t.Fatalf("%d bytes: %d, want %d", len(tt.body), w.Code, tt.want)
				}
				if tt.want == http.StatusOK && w.Body.Len() != len(tt.body) {
					t.Errorf("the client got %d bytes, want all %d", w.Body.Len(), len(tt.body))
				}
				if tt.want == http.StatusInternalServerError && w.Body.String() != string(edgeInternalError) {
					t.Errorf("body %.100s, want API Gateway's %s", w.Body, edgeInternalError)
				}
			})
		}
	}
}

// TestAListOverTheLimitWithoutTheBucketPathMeetsTheEdges500 serves a JSON
// list over the limit through the web layer without a bucket (as a
// function's group not wrapped by LargeAnswers.Wrap): the web layer writes
// it as it is, and the edge answers what API Gateway would, 500.
func TestAListOverTheLimitWithoutTheBucketPathMeetsTheEdges500(t *testing.T) {
	list := append(append([]byte(`["`), bytes.Repeat([]byte("x"), MaxLambdaPayload)...), `"]`...)
	h := web.Serve(Discard, "movies", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(list)
	}))
	w := httptest.NewRecorder()
	edge{next: h, timeout: time.Minute, log: Discard}.ServeHTTP(w, httptest.NewRequest("GET", "/movies", nil))
	if w.Code != http.StatusInternalServerError || w.Body.String() != string(edgeInternalError) {
		t.Errorf("%d %.100s, want API Gateway's 500 %s", w.Code, w.Body, edgeInternalError)
	}
}
