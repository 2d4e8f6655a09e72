// Package voteapi serves the votes route group: jury votes and the jury
// results for admins.
package voteapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// Handler serves /votes.
type Handler struct {
	votes *voting.Service
}

// New returns the votes route group. A PRODUCER gets 403 on every route.
func New(votes *voting.Service, g *auth.Guard) http.Handler {
	h := &Handler{votes: votes}
	admin, jury := festival.RoleAdmin, festival.RoleJury
	mux := http.NewServeMux()
	mux.Handle("GET /votes/mine", g.Require(h.listMine, jury, admin))
	mux.Handle("GET /votes/mine/{id_movie}", g.Require(h.getMine, jury, admin))
	mux.Handle("POST /votes/mine/{id_movie}", g.Require(h.vote, jury, admin)) // a confirmed address: festival.CheckJudging
	mux.Handle("GET /votes/allowed/{id_movie}", g.Require(h.allowed, jury))
	mux.Handle("GET /votes/queue", g.Require(h.queue, jury))
	mux.Handle("GET /votes", g.Require(h.list, admin))
	mux.Handle("GET /votes/results", g.Require(h.results, admin))
	mux.Handle("GET /votes/results.csv", g.Require(h.resultsCSV, admin))
	mux.Handle("GET /votes/progress", g.Require(h.progress, admin))
	mux.Handle("GET /votes/progress/mine", g.Require(h.myProgress, jury))
	mux.Handle("GET /votes/ledger", g.Require(h.ledger, admin))
	mux.HandleFunc("GET /votes/ledger/head", web.Handle(h.ledgerHead)) // public: the palmarès shows it
	mux.Handle("DELETE /votes/movie/{id_movie}", g.Require(h.deleteOfMovie, admin))
	mux.Handle("DELETE /votes/{id}", g.Require(h.delete, admin))
	return mux
}
