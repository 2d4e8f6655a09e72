package movieapi

import (
	"context"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/movieform"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Saved is the answer of an operation that creates or changes a film.
type Saved struct {
	Message string         `json:"message"`
	Movie   festival.Movie `json:"movie"`
}

// list serves GET /movies, optionally filtered by ?status= (either
// vocabulary), ?category= (an id_categorie) and ?incomplete= (admins).
// Anyone not signed in reads the same answer for the same query and
// language until the films or the settings change: it is kept finished
// (web.Answers), so a hit neither lists, encodes nor compresses.
func (h *Handler) list(r *http.Request, c festival.Actor) (int, any, error) {
	q := r.URL.Query()
	build := func(r *http.Request) (int, any, error) {
		return web.List(r, func(p festival.Page) ([]festival.Movie, string, error) {
			return h.movies.List(r.Context(), c, movies.ListQuery{Status: q.Get("status"), Category: q.Get("category"), Incomplete: q.Get("incomplete"), Page: p})
		})
	}
	if c != (festival.Actor{}) {
		return build(r)
	}
	stamp, until, err := h.movies.PublicStamp(r.Context())
	if err != nil {
		return 0, nil, err
	}
	params := []string{q.Get("status"), q.Get("category"), q.Get("incomplete"), q.Get("limit"), q.Get("cursor")}
	return h.answers.Serve(r, params, stamp, until, h.movies.Now(), build)
}

func (h *Handler) get(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.Get(r.Context(), c, id)
	if err == nil && c.Is(festival.RoleAdmin) {
		return http.StatusOK, adminMovie{Movie: m, Tags: nonNil(m.Tags), Notes: m.NoteCount}, nil
	}
	return http.StatusOK, m, err
}

// adminMovie is a film as an admin reads it: with the selection
// committee's tags and its count of notes, which no other answer carries
// (festival.Movie leaves them out of its JSON).
type adminMovie struct {
	festival.Movie
	Tags  []string `json:"tags"`
	Notes int      `json:"notes"`
}

func nonNil(tags []string) []string {
	if tags == nil {
		return []string{}
	}
	return tags
}

func (h *Handler) mine(r *http.Request, c festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Movie, string, error) { return h.movies.Mine(r.Context(), c, p) })
}

func (h *Handler) assigned(r *http.Request, c festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Movie, string, error) { return h.movies.Assigned(r.Context(), c, p) })
}

// upload submits a film: one call to the service, which admits the
// submission (a late-entry code comes in the query, ?late_code=) before it
// reads the body, so a refused one uploads nothing.
func (h *Handler) upload(r *http.Request, c festival.Actor) (int, any, error) {
	form, err := movieform.Open(r, h.movies.Now())
	m, err := h.movies.Submit(r.Context(), c, movies.Upload{LateCode: r.URL.Query().Get("late_code"), Form: form, FormErr: err})
	return http.StatusCreated, Saved{Message: web.Say(r, texts.MovieSubmitted), Movie: m}, err
}

// change is the shape of every JSON-bodied change of one film (the
// movies.Service methods Update, SetStatus, SetCategories, ...); changed
// serves one of them, answering msg with the film.
type change func(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error)

func changed(msg texts.Key, fn change) func(*http.Request, festival.Actor) (int, any, error) {
	return func(r *http.Request, c festival.Actor) (int, any, error) {
		id, err := web.MovieID(r)
		if err != nil {
			return 0, nil, err
		}
		f, err := web.Body(r, "")
		if err != nil {
			return 0, nil, err
		}
		m, err := fn(r.Context(), c, id, f)
		if c.Is(festival.RoleAdmin) {
			// A changed film is read as stored, in the admins' words: in
			// the language the admin reads.
			m.StatusLabel = festival.StatusWordIn(web.Lang(r), festival.AudienceAdmin, m.SelectionStatus, true)
		}
		return http.StatusOK, Saved{Message: web.Say(r, msg), Movie: m}, err
	}
}

// markCandidate takes no body; one that is sent is ignored.
func (h *Handler) markCandidate(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.MarkCandidate(r.Context(), c, id)
	return http.StatusOK, Saved{Message: web.Say(r, texts.MarkedCandidate), Movie: m}, err
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.MovieDeleted, h.movies.Delete(r.Context(), c, id))
}

func (h *Handler) media(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.movies.Media(r.Context(), c, id)
	return http.StatusOK, m, err
}

// viewing records a stretch the calling jury member played ({from, to},
// seconds from the film's start).
func (h *Handler) myViewing(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	v, err := h.movies.MyViewing(r.Context(), c, id)
	return http.StatusOK, v, err
}

func (h *Handler) viewing(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	span, err := web.Read(r, texts.BadSpan, func(f web.Fields) (festival.Span, error) {
		var from, to float64
		_, e1 := f.Decode("from", &from)
		_, e2 := f.Decode("to", &to)
		if e1 != nil || e2 != nil || !f.Has("from") || !f.Has("to") {
			return festival.Span{}, apperr.E(apperr.Invalid, texts.BadSpan)
		}
		return festival.ParseSpan(from, to)
	})
	if err != nil {
		return 0, nil, err
	}
	v, err := h.movies.RecordViewing(r.Context(), c, id, span)
	return http.StatusOK, v, err
}
