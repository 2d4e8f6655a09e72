package web

import (
	"container/list"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Answers keeps finished answers of a public read (GET /movies for anyone
// not signed in): the JSON bytes, their gzip and their ETag, by what the
// read depends on, so that the same read of the same data is a lookup (no
// listing, no encoding, no hashing, no compression). The caller names the
// data with a stamp that changes whenever it does (the store's version of
// the list and of the settings); an answer is kept per language and query,
// and serves the stamp it was made from.
// Memory is bounded by bytes (body and gzip), the least recently used
// answers going first; an answer larger than the bound is served and not
// kept.
type Answers struct {
	mu    sync.Mutex
	max   int64
	size  int64
	byKey map[string]*list.Element // of *Answer
	lru   *list.List               // front: most recently used
	// last is the size of the last answer made: the next one is rendered
	// into a buffer that large, rather than one that doubles its way there.
	last atomic.Int64
}

// AnswerMemory is the bound on the bytes an Answers keeps by default:
// two whole lists of 20,000 films (about 25 MB each, plain and gzip).
const AnswerMemory = 64 << 20

// NewAnswers returns an empty Answers keeping at most maxBytes.
func NewAnswers(maxBytes int64) *Answers {
	return &Answers{max: maxBytes, byKey: map[string]*list.Element{}, lru: list.New()}
}

// Answer is a finished answer: a Writer that brings its own bytes, and its
// ETag and gzip to the answer's caching (cacheable), which then neither
// hashes nor compresses it again.
type Answer struct {
	key    string      // language and parameters
	stamp  string      // the state of the data it was made from
	header http.Header // what the body set besides Content-Type (X-Next-Cursor)
	body   []byte
	gz     []byte // nil when too small to compress
	etag   string
	until  time.Time // zero: until the stamp changes
}

func (a *Answer) size() int64 { return int64(len(a.body) + len(a.gz)) }

// Write writes the answer, and hands its ETag and gzip to cacheable.
func (a *Answer) Write(w http.ResponseWriter, status int) {
	for k, v := range a.header {
		w.Header()[k] = slices.Clone(v) // the answer's own stay as they are for the next request
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if b := bufferOf(w); b != nil {
		b.finished = a // cacheable writes a.body or a.gz: no copy
		b.WriteHeader(status)
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(a.body)
}

// Serve answers r from the answer kept for (stamp, language, params) while
// it holds (until now), else calls build and keeps its answer when it is a
// 200 with a Writer body. params are the values of the query parameters the
// read depends on, and those only, so that parameters it ignores cannot
// multiply the answers. An empty stamp keeps nothing.
func (a *Answers) Serve(r *http.Request, params []string, stamp string, until, now time.Time, build Handler) (int, any, error) {
	if stamp == "" {
		return build(r)
	}
	// One answer per language and parameters: the stamp only moves forward,
	// so an answer of an older one is never asked again and makes way.
	k := string(Lang(r)) + "\x00" + strings.Join(params, "\x00")
	if got := a.get(k, stamp, now); got != nil {
		return http.StatusOK, got, nil
	}
	status, body, err := build(r)
	wr, ok := body.(Writer)
	if err != nil || status != http.StatusOK || !ok {
		return status, body, err
	}
	ans := finish(k, stamp, until, wr, status, int(a.last.Load()))
	a.last.Store(int64(len(ans.body)))
	a.keep(ans)
	return status, ans, nil
}

// finish renders a Writer into an Answer, in a buffer of size bytes first.
func finish(k, stamp string, until time.Time, wr Writer, status, size int) *Answer {
	b := &buffer{header: http.Header{}}
	b.body.Grow(size + size/8)
	wr.Write(b, status)
	ans := &Answer{key: k, stamp: stamp, until: until, header: b.header, body: b.body.Bytes()}
	ans.header.Del("Content-Type")
	sum := sha256.Sum256(ans.body)
	ans.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	if len(ans.body) >= CompressMin {
		ans.gz = gzipped(ans.body)
	}
	return ans
}

func (a *Answers) get(k, stamp string, now time.Time) *Answer {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.byKey[k]
	if !ok {
		return nil
	}
	ans := e.Value.(*Answer)
	if ans.stamp != stamp || (!ans.until.IsZero() && !now.Before(ans.until)) {
		a.drop(e)
		return nil
	}
	a.lru.MoveToFront(e)
	return ans
}

func (a *Answers) keep(ans *Answer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if ans.size() > a.max {
		return
	}
	if e, ok := a.byKey[ans.key]; ok {
		a.drop(e)
	}
	a.byKey[ans.key] = a.lru.PushFront(ans)
	a.size += ans.size()
	for a.size > a.max {
		a.drop(a.lru.Back())
	}
}

func (a *Answers) drop(e *list.Element) {
	ans := a.lru.Remove(e).(*Answer)
	delete(a.byKey, ans.key)
	a.size -= ans.size()
}

// bufferOf finds cacheable's buffer under w (nil when the answer does not
// go through it).
func bufferOf(w http.ResponseWriter) *buffer {
	for {
		switch x := w.(type) {
		case *buffer:
			return x
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return nil
		}
	}
}

// Len is the number of answers kept.
func (a *Answers) Len() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.lru.Len()
}
