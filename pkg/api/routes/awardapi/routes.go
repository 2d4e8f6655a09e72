// Package awardapi serves the awards route group.
package awardapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/catalog"
)

// Handler serves /awards.
type Handler struct {
	catalog *catalog.Service
}

// New returns the awards route group; every route is for admins.
func New(cat *catalog.Service, g *auth.Guard) http.Handler {
	h := &Handler{catalog: cat}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /awards", g.Require(h.list, admin))
	mux.Handle("POST /awards", g.Require(h.create, admin))
	mux.Handle("DELETE /awards/{id}", g.Require(h.delete, admin))
	return mux
}
