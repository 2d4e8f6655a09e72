package web

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Answers larger than a Lambda response (docs/decisions.md, "Answers larger
// than a Lambda response"). A function's answer reaches API Gateway as the
// JSON of an events.APIGatewayV2HTTPResponse, which Lambda caps at
// LambdaPayloadLimit; past it the invocation fails and the client gets
// API Gateway's 500. An answer to a GET that would not fit is put in the
// bucket instead, and the client is sent there by a 303 to a short-lived
// link.

// LambdaPayloadLimit is Lambda's quota on a synchronous invocation's
// payload (6 MB), request and response alike. The local edge
// (infra/localserver) enforces it on both.
const LambdaPayloadLimit = 6 << 20

// ResponseHeadroom is what the web layer leaves free under
// LambdaPayloadLimit when it decides whether an answer fits: the headers
// written after it decides (Content-Length, the adapter's own) take far
// less.
const ResponseHeadroom = 16 << 10

// InlineAnswerMax is the largest answer to a GET (as sent: gzip when the
// client accepts it) that the function writes itself; a larger one goes
// through the bucket like one too large for Lambda. API Gateway's HTTP API
// meters requests in 512 KB increments and Lambda bills the time spent
// writing the bytes, while S3 serves an object for one GET; and an answer
// kept finished (Answers) then costs the function the same few
// microseconds whatever the size of the list (docs/decisions.md).
const InlineAnswerMax = 512 << 10

// AnswerLinkLifetime is how long the link of a redirected answer is
// valid: the client follows it at once, so short is enough.
const AnswerLinkLifetime = 5 * time.Minute

// answerTrusted is how long an instance trusts that an answer it put (or
// found) in the bucket is still there: well under the day after which the
// bucket's lifecycle rule expires the answers/ prefix.
const answerTrusted = 12 * time.Hour

// ResponseSize is the size in bytes of the payload Lambda carries back for
// this answer: the JSON that the Lambda runtime writes (aws-lambda-go's
// encoder, HTML not escaped, a final newline) of the
// events.APIGatewayV2HTTPResponse that the adapter (httpadapter.NewV2,
// pkg/api/lambdahttp) builds: headers joined by commas, Set-Cookie as
// cookies, a Content-Type sniffed when none is set, and the body as a
// string when it is valid UTF-8, base64-encoded otherwise (gzip).
func ResponseSize(status int, header http.Header, body []byte) int {
	resp := events.APIGatewayV2HTTPResponse{StatusCode: status, Headers: map[string]string{}, Cookies: []string{}}
	for k, v := range header {
		if strings.EqualFold(k, "Set-Cookie") {
			resp.Cookies = append(resp.Cookies, v...)
			continue
		}
		resp.Headers[k] = strings.Join(v, ",")
	}
	if len(body) > 0 && header.Get("Content-Type") == "" {
		resp.Headers["Content-Type"] = http.DetectContentType(body)
	}
	bodyLen := 0
	if utf8.Valid(body) {
		bodyLen = jsonStringLen(body)
	} else {
		resp.IsBase64Encoded = true
		bodyLen = base64.StdEncoding.EncodedLen(len(body))
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		return len(body) * 6 // cannot happen with these types; err on the large side
	}
	return out.Len() + bodyLen
}

// FitsLambda reports whether an answer fits a Lambda response with
// ResponseHeadroom to spare.
// Most answers are far under it: when even the worst case of JSON escaping
// (six bytes for one) fits, their bytes are not read.
func FitsLambda(status int, header http.Header, body []byte) bool {
	if len(body) > LambdaPayloadLimit {
		return false // the body alone, as a string or in base64, is over
	}
	if envelopeBound(header)+6*len(body)+ResponseHeadroom <= LambdaPayloadLimit {
		return true
	}
	return ResponseSize(status, header, body)+ResponseHeadroom <= LambdaPayloadLimit
}

// envelopeBound is at least what ResponseSize counts besides the body: the
// fixed fields, a sniffed content type, and each header escaped at worst.
func envelopeBound(header http.Header) int {
	n := 512
	for k, v := range header {
		n += 6 * (len(k) + 8)
		for _, s := range v {
			n += 6 * (len(s) + 4)
		}
	}
	return n
}

// jsonStringLen is how many bytes encoding/json (HTML not escaped) adds to
// a JSON string for the valid UTF-8 text s: the escapes of quotes,
// backslashes, control characters and U+2028, U+2029.
func jsonStringLen(s []byte) int {
	n := len(s) + bytes.Count(s, []byte{'"'}) + bytes.Count(s, []byte{'\\'})
	n += 3 * (bytes.Count(s, []byte("\u2028")) + bytes.Count(s, []byte("\u2029")))
	for _, c := range s {
		if c >= 0x20 {
			continue
		}
		switch c {
		case '\b', '\f', '\n', '\r', '\t':
			n++ // \n
		default:
			n += 5 // \u00XX
		}
	}
	return n
}

// AnswerObject is an answer as the bucket keeps it: its body as encoded for
// the client, and the headers S3 gives back with it.
type AnswerObject struct {
	Key                string
	Body               []byte
	ContentType        string
	ContentEncoding    string // "gzip", or "" for a plain body
	ContentDisposition string
	CacheControl       string
}

// AnswerBucket is where answers too large for Lambda are kept
// (files.Store on AWS and locally).
type AnswerBucket interface {
	// AnswerWritten reads when the object at key was written;
	// festival.ErrNotFound when there is none. (Its own name: a method
	// named as another store's, Stat, would keep that store's method, and
	// its S3 call, in every binary that links the web layer.)
	AnswerWritten(ctx context.Context, key string) (time.Time, error)
	PutAnswer(ctx context.Context, o AnswerObject) error
	// PresignAnswer is a GET link to the object at key valid for ttl,
	// which answers with cacheControl.
	PresignAnswer(ctx context.Context, key, cacheControl string, ttl time.Duration) (string, error)
}

// LargeAnswers sends a GET's answer too large for a Lambda response through
// the bucket. It puts each (ETag, encoding) once, and remembers what it put
// for answerTrusted.
type LargeAnswers struct {
	bucket AnswerBucket
	now    func() time.Time
	mu     sync.Mutex
	stored map[string]time.Time // key -> when it was written
}

// NewLargeAnswers returns the large answers' path through bucket; now is
// the clock (nil for time.Now).
func NewLargeAnswers(bucket AnswerBucket, now func() time.Time) *LargeAnswers {
	if now == nil {
		now = time.Now
	}
	return &LargeAnswers{bucket: bucket, now: now, stored: map[string]time.Time{}}
}

// AnswerKey is where the bucket keeps an answer with this ETag (quoted, as
// in the header) and Content-Type, in this encoding: answers/<etag>.json,
// or .json.gz when gzip.
func AnswerKey(etag, contentType string, gzip bool) string {
	key := "answers/" + strings.Trim(etag, `"`)
	mt, _, _ := mime.ParseMediaType(contentType)
	switch {
	case mt == "application/json":
		key += ".json"
	case mt == "text/csv":
		key += ".csv"
	}
	if gzip {
		key += ".gz"
	}
	return key
}

type largeAnswersKey struct{}

// Wrap gives the requests of next, a handler of Serve, the large answers'
// path: Wrap(Serve(log, group, h)).
func (la *LargeAnswers) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), largeAnswersKey{}, la)))
	})
}

