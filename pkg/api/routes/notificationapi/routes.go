// Package notificationapi serves /notifications: the outbox's messages, for
// admins to see what the festival told whom and what it could not, and the
// composer that writes to a group. pkg/app
// decides which function serves it.
package notificationapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/festadmin"
	"github.com/festivalapi/festival/pkg/service/messaging"
)

// Handler serves /notifications.
type Handler struct {
	admin    *festadmin.Service
	messages *messaging.Service
}

// New returns the /notifications routes.
func New(adm *festadmin.Service, msg *messaging.Service, g *auth.Guard) http.Handler {
	h := &Handler{admin: adm, messages: msg}
	mux := http.NewServeMux()
	mux.Handle("GET /notifications", g.Require(h.list, festival.RoleAdmin))
	mux.Handle("POST /notifications/compose", g.Require(h.compose, festival.RoleAdmin))
	return mux
}

// list lists the outbox (GET /notifications?state=): the failed messages by
// default, since they are what an admin must act on.
func (h *Handler) list(r *http.Request, _ festival.Actor) (int, any, error) {
	name := r.URL.Query().Get("state")
	if name == "" {
		name = string(festival.MessageFailed)
	}
	st, ok := festival.ParseMessageState(name)
	if !ok {
		return 0, nil, apperr.Ef(apperr.Invalid, "Paramètre state invalide : %q (valeurs possibles : pending, sent, failed)", name)
	}
	return web.List(r, func(p festival.Page) ([]festival.Message, string, error) { return h.admin.Messages(r.Context(), st, p) })
}
