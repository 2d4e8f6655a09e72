// Package lambdatest runs the functions' real bootstrap binaries as AWS Lambda
// does: against a local implementation of the Lambda Runtime API, fed with API
// Gateway HTTP API (payload 2.0) events. It shows that what `sam build`
// packages starts, reads its configuration and answers through the adapter,
// which handler tests over httptest cannot show.
package lambdatest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Runtime is a local Lambda Runtime API for one function instance: the
// function long-polls /next for an event and posts its answer back, exactly
// as aws-lambda-go does in AWS.
// https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html
type Runtime struct {
	// Addr is the value for AWS_LAMBDA_RUNTIME_API (host:port).
	Addr string
	// Timeout is the function's timeout, sent as the invocation deadline.
	Timeout time.Duration

	srv       *http.Server
	queue     chan *invocation
	mu        sync.Mutex
	pending   map[string]*invocation
	seq       atomic.Int64
	firstNext chan struct{}
	firstAt   time.Time
	initErr   chan FunctionError
}

// FunctionError is the body the runtime client posts to .../error and
// /init/error.
type FunctionError struct {
	Message string `json:"errorMessage"`
	Type    string `json:"errorType"`
}

func (e *FunctionError) Error() string { return e.Type + ": " + e.Message }

// Result is what the function answered to one invocation.
type Result struct {
	RequestID string
	Payload   []byte         // the body posted to .../response
	Err       *FunctionError // the body posted to .../error
}

type invocation struct {
	id    string
	event []byte
	done  chan Result
}

const apiPrefix = "/2018-06-01/runtime/"

// StartRuntime listens on a free loopback port and serves the Runtime API.
func StartRuntime(timeout time.Duration) (*Runtime, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &Runtime{
		Addr: ln.Addr().String(), Timeout: timeout,
		queue: make(chan *invocation), pending: map[string]*invocation{},
		firstNext: make(chan struct{}), initErr: make(chan FunctionError, 1),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+apiPrefix+"invocation/next", r.next)
	mux.HandleFunc("POST "+apiPrefix+"invocation/{id}/response", r.respond)
	mux.HandleFunc("POST "+apiPrefix+"invocation/{id}/error", r.fail)
	mux.HandleFunc("POST "+apiPrefix+"init/error", r.initError)
	r.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = r.srv.Serve(ln) }()
	return r, nil
}

// Close stops serving; a function still polling /next sees its connection end.
func (r *Runtime) Close() { _ = r.srv.Close() }

// Ready is closed when the function first asks for an event: its
// initialisation (main up to lambda.Start) is over.
func (r *Runtime) Ready() <-chan struct{} { return r.firstNext }

// ReadyAt is when the function first asked for an event (zero before).
func (r *Runtime) ReadyAt() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.firstAt
}

// InitError receives what the function posts to /init/error.
func (r *Runtime) InitError() <-chan FunctionError { return r.initErr }

// Invoke hands event to the function and waits for its answer.
func (r *Runtime) Invoke(ctx context.Context, event []byte) (Result, error) {
	inv := &invocation{
		id:    fmt.Sprintf("00000000-0000-4000-8000-%012d", r.seq.Add(1)),
		event: event, done: make(chan Result, 1),
	}
	select {
	case r.queue <- inv:
	case <-ctx.Done():
		return Result{}, fmt.Errorf("the function did not ask for the event: %w", ctx.Err())
	}
	select {
	case res := <-inv.done:
		return res, nil
	case <-ctx.Done():
		return Result{}, fmt.Errorf("invocation %s got no answer: %w", inv.id, ctx.Err())
	}
}

func (r *Runtime) next(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	if r.firstAt.IsZero() {
		r.firstAt = time.Now()
		close(r.firstNext)
	}
	r.mu.Unlock()
	var inv *invocation
	select {
	case inv = <-r.queue:
	case <-req.Context().Done():
		return
	}
	r.mu.Lock()
	r.pending[inv.id] = inv
	r.mu.Unlock()
	h := w.Header()
	h.Set("Lambda-Runtime-Aws-Request-Id", inv.id)
	h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(r.Timeout).UnixMilli(), 10))
	h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:festival-local")
	h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Parent=0000000000000000;Sampled=0")
	h.Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(inv.event)
}

// take removes and returns the pending invocation named by the path.
func (r *Runtime) take(w http.ResponseWriter, req *http.Request) (*invocation, []byte, bool) {
	id := req.PathValue("id")
	body, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	r.mu.Lock()
	inv, ok := r.pending[id]
	delete(r.pending, id)
	r.mu.Unlock()
	if !ok {
		// What Lambda answers for an unknown or already answered request id.
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"errorMessage":"Invalid request ID","errorType":"InvalidRequestID"}`)
		return nil, nil, false
	}
	w.WriteHeader(http.StatusAccepted)
	return inv, body, true
}

func (r *Runtime) respond(w http.ResponseWriter, req *http.Request) {
	if inv, body, ok := r.take(w, req); ok {
		inv.done <- Result{RequestID: inv.id, Payload: body}
	}
}

func (r *Runtime) fail(w http.ResponseWriter, req *http.Request) {
	if inv, body, ok := r.take(w, req); ok {
		inv.done <- Result{RequestID: inv.id, Err: decodeError(body)}
	}
}

func (r *Runtime) initError(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	select {
	case r.initErr <- *decodeError(body):
	default: // only the first one counts, as in Lambda
	}
	w.WriteHeader(http.StatusAccepted)
}

func decodeError(body []byte) *FunctionError {
	var e FunctionError
	if err := json.Unmarshal(body, &e); err != nil || (e.Message == "" && e.Type == "") {
		return &FunctionError{Type: "Unhandled", Message: string(body)}
	}
	return &e
}