// redirectLarge is called by cacheable with the final answer (compressed
// when the client accepts it, its headers set, not yet written): when it is
// a GET's 200 larger than InlineAnswerMax or too large for a Lambda
// response, it puts the body in the
// bucket and answers 303 to a short-lived link ({"url"} in the body too),
// and reports true. With no bucket (a handler not wrapped by
// LargeAnswers.Wrap), or when the bucket fails, it leaves the answer to be
// written as it is: Lambda (and the local edge) then answer 500.
func redirectLarge(w http.ResponseWriter, r *http.Request, status int, body []byte) bool {
	if r.Method != http.MethodGet || status != http.StatusOK {
		return false
	}
	h := w.Header()
	// Up to InlineAnswerMax, FitsLambda decides without reading the body;
	// past it the answer goes through the bucket whatever its exact size, so
	// a hit on a large finished answer never scans its megabytes.
	if len(body) <= InlineAnswerMax && FitsLambda(status, h, body) {
		return false
	}
	la, _ := r.Context().Value(largeAnswersKey{}).(*LargeAnswers)
	if la == nil || h.Get("ETag") == "" {
		if !FitsLambda(status, h, body) { // a large answer that fits is written by the function itself
			Logger(r.Context()).Warn("answer too large for a Lambda response, and no bucket to send it through",
				"path", r.URL.Path, "bytes", len(body))
		}
		return false
	}
	link, err := la.link(r.Context(), AnswerObject{
		Key: AnswerKey(h.Get("ETag"), h.Get("Content-Type"), h.Get("Content-Encoding") == "gzip"), Body: body,
		ContentType: h.Get("Content-Type"), ContentEncoding: h.Get("Content-Encoding"),
		ContentDisposition: h.Get("Content-Disposition"), CacheControl: h.Get("Cache-Control"),
	})
	if err != nil {
		Logger(r.Context()).Error("large answer: bucket failed", "path", r.URL.Path, "bytes", len(body), "error", err)
		return false
	}
	h.Del("Content-Encoding")
	h.Del("Content-Disposition")
	// The link expires: a cache must not keep the redirect and, once its
	// ETag is confirmed by a 304, follow a dead link. The client keeps the
	// ETag itself (docs/decisions.md).
	h.Set("Cache-Control", cacheNone)
	h.Set("Location", link)
	// The link in the body too, as the export's redirect has it: for a
	// client that stops at the redirect.
	var redirect bytes.Buffer
	enc := json.NewEncoder(&redirect)
	enc.SetEscapeHTML(false) // the link's & as they are, as JSON writes every answer
	_ = enc.Encode(LinkBody{URL: link})
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(redirect.Len()))
	w.WriteHeader(http.StatusSeeOther)
	_, _ = w.Write(redirect.Bytes())
	return true
}

