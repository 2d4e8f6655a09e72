// Package eventapi serves the events route group (festival events:
// conferences, workshops, meetups, webinars).
package eventapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// Handler serves /events.
type Handler struct {
	catalog *catalog.Service
}

// New returns the events route group.
func New(cat *catalog.Service, g *auth.Guard) http.Handler {
	h := &Handler{catalog: cat}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.HandleFunc("GET /events", web.Handle(h.list)) // public (docs/architecture.md, "Baseline decisions")
	mux.Handle("POST /events", g.Require(h.create, admin))
	mux.HandleFunc("GET /events/{id}", web.Handle(h.get)) // public, as the listing that shows the same events
	mux.Handle("PUT /events/{id}", g.Require(h.update, admin))
	// PUT without an id answers the specification's "ID manquant dans l'URL".
	mux.Handle("PUT /events", g.Require(h.missingID, admin))
	mux.Handle("PUT /events/{$}", g.Require(h.missingID, admin))
	mux.Handle("DELETE /events/{id}", g.Require(h.delete, admin))
	return mux
}
