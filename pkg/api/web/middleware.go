package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/festivalapi/festival/pkg/domain/requestlog"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
)

// Logger returns the request's logger (carrying its request id), or the default one.
func Logger(ctx context.Context) *slog.Logger { return requestlog.From(ctx) }

// RequestID returns the id of the request being served.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// recorder remembers whether and what the handler answered.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Serve wraps a route group's handler with what every request needs: a request
// id (taken from API Gateway / Lambda when present), a logger carrying it, one
// access log line, and recovery from panics so that no request crashes the
// function or shows a stack trace. A handler that answers nothing gets a 500
// rather than an empty reply (through Lambda that would become a 502/504).
func Serve(log *slog.Logger, group string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestIDFrom(r)
		l := log.With("request_id", id, "group", group)
		ctx := requestlog.With(r.Context(), l)
		ctx = context.WithValue(ctx, requestIDKey, id)
		ctx = texts.WithLang(ctx, texts.FromAcceptLanguage(r.Header.Get("Accept-Language")))
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", id)
		rec := &recorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				l.Error("panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if rec.status == 0 {
					JSON(rec, http.StatusInternalServerError, internalBody)
				}
			}
			if rec.status == 0 {
				l.Error("handler wrote no response", "method", r.Method, "path", r.URL.Path)
				JSON(rec, http.StatusInternalServerError, internalBody)
			}
			l.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
				"bytes", rec.bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000)
		}()
		cacheable(rec, r, next)
	})
}

func requestIDFrom(r *http.Request) string {
	if lc, ok := lambdacontext.FromContext(r.Context()); ok && lc.AwsRequestID != "" {
		return lc.AwsRequestID
	}
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 128 {
		return id
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