// LinkBody is the body of a redirect to the bucket: the link of Location.
type LinkBody struct {
	URL string `json:"url"`
}

// link puts o in the bucket unless it is known to be there, and returns a
// short-lived link to it.
func (la *LargeAnswers) link(ctx context.Context, o AnswerObject) (string, error) {
	if !la.known(ctx, o.Key) {
		if err := la.bucket.PutAnswer(ctx, o); err != nil {
			return "", err
		}
		la.remember(o.Key, la.now())
	}
	return la.bucket.PresignAnswer(ctx, o.Key, o.CacheControl, AnswerLinkLifetime)
}

// known reports whether the object at key is in the bucket and was
// written recently enough to outlive the link: from the instance's memory,
// else from the bucket.
func (la *LargeAnswers) known(ctx context.Context, key string) bool {
	la.mu.Lock()
	at, ok := la.stored[key]
	la.mu.Unlock()
	if ok && la.now().Sub(at) < answerTrusted {
		return true
	}
	written, err := la.bucket.AnswerWritten(ctx, key)
	if err != nil {
		if !errors.Is(err, festival.ErrNotFound) {
			// A function without s3:ListBucket (votes) reads a missing key
			// as 403: putting it is the answer either way.
			Logger(ctx).Debug("large answer: stat failed, putting it", "key", key, "error", err)
		}
		return false
	}
	if la.now().Sub(written) >= answerTrusted {
		return false // put again: its expiry starts over
	}
	la.remember(key, written)
	return true
}

// maxRemembered bounds the instance's memory of stored answers: past it the
// memory starts over (a Stat per answer finds them again).
const maxRemembered = 1024

func (la *LargeAnswers) remember(key string, written time.Time) {
	la.mu.Lock()
	defer la.mu.Unlock()
	if len(la.stored) >= maxRemembered {
		clear(la.stored)
	}
	la.stored[key] = written
}
