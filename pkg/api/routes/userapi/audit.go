package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// audit answers GET /audit: entries newest first, one page (100 by default),
// the next page's cursor in X-Next-Cursor.
func (h *Handler) audit(r *http.Request, _ festival.Actor) (int, any, error) {
	q, err := readAuditQuery(r.URL.Query())
	if err != nil {
		return 0, nil, err
	}
	entries, next, err := h.admin.Audit(r.Context(), q)
	return http.StatusOK, web.Page(entries, next), err
}

// notifications lists the outbox (GET /notifications?state=, admin): the
// failed messages by default, since they are what an admin must act on.
func (h *Handler) notifications(r *http.Request, _ festival.Actor) (int, any, error) {
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
