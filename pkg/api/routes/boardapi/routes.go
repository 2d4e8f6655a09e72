// Package boardapi serves the selection committee's board: GET
// /movies/board and /movies/tags, a film's tags and notes (mounted beside
// the /movies routes), and an admin's saved views (/users/me/views, beside
// the /users routes). Every route is for admins only.
package boardapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/board"
)

// Handler serves the board's routes.
type Handler struct {
	board *board.Service
}

// MovieRoutes are the board's routes under /movies, which pkg/app mounts
// one by one beside the /movies group.
var MovieRoutes = []string{
	"GET /movies/board", "GET /movies/tags", "PUT /movies/{id}/tags",
	"GET /movies/{id}/notes", "POST /movies/{id}/notes", "DELETE /movies/{id}/notes/{id_note}",
}

// ViewRoutes are the saved views' routes, beside the /users group.
var ViewRoutes = []string{"GET /users/me/views", "PUT /users/me/views"}

// New returns the board's routes (MovieRoutes and ViewRoutes).
func New(svc *board.Service, g *auth.Guard) http.Handler {
	h := &Handler{board: svc}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /movies/board", g.Require(h.view, admin))
	mux.Handle("GET /movies/tags", g.Require(h.tags, admin))
	mux.Handle("PUT /movies/{id}/tags", g.Require(h.setTags, admin))
	mux.Handle("GET /movies/{id}/notes", g.Require(h.notes, admin))
	mux.Handle("POST /movies/{id}/notes", g.Require(h.addNote, admin))
	mux.Handle("DELETE /movies/{id}/notes/{id_note}", g.Require(h.deleteNote, admin))
	mux.Handle("GET /users/me/views", g.Require(h.views, admin))
	mux.Handle("PUT /users/me/views", g.Require(h.saveViews, admin))
	return mux
}

// view serves GET /movies/board: the query is parsed into a
// festival.BoardQuery before anything is read.
func (h *Handler) view(r *http.Request, _ festival.Actor) (int, any, error) {
	q, err := festival.ParseBoardQuery(r.URL.Query())
	if err != nil {
		return 0, nil, err
	}
	b, err := h.board.Board(r.Context(), q)
	return http.StatusOK, b, err
}

func (h *Handler) tags(r *http.Request, _ festival.Actor) (int, any, error) {
	t, err := h.board.Tags(r.Context())
	return http.StatusOK, t, err
}

// tagsAnswer is PUT /movies/{id}/tags's answer.
type tagsAnswer struct {
	Message string   `json:"message"`
	Tags    []string `json:"tags"`
}

func (h *Handler) setTags(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	tags, err := web.Read(r, texts.TagsMissing, func(f web.Fields) ([]string, error) {
		var raw []string
		if ok, err := f.Decode("tags", &raw); err != nil || !ok {
			return nil, apperr.E(apperr.Invalid, texts.TagsMissing)
		}
		return festival.NormalizeTags(raw)
	})
	if err != nil {
		return 0, nil, err
	}
	kept, err := h.board.SetTags(r.Context(), c, id, tags)
	return http.StatusOK, tagsAnswer{Message: web.Say(r, texts.TagsSaved), Tags: kept}, err
}

func (h *Handler) notes(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	n, err := h.board.Notes(r.Context(), c, id)
	return http.StatusOK, n, err
}

func (h *Handler) addNote(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	text, err := web.Read(r, texts.NoteMissing, func(f web.Fields) (string, error) {
		s, ok, err := f.String("text")
		if err != nil || !ok {
			return "", apperr.E(apperr.Invalid, texts.NoteMissing)
		}
		return s, nil
	})
	if err != nil {
		return 0, nil, err
	}
	n, err := h.board.AddNote(r.Context(), c, id, text)
	return http.StatusCreated, n, err
}

func (h *Handler) deleteNote(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.NoteDeleted, h.board.DeleteNote(r.Context(), c, id, r.PathValue("id_note")))
}

func (h *Handler) views(r *http.Request, c festival.Actor) (int, any, error) {
	v, err := h.board.Views(r.Context(), c)
	return http.StatusOK, v, err
}

// saveViews serves PUT /users/me/views {views: [{id?, name, query}]}: the
// list is bounded before each view is decoded.
func (h *Handler) saveViews(r *http.Request, c festival.Actor) (int, any, error) {
	in, err := web.Read(r, texts.ViewsMissing, func(f web.Fields) ([]festival.ViewInput, error) {
		var raw []json.RawMessage
		if ok, err := f.Decode("views", &raw); err != nil || !ok {
			return nil, apperr.E(apperr.Invalid, texts.ViewsMissing)
		}
		if len(raw) > festival.MaxViews {
			return nil, apperr.E(apperr.Invalid, texts.ViewsTooMany)
		}
		views := make([]festival.ViewInput, len(raw))
		for i, v := range raw {
			if err := json.Unmarshal(v, &views[i]); err != nil {
				return nil, apperr.E(apperr.Invalid, texts.ViewShape)
			}
		}
		return views, nil
	})
	if err != nil {
		return 0, nil, err
	}
	v, err := h.board.SaveViews(r.Context(), c, in)
	return http.StatusOK, v, err
}
