package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
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
