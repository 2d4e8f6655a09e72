// Package userapi serves the users route group.
package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/accounts"
	"github.com/festivalapi/festival/pkg/auth"
	"github.com/festivalapi/festival/pkg/festival"
)

// Handler serves /users.
type Handler struct {
	accounts *accounts.Service
	guard    *auth.Guard
}

// New returns the users route group.
func New(acc *accounts.Service, guard *auth.Guard) http.Handler {
	h := &Handler{accounts: acc, guard: guard}
	g := guard
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /users/me", g.Require(h.getMe))
	mux.Handle("PUT /users/me", g.Require(h.updateMe))
	mux.Handle("GET /users", g.Require(h.list, admin))
	mux.Handle("GET /users/{id}", g.Require(h.get, admin))
	mux.HandleFunc("POST /users", h.create) // open: the spec leaves it to the registration flow
	mux.Handle("PUT /users/{id}", g.Require(h.update, admin))
	mux.Handle("DELETE /users/{id}", g.Require(h.delete, admin))
	return mux
}
