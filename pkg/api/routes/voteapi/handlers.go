package voteapi

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
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

func (h *Handler) vote(w http.ResponseWriter, r *http.Request) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		web.Error(w, r, err)
		return
	}
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		err = apperr.E(apperr.Invalid, voting.MsgEmptyVote)
	}
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	saved, err := h.votes.Vote(r.Context(), c, id, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	if saved.Created {
		web.JSON(w, http.StatusCreated, VoteBody{Message: voting.MsgVoteCreated, Vote: saved.Vote})
		return
	}
	web.JSON(w, http.StatusOK, VoteBody{Message: voting.MsgVoteUpdated, Vote: saved.Vote})
}

func (h *Handler) getMine(w http.ResponseWriter, r *http.Request) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	v, err := h.votes.Mine(r.Context(), c, id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, v)
}

func (h *Handler) listMine(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.List(w, r, func(p festival.Page) ([]festival.Vote, string, error) { return h.votes.AllMine(r.Context(), c, p) })
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	web.List(w, r, func(p festival.Page) ([]festival.Vote, string, error) { return h.votes.All(r.Context(), p) })
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, web.IDFrom("id"), voting.MsgVoteDeleted, func(id int64) error { return h.votes.Delete(r.Context(), c, id) })
}

func (h *Handler) deleteOfMovie(w http.ResponseWriter, r *http.Request) {
	id, err := web.PathID(r, "id_movie")
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	n, err := h.votes.DeleteOfMovie(r.Context(), c, id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, DeletedBody{Message: voting.MsgMovieVotesGone, Deleted: n})
}

// categoryFilter reads the optional ?id_categorie= of the results.
func categoryFilter(r *http.Request) (int64, error) {
	s := r.URL.Query().Get("id_categorie")
	if s == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Ef(apperr.Invalid, "Paramètre id_categorie invalide : %q (entier positif attendu)", s)
	}
	return id, nil
}

func (h *Handler) results(w http.ResponseWriter, r *http.Request) {
	cat, err := categoryFilter(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	res, err := h.votes.Results(r.Context(), cat)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, res)
}

func (h *Handler) resultsCSV(w http.ResponseWriter, r *http.Request) {
	cat, err := categoryFilter(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	res, err := h.votes.Results(r.Context(), cat)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	// Rendered in memory first, so that a failure can still answer with a
	// proper error status.
	var buf bytes.Buffer
	if err := voting.WriteCSV(&buf, res); err != nil {
		web.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="jury-results.csv"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}
