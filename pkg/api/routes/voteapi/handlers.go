package voteapi

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// VoteBody is the answer of POST /votes/mine/:id_movie.
type VoteBody struct {
	Message string        `json:"message"`
	Vote    festival.Vote `json:"vote"`
}

// DeletedBody is the answer of DELETE /votes/movie/:id_movie.
type DeletedBody struct {
	Message string `json:"message"`
	Deleted int    `json:"deleted"`
}

func (h *Handler) vote(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		return 0, nil, err
	}
	b, err := web.Read(r, texts.EmptyVote, readBallot)
	if err != nil {
		return 0, nil, err
	}
	saved, err := h.votes.Vote(r.Context(), c, id, b)
	if saved.Created {
		return http.StatusCreated, VoteBody{Message: web.Say(r, texts.VoteCreated), Vote: saved.Vote}, err
	}
	return http.StatusOK, VoteBody{Message: web.Say(r, texts.VoteUpdated), Vote: saved.Vote}, err
}

func (h *Handler) getMine(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		return 0, nil, err
	}
	v, err := h.votes.Mine(r.Context(), c, id)
	return http.StatusOK, v, err
}

func (h *Handler) listMine(r *http.Request, c festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Vote, string, error) { return h.votes.AllMine(r.Context(), c, p) })
}

func (h *Handler) list(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.Vote, string, error) { return h.votes.All(r.Context(), p) })
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.VoteDeleted, h.votes.Delete(r.Context(), c, id))
}

func (h *Handler) deleteOfMovie(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		return 0, nil, err
	}
	n, err := h.votes.DeleteOfMovie(r.Context(), c, id)
	return http.StatusOK, DeletedBody{Message: web.Say(r, texts.MovieVotesDeleted), Deleted: n}, err
}

// categoryFilter reads the optional ?id_categorie= of the results.
func categoryFilter(r *http.Request) (int64, error) {
	s := r.URL.Query().Get("id_categorie")
	if s == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Ef(apperr.Invalid, texts.BadCategoryParam, s)
	}
	return id, nil
}

func (h *Handler) results(r *http.Request, _ festival.Actor) (int, any, error) {
	cat, err := categoryFilter(r)
	if err != nil {
		return 0, nil, err
	}
	res, err := h.votes.Results(r.Context(), cat)
	return http.StatusOK, res, err
}

func (h *Handler) resultsCSV(r *http.Request, _ festival.Actor) (int, any, error) {
	cat, err := categoryFilter(r)
	if err != nil {
		return 0, nil, err
	}
	res, err := h.votes.Results(r.Context(), cat)
	if err != nil {
		return 0, nil, err
	}
	// Rendered in memory first, so that a failure can still answer with a
	// proper error status.
	var buf bytes.Buffer
	err = voting.WriteCSV(&buf, res)
	return http.StatusOK, web.CSV{Name: "jury-results.csv", Data: buf.Bytes()}, err
}

// progress is every jury member's progress, by last name (admin).
func (h *Handler) progress(r *http.Request, _ festival.Actor) (int, any, error) {
	p, err := h.votes.Progress(r.Context())
	return http.StatusOK, p, err
}

// myProgress is the calling jury member's own progress.
func (h *Handler) myProgress(r *http.Request, c festival.Actor) (int, any, error) {
	p, err := h.votes.MyProgress(r.Context(), c)
	return http.StatusOK, p, err
}

// ledger exports the vote ledger's linked entries in order (admin): all of
// them, or one page with ?limit=&cursor=.
func (h *Handler) ledger(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.LedgerEntry, string, error) { return h.votes.Ledger(r.Context(), p) })
}

// ledgerHead is the vote ledger's head (public).
func (h *Handler) ledgerHead(r *http.Request) (int, any, error) {
	head, err := h.votes.LedgerHead(r.Context())
	return http.StatusOK, head, err
}
