package localserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/festivalapi/festival/pkg/api/web"
)

// What API Gateway (HTTP API) and Lambda answer before, or instead of, a
// function's handler. The local server gives the same answers, so that a
// client meets the deployed API's limits on a laptop too. docs/decisions.md
// ("The edge") gives the AWS source of each.
const (
	// MaxHTTPAPIPayload is the HTTP API's request payload quota (10 MB).
	MaxHTTPAPIPayload = 10 << 20
	// MaxLambdaPayload is the synchronous invocation payload quota of Lambda
	// (6 MB), which the whole event must fit, the body base64-encoded when
	// API Gateway treats it as binary, and so must the function's response
	// (web.ResponseSize).
	MaxLambdaPayload = web.LambdaPayloadLimit
)

// The bodies API Gateway writes itself. They are {"message"}, not the API's
// own {"error"}: a client tells the edge from the application by the shape.
var (
	edgeNotFound      = []byte(`{"message":"Not Found"}`)
	edgeTooLarge      = []byte(`{"message":"Request Entity Too Large"}`)
	edgeInternalError = []byte(`{"message":"Internal Server Error"}`)
)

func writeEdge(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Apigw-Requestid", "local")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// notDeclared answers a request that matches no declared route.
func notDeclared(w http.ResponseWriter, _ *http.Request) {
	writeEdge(w, http.StatusNotFound, edgeNotFound)
}

// edge wraps one function's handler with what happens before and around its
// invocation on AWS: the payload quotas and the function timeout.
type edge struct {
	next    http.Handler
	timeout time.Duration
	log     *slog.Logger
}

func (e edge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxHTTPAPIPayload {
		e.refuse(w, r, "payload over the HTTP API quota", r.ContentLength)
		return
	}
	// API Gateway buffers the whole request before it invokes the function;
	// so does the edge, up to the largest body that could fit an event.
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxLambdaPayload+1))
	if err != nil {
		writeEdge(w, http.StatusBadRequest, []byte(`{"message":"Bad Request"}`))
		return
	}
	if len(body) > MaxLambdaPayload {
		e.refuse(w, r, "body alone over the Lambda payload quota", int64(len(body)))
		return
	}
	if size := EventSize(r, body); size > MaxLambdaPayload {
		e.refuse(w, r, "event over the Lambda payload quota", int64(size))
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	e.invoke(w, r)
}

func (e edge) refuse(w http.ResponseWriter, r *http.Request, why string, size int64) {
	e.log.Warn("edge refused a request", "reason", why, "method", r.Method, "path", r.URL.Path, "bytes", size)
	writeEdge(w, http.StatusRequestEntityTooLarge, edgeTooLarge)
}

// invoke runs the handler with the function's timeout (none when it is not
// positive). A handler still running at the timeout is abandoned, as Lambda
// stops the invocation: its context is cancelled and the client gets API
// Gateway's answer to a failed invocation; whatever the handler writes
// later is dropped. The answer is held until the handler returns, as Lambda
// returns it whole, and refused when Lambda would refuse its size.
func (e edge) invoke(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := r.Context(), context.CancelFunc(func() {})
	if e.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, e.timeout)
	}
	defer cancel()
	rec := &bufferedResponse{header: http.Header{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if v := recover(); v != nil {
				rec.fail()
				e.log.Error("handler panicked", "method", r.Method, "path", r.URL.Path, "panic", v)
			}
		}()
		e.next.ServeHTTP(rec, r.WithContext(ctx))
	}()
	select {
	case <-done:
		if size := rec.size(); size > MaxLambdaPayload {
			e.log.Warn("edge refused a response: over the Lambda payload quota", "method", r.Method, "path", r.URL.Path,
				"status", rec.status, "bytes", size)
			rec.fail()
		}
		rec.flushTo(w)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			e.log.Error("function timed out", "method", r.Method, "path", r.URL.Path, "timeout", e.timeout.String())
		}
		rec.fail()
		writeEdge(w, http.StatusInternalServerError, edgeInternalError)
	}
}

