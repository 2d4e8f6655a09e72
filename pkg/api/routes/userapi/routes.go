// Package userapi serves the users route group.
package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/accounts"
)

// Handler serves /users.
type Handler struct {
	accounts *accounts.Service
	guard    *auth.Guard
}

// New returns the /users routes.
func New(acc *accounts.Service, guard *auth.Guard) http.Handler {
	h := &Handler{accounts: acc, guard: guard}
	g := guard
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /users/me", g.Require(h.getMe))
	mux.Handle("PUT /users/me", g.Require(h.updateMe))
	mux.Handle("DELETE /users/me", g.Require(h.eraseMe))
	mux.Handle("GET /users/me/export", g.Require(h.export))
	mux.Handle("GET /users/me/export/{id}", g.Require(h.download))
	mux.Handle("GET /users/me/reminders", g.Require(h.getReminders))
	mux.Handle("PUT /users/me/reminders", g.Require(h.setReminders))
	mux.Handle("GET /users/me/jury-profile", g.Require(h.getMyJuryProfile, festival.RoleJury))
	mux.Handle("PUT /users/me/jury-profile", g.Require(h.setMyJuryProfile, festival.RoleJury))
	mux.Handle("GET /users/{id}/jury-profile", g.Require(h.getJuryProfile, admin))
	mux.Handle("PUT /users/{id}/jury-profile", g.Require(h.putJuryProfile, admin))
	mux.Handle("GET /users", g.Require(h.list, admin))
	mux.Handle("GET /users/{id}", g.Require(h.get, admin))
	mux.HandleFunc("POST /users", web.Handle(h.create)) // open: the spec leaves it to the registration flow
	mux.Handle("PUT /users/{id}", g.Require(h.update, admin))
	mux.Handle("DELETE /users/{id}", g.Require(h.delete, admin))
	return mux
}
