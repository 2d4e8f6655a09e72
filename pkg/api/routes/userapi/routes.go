// Package userapi serves the users route group.
package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// Handler serves /users.
type Handler struct {
	accounts *accounts.Service
	guard    *auth.Guard
	admin    *festadmin.Service
}

// New returns the users route group, which also serves the festival
// settings and the audit trail (admin routes that need no function of their own).
func New(acc *accounts.Service, guard *auth.Guard, adm *festadmin.Service) http.Handler {
	h := &Handler{accounts: acc, guard: guard, admin: adm}
	g := guard
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /users/me", g.Require(h.getMe))
	mux.Handle("PUT /users/me", g.Require(h.updateMe))
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
	mux.Handle("GET /settings", g.Require(h.getSettings, admin))
	mux.Handle("PUT /settings", g.Require(h.updateSettings, admin))
	mux.HandleFunc("GET /season", web.Handle(h.getSeason)) // public: the calendar a submitter or a juror needs
	mux.Handle("GET /settings/late-codes", g.Require(h.lateCodes, admin))
	mux.Handle("POST /settings/late-codes", g.Require(h.createLateCode, admin))
	mux.Handle("DELETE /settings/late-codes/{code}", g.Require(h.deleteLateCode, admin))
	mux.Handle("GET /audit", g.Require(h.audit, admin))
	mux.Handle("GET /notifications", g.Require(h.notifications, admin))
	return mux
}
