package movieapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Saved is the answer of an operation that creates or changes a film.
type Saved struct {
	Message string         `json:"message"`
	Movie   festival.Movie `json:"movie"`
}

// movieID reads the {id} of a film route; an id no film can have is the
// same 404 as an unknown film.
func movieID(r *http.Request) (int64, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, apperr.E(apperr.NotFound, movies.MsgMovieNotFound)
	}
	return id, nil
}

// body reads a JSON body; an empty one is an empty set of fields, which each
// operation answers with its own message.
func body(r *http.Request) (web.Fields, error) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		return web.Fields{}, nil
	}
	return f, err
}

// list serves GET /movies, optionally filtered by ?status= (either
// vocabulary) and ?category= (an id_categorie).
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	web.List(w, r, func(p festival.Page) ([]festival.Movie, string, error) {
		return h.movies.List(r.Context(), movies.ListQuery{Status: q.Get("status"), Category: q.Get("category"), Page: p})
	})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id, err := movieID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	m, err := h.movies.Get(r.Context(), id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, m)
}

func (h *Handler) mine(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.List(w, r, func(p festival.Page) ([]festival.Movie, string, error) { return h.movies.Mine(r.Context(), c, p) })
}

func (h *Handler) assigned(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.List(w, r, func(p festival.Page) ([]festival.Movie, string, error) { return h.movies.Assigned(r.Context(), c, p) })
}

func (h *Handler) upload(w http.ResponseWriter, r *http.Request) {
	parts, err := web.Multipart(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	m, err := h.movies.Upload(r.Context(), c, parts)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusCreated, Saved{Message: movies.MsgCreated, Movie: m})
}

// change is the shape of every JSON-bodied change of one film (the
// movies.Service methods Update, SetStatus, SetCategories, ...).
type change func(ctx context.Context, c festival.Actor, id int64, f web.Fields) (festival.Movie, error)

func (h *Handler) serveChange(w http.ResponseWriter, r *http.Request, msg string, fn change) {
	id, err := movieID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	f, err := body(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	m, err := fn(r.Context(), c, id, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, Saved{Message: msg, Movie: m})
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgUpdated, h.movies.Update)
}

func (h *Handler) setStatus(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgStatusUpdated, h.movies.SetStatus)
}

func (h *Handler) setCategories(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgCategoriesSet, h.movies.SetCategories)
}

func (h *Handler) setJuries(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgJuriesSet, h.movies.SetJuries)
}

func (h *Handler) setCollaborators(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgCollaboratorsOK, h.movies.SetCollaborators)
}

// markCandidate takes no body; one that is sent is ignored.
func (h *Handler) markCandidate(w http.ResponseWriter, r *http.Request) {
	id, err := movieID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	m, err := h.movies.MarkCandidate(r.Context(), c, id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, Saved{Message: movies.MsgCandidate, Movie: m})
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, movieID, movies.MsgDeleted, func(id int64) error { return h.movies.Delete(r.Context(), c, id) })
}

func (h *Handler) media(w http.ResponseWriter, r *http.Request) {
	id, err := movieID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	m, err := h.movies.Media(r.Context(), c, id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, m)
}

func (h *Handler) startUpload(w http.ResponseWriter, r *http.Request) {
	id, err := movieID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	f, err := body(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	up, err := h.movies.StartUpload(r.Context(), c, id, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusCreated, up)
}

func (h *Handler) completeUpload(w http.ResponseWriter, r *http.Request) {
	h.serveChange(w, r, movies.MsgFileUploaded, h.movies.CompleteUpload)
}