// bufferedResponse holds an invocation's answer until it returns, as Lambda
// returns a whole response (payload format 2.0 does not stream).
type bufferedResponse struct {
	mu     sync.Mutex
	header http.Header
	status int
	body   bytes.Buffer
	failed bool
}

func (b *bufferedResponse) Header() http.Header { return b.header }

func (b *bufferedResponse) WriteHeader(status int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.status == 0 {
		b.status = status
	}
}

func (b *bufferedResponse) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.failed {
		return 0, errors.New("the invocation has ended")
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

func (b *bufferedResponse) fail() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failed = true
}

// size is the size of the response payload Lambda would carry back
// (ResponseSize).
func (b *bufferedResponse) size() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return ResponseSize(b.status, b.header, b.body.Bytes())
}

func (b *bufferedResponse) flushTo(w http.ResponseWriter) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.failed {
		writeEdge(w, http.StatusInternalServerError, edgeInternalError)
		return
	}
	for k, v := range b.header {
		w.Header()[k] = v
	}
	if b.status == 0 {
		// The Lambda adapter answers 504 for a handler that wrote nothing;
		// the local server does not hide that mistake either.
		writeEdge(w, http.StatusGatewayTimeout, []byte(`{"message":"Gateway Timeout"}`))
		return
	}
	w.WriteHeader(b.status)
	_, _ = w.Write(b.body.Bytes())
}

// ResponseSize is the size in bytes of the response payload Lambda would
// carry back from the function for this answer: the JSON of the
// events.APIGatewayV2HTTPResponse that pkg/api/lambdahttp's adapter builds
// (the body base64-encoded when it is not valid UTF-8). It is the web
// layer's own rule (web.ResponseSize), which sends a GET's answer over it
// through the bucket.
func ResponseSize(status int, header http.Header, body []byte) int {
	return web.ResponseSize(status, header, body)
}

// EventSize is the size in bytes of the payload format 2.0 event that API
// Gateway would send Lambda for r with this body: the JSON of the event, with
// the body base64-encoded unless its content type is text.
func EventSize(r *http.Request, body []byte) int {
	headers := make(map[string]string, len(r.Header))
	for k, v := range r.Header {
		headers[strings.ToLower(k)] = strings.Join(v, ",")
	}
	ev := events.APIGatewayV2HTTPRequest{
		Version:        "2.0",
		RouteKey:       r.Method + " " + r.URL.Path,
		RawPath:        r.URL.Path,
		RawQueryString: r.URL.RawQuery,
		Headers:        headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "123456789012", APIID: "abcdefghij", DomainName: "abcdefghij.execute-api.eu-west-3.amazonaws.com",
			DomainPrefix: "abcdefghij", RequestID: "AAAAAAAAAAAAAAA=", RouteKey: r.Method + " " + r.URL.Path,
			Stage: "$default", Time: "24/Nov/2026:00:00:00 +0000", TimeEpoch: 1795478400000,
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: r.Method, Path: r.URL.Path, Protocol: "HTTP/1.1", SourceIP: "203.0.113.10", UserAgent: r.UserAgent(),
			},
		},
	}
	if len(body) > 0 {
		if isText(r.Header.Get("Content-Type")) {
			ev.Body = string(body)
		} else {
			ev.Body = base64.StdEncoding.EncodeToString(body)
			ev.IsBase64Encoded = true
		}
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return len(body) * 2 // cannot happen with these types; err on the large side
	}
	return len(b)
}

// isText reports whether API Gateway passes a body of this content type as
// text rather than base64. Multipart forms are binary.
func isText(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return strings.HasPrefix(mt, "text/") || mt == "application/json" || strings.HasSuffix(mt, "+json") ||
		mt == "application/xml" || strings.HasSuffix(mt, "+xml") || mt == "application/javascript" ||
		mt == "application/x-www-form-urlencoded"
}
