// Package auditapi serves /audit: the audit trail (admin only). pkg/app
// decides which function serves it.
package auditapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// Handler serves /audit, /audit/actions and /audit.csv.
type Handler struct {
	admin *festadmin.Service
}

// New returns the /audit route.
func New(adm *festadmin.Service, g *auth.Guard) http.Handler {
	h := &Handler{admin: adm}
	mux := http.NewServeMux()
	mux.Handle("GET /audit", g.Require(h.list, festival.RoleAdmin))
	mux.Handle("GET /audit/actions", g.Require(h.actions, festival.RoleAdmin))
	mux.Handle("GET /audit.csv", g.Require(h.export, festival.RoleAdmin))
	return mux
}
