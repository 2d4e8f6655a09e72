package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// CompressMin is the size from which an answer is compressed: below it, the
// gzip header and the CPU cost more than they save. API Gateway's HTTP APIs
// do not compress, so the functions do, on Lambda and locally alike.
const CompressMin = 1024

// Cache-Control values (docs/performance.md, "Compressed, cacheable answers").
const (
	// Public answers may be kept by any cache but are checked again before
	// each use (a cheap 304 with the ETag): films, categories and events
	// change at any moment and must never be shown stale.
	cachePublic = "public, no-cache"
	// Answers to a signed-in caller are theirs alone.
	cachePrivate = "private, no-cache"
	// Errors and the answers of writes are not kept.
	cacheNone = "no-store"
)

// cacheable buffers an answer so that, once the handler is done, it can be
// given an ETag (and answered 304 when the client has it), a Cache-Control,
// and be compressed when the client accepts it.
func cacheable(w http.ResponseWriter, r *http.Request, next http.Handler) {
	b := &buffer{header: w.Header()}
	next.ServeHTTP(b, r)
	if b.status == 0 {
		return // wrote nothing: the caller answers
	}
	h := w.Header()
	read := r.Method == http.MethodGet || r.Method == http.MethodHead
	if h.Get("Cache-Control") == "" {
		switch {
		case !read || b.status != http.StatusOK:
			h.Set("Cache-Control", cacheNone)
		case r.Header.Get("Authorization") != "":
			h.Set("Cache-Control", cachePrivate)
		default:
			h.Set("Cache-Control", cachePublic)
		}
	}
	body := b.body.Bytes()
	if b.finished != nil {
		body = b.finished.body
	}
	if read && b.status == http.StatusOK {
		etag := ""
		if b.finished != nil {
			etag = b.finished.etag
		} else {
			sum := sha256.Sum256(body)
			etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
		}
		h.Set("ETag", etag)
		if matches(r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Type")
			h.Del("Content-Length")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if compressible(h.Get("Content-Type")) {
		h.Add("Vary", "Accept-Encoding")
		h.Add("Vary", "Accept-Language") // the texts are written in the language it prefers
		if len(body) >= CompressMin && acceptsGzip(r.Header.Get("Accept-Encoding")) {
			if b.finished != nil && b.finished.gz != nil {
				body = b.finished.gz
			} else {
				body = gzipped(body)
			}
			h.Set("Content-Encoding", "gzip")
		}
	}
	if redirectLarge(w, r, b.status, body) {
		return // too large for a Lambda response: sent through the bucket (oversize.go)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(b.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// gzipWriters are reused: a new compressor allocates about a megabyte of
// state, which cost more CPU than compressing a film's answer (the load test
// showed GET /movies/:id at 1.2 ms of CPU with a new writer per answer).
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return zw
}}

// gzipped compresses body.
func gzipped(body []byte) []byte {
	var z bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&z)
	_, _ = zw.Write(body)
	_ = zw.Close()
	gzipWriters.Put(zw)
	return z.Bytes()
}

// buffer is a ResponseWriter that keeps the answer.
type buffer struct {
	header http.Header
	status int
	body   bytes.Buffer
	// finished is the Answer that wrote the body, when one did: its ETag
	// and gzip are already made.
	finished *Answer
}

func (b *buffer) Header() http.Header { return b.header }

func (b *buffer) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *buffer) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

// matches reports whether an If-None-Match header names etag (or is *).
func matches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// compressible reports whether a content type is text worth compressing.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasPrefix(mt, "text/"))
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip (a
// q-value of 0 refuses it).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if name = strings.ToLower(strings.TrimSpace(name)); name != "gzip" && name != "*" {
			continue
		}
		q := strings.TrimSpace(params)
		if v, ok := strings.CutPrefix(q, "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil && f == 0 {
				return false
			}
		}
		return true
	}
	return false
}
