// Package apitest starts the local API for end-to-end tests and speaks HTTP
// to it as the web client does. Each API gets its own table and in-memory S3
// on the DynamoDB Local of the test run (see dynamotest).
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

// API is a running local API.
type API struct {
	t      testing.TB
	URL    string
	Server *localserver.Server
	client *http.Client
	// contract, when set, checks every answer against docs/openapi.yaml (see CheckOpenAPI).
	contract *openapicheck.Document
	header   http.Header // sent with every request (WithHeader)
}

// Start starts a local API with a fresh table and bucket. opts may adjust the
// options (inject failures, ...).
func Start(t testing.TB, opts ...func(*localserver.Options)) *API {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	o := localserver.Options{
		DynamoEndpoint: dynamotest.Endpoint(),
		Table:          "e2e-" + dynamotest.RandomSuffix(),
		Bucket:         "e2e-" + dynamotest.RandomSuffix(),
		Template:       filepath.Join(root, "template.yaml"),
		Getenv:         func(string) string { return "" },
		Log:            localserver.Discard,
	}
	for _, f := range opts {
		f(&o)
	}
	srv, err := localserver.Start(context.Background(), o)
	if err != nil {
		t.Fatalf("start local API: %v", err)
	}
	t.Cleanup(srv.Close)
	if err := srv.Unthrottle(context.Background()); err != nil {
		t.Fatalf("seed settings: %v", err)
	}
	api := &API{t: t, URL: srv.URL, Server: srv, client: &http.Client{Timeout: 60 * time.Second}}
	return api.CheckOpenAPI() // every route is documented: hold every answer to docs/openapi.yaml
}

// For returns the same API reporting failures to t (use it in subtests).
func (a *API) For(t testing.TB) *API {
	c := *a
	c.t = t
	return &c
}

// WithHeader returns the same API sending the header with every request
// (Accept-Language, say).
func (a *API) WithHeader(name, value string) *API {
	c := *a
	c.header = a.header.Clone()
	if c.header == nil {
		c.header = http.Header{}
	}
	c.header.Set(name, value)
	return &c
}

// Response is an answer of the API.
type Response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body as a JSON object.
func (r *Response) JSON() map[string]any {
	r.t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		r.t.Fatalf("body is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

// List decodes the body as a JSON array of objects.
func (r *Response) List() []map[string]any {
	r.t.Helper()
	var l []map[string]any
	if err := json.Unmarshal(r.Body, &l); err != nil {
		r.t.Fatalf("body is not a JSON array: %v: %s", err, r.Body)
	}
	return l
}

// Decode decodes the body into v.
func (r *Response) Decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("decode body: %v: %s", err, r.Body)
	}
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(want int) *Response {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status %d, want %d; body: %s", r.Status, want, r.Body)
	}
	return r
}

// ExpectError fails unless the answer is status with body {"error": msg}.
func (r *Response) ExpectError(status int, msg string) *Response {
	r.t.Helper()
	r.Expect(status)
	if got := r.JSON()["error"]; got != msg {
		r.t.Fatalf("error %q, want %q; body: %s", got, msg, r.Body)
	}
	return r
}

// ExpectErrorAbout fails unless the answer is status with an {"error"} that
// mentions part (a field name, say), for messages the API words itself.
func (r *Response) ExpectErrorAbout(status int, part string) *Response {
	r.t.Helper()
	r.Expect(status)
	if got, _ := r.JSON()["error"].(string); !strings.Contains(got, part) {
		r.t.Fatalf("error %q does not mention %q", got, part)
	}
	return r
}

// Do sends a request. body may be nil, a string/[]byte (sent as is) or any
// value (sent as JSON). token may be "".
func (a *API) Do(method, path, token string, body any) *Response {
	a.t.Helper()
	var rd io.Reader
	ctype := ""
	switch b := body.(type) {
	case nil:
	case string:
		rd, ctype = strings.NewReader(b), "application/json"
	case []byte:
		rd, ctype = bytes.NewReader(b), "application/json"
	case *Multipart:
		rd, ctype = bytes.NewReader(b.buf.Bytes()), b.w.FormDataContentType()
	case Raw:
		rd, ctype = bytes.NewReader(b.Body), b.ContentType
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		rd, ctype = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, a.URL+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	for name, values := range a.header {
		req.Header[name] = values
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	a.checkContract(req, resp, data)
	return &Response{t: a.t, Status: resp.StatusCode, Header: resp.Header, Body: data}
}

// Multipart builds a multipart/form-data body.
type Multipart struct {
	buf bytes.Buffer
	w   *multipart.Writer
}

// NewMultipart returns an empty form.
func NewMultipart() *Multipart {
	m := &Multipart{}
	m.w = multipart.NewWriter(&m.buf)
	return m
}

// Field adds a text field.
func (m *Multipart) Field(name, value string) *Multipart {
	_ = m.w.WriteField(name, value)
	return m
}

// File adds a file part.
func (m *Multipart) File(part, filename string, content []byte) *Multipart {
	w, _ := m.w.CreateFormFile(part, filename)
	_, _ = w.Write(content)
	return m
}

// Raw is a body sent byte for byte with its content type.
type Raw struct {
	Body        []byte
	ContentType string
}

// Cut returns the first n bytes of the closed form, as a client whose
// connection broke would have sent them.
func (m *Multipart) Cut(n int) Raw {
	return Raw{Body: m.buf.Bytes()[:n], ContentType: m.w.FormDataContentType()}
}

// Len is the size of the closed form in bytes; End is where its closing
// boundary begins (a cut before End leaves a part unfinished).
func (m *Multipart) Len() int { return m.buf.Len() }

// End is the offset of the closing boundary line.
func (m *Multipart) End() int {
	return bytes.LastIndex(m.buf.Bytes(), []byte("\r\n--"+m.w.Boundary()+"--"))
}

// Close ends the form; call it before sending.
func (m *Multipart) Close() *Multipart {
	_ = m.w.Close()
	return m
}

// Account is a registered user and its token.
type Account struct {
	ID    int64
	Email string
	Token string
}

var seq atomic.Int64

// Register creates an account with the role through POST /auth/register and logs it in.
func (a *API) Register(role string) Account {
	a.t.Helper()

	email := fmt.Sprintf("%s.%d.%s@example.org", strings.ToLower(role), seq.Add(1), dynamotest.RandomSuffix())
	r := a.Do("POST", "/auth/register", "", map[string]any{
		"first_name": "Prénom" + role, "last_name": "Nom", "email": email, "password": "motdepasse1", "role": role,
	}).Expect(http.StatusCreated)
	id := int64(r.JSON()["newUser"].(map[string]any)["id_user"].(float64))
	return Account{ID: id, Email: email, Token: a.Login(email, "motdepasse1")}
}

// Login returns a token for the credentials.
func (a *API) Login(email, password string) string {
	a.t.Helper()
	r := a.Do("POST", "/auth/login", "", map[string]any{"email": email, "password": password}).Expect(http.StatusOK)
	return r.JSON()["data"].(map[string]any)["token"].(string)
}

// Mailbox reads what the local outbox delivered (/_mailbox.json).
func (a *API) Mailbox(t testing.TB) []festival.Email {
	t.Helper()
	resp, err := a.client.Get(a.URL + "/_mailbox.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var mails []festival.Email
	if err := json.Unmarshal(data, &mails); err != nil {
		t.Fatalf("mailbox: %v: %s", err, data)
	}
	return mails
}
