// Package streamapi serves a film's adaptive stream (the screening room):
// the ticket, the playlists written for the ticket's holder and the key of
// each minute of film. Players fetch playlists and keys by URL, with the
// ticket in the query instead of the bearer token.
package streamapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/screeningroom"
)

// Handler serves the stream routes of /movies.
type Handler struct {
	room *screeningroom.Service
}

// New returns the stream routes. The ticket route needs a bearer token (the
// service checks who may watch the film); playlists and keys need a ticket.
func New(room *screeningroom.Service, guard *auth.Guard) http.Handler {
	h := &Handler{room: room}
	mux := http.NewServeMux()
	mux.Handle("GET /movies/{id}/stream", guard.Require(h.ticket)) // + admin, owner or assigned jury
	mux.Handle("GET /movies/{id}/stream/{file}", web.Handle(h.playlist))
	mux.Handle("GET /movies/{id}/keys/{minute}", web.Handle(h.key))
	return mux
}

func (h *Handler) ticket(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	t, err := h.room.Ticket(r.Context(), c, id)
	return http.StatusOK, t, err
}

// maxTicket bounds the ticket read from the query (the contract's
// maxLength): a longer one is refused before anything reads it.
const maxTicket = 512

// streamTicket reads ?ticket=: missing or too long is a refused ticket.
func streamTicket(r *http.Request) (string, error) {
	t := r.URL.Query().Get("ticket")
	if t == "" || len(t) > maxTicket {
		return "", apperr.E(apperr.Forbidden, texts.BadTicket)
	}
	return t, nil
}

func (h *Handler) playlist(r *http.Request) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	file, ok := screeningroom.ParsePlaylistName(r.PathValue("file"))
	if !ok {
		return 0, nil, apperr.E(apperr.NotFound, texts.StreamFileNotFound)
	}
	ticket, err := streamTicket(r)
	if err != nil {
		return 0, nil, err
	}
	p, err := h.room.Playlist(r.Context(), id, ticket, file)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, private{"application/vnd.apple.mpegurl", []byte(p)}, nil
}

func (h *Handler) key(r *http.Request) (int, any, error) {
	id, err := web.MovieID(r)
	if err != nil {
		return 0, nil, err
	}
	minute, ok := screeningroom.ParseMinute(r.PathValue("minute"))
	if !ok {
		return 0, nil, apperr.E(apperr.NotFound, texts.KeyMinuteNotFound)
	}
	ticket, err := streamTicket(r)
	if err != nil {
		return 0, nil, err
	}
	k, err := h.room.Key(r.Context(), id, ticket, minute)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, private{"application/octet-stream", k[:]}, nil
}

// private is a body written as it is, never kept by a cache: a playlist's
// presigned URLs and a key are for the ticket's holder, now.
type private struct {
	contentType string
	body        []byte
}

func (p private) Write(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", p.contentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(p.body)
}
