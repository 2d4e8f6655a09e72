// Package categoryapi serves the categories route group.
package categoryapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// Handler serves /categories.
type Handler struct {
	catalog *catalog.Service
}

// New returns the categories route group.
func New(cat *catalog.Service, g *auth.Guard) http.Handler {
	h := &Handler{catalog: cat}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.HandleFunc("GET /categories", web.Handle(h.list)) // public (docs/architecture.md, "Baseline decisions")
	mux.Handle("POST /categories", g.Require(h.create, admin))
	mux.Handle("PUT /categories/{id}", g.Require(h.update, admin))
	mux.Handle("DELETE /categories/{id}", g.Require(h.delete, admin))
	return mux
}
