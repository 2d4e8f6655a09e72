package web

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A request names the edition it reads with ?edition=<id> (docs/editions.md);
// without it, it addresses the current edition, as the specification's
// routes do. The edge checks the parameter before any route runs: a
// malformed id is 400, an unknown edition 404, a write naming an archived
// edition 409 (archived editions are read-only). The edition is then in the
// request's context (festival.WithEdition), where the stores read it.

// EditionsOf reads the festival's editions.
type EditionsOf func(ctx context.Context) (festival.EditionList, error)

// editionsTTL is how long an instance trusts the editions it read: a
// request naming an edition costs at most one read a second per instance.
const editionsTTL = time.Second

// Editions is the edge of ?edition=, with the editions an instance read
// last (one per instance, shared by its route groups).
type Editions struct {
	read EditionsOf
	now  func() time.Time

	mu     sync.Mutex
	list   festival.EditionList
	readAt time.Time
}

// NewEditions returns the edge of ?edition=, reading the editions with
// read; now may be nil (time.Now).
func NewEditions(read EditionsOf, now func() time.Time) *Editions {
	if now == nil {
		now = time.Now
	}
	return &Editions{read: read, now: now}
}

// Wrap puts next behind the check of ?edition=.
func (e *Editions) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !r.URL.Query().Has("edition") {
			next.ServeHTTP(w, r) // the current edition: no read at all
			return
		}
		id, err := e.edition(r)
		if err != nil {
			Error(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(festival.WithEdition(r.Context(), id)))
	})
}

// edition checks the request's ?edition=.
func (e *Editions) edition(r *http.Request) (festival.EditionID, error) {
	raw := r.URL.Query().Get("edition")
	if !festival.ValidEditionID(raw) {
		return "", apperr.E(apperr.Invalid, texts.EditionParam)
	}
	list, err := e.editions(r.Context())
	if err != nil {
		return "", err
	}
	ed, ok := list.Find(festival.EditionID(raw))
	if !ok {
		return "", apperr.Ef(apperr.NotFound, texts.EditionUnknown, raw)
	}
	if ed.State != festival.EditionCurrent && r.Method != http.MethodGet && r.Method != http.MethodHead {
		return "", apperr.E(apperr.Conflict, texts.EditionArchivedReadOnly)
	}
	return ed.ID, nil
}

// editions are the editions read at most editionsTTL ago.
func (e *Editions) editions(ctx context.Context) (festival.EditionList, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if now := e.now(); e.readAt.IsZero() || now.Sub(e.readAt) >= editionsTTL || now.Before(e.readAt) {
		list, err := e.read(ctx)
		if err != nil {
			return festival.EditionList{}, err
		}
		e.list, e.readAt = list, now
	}
	return e.list, nil
}
