package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/service/festadmin"
)

// audit answers GET /audit: entries newest first, one page (100 by default),
// the next page's cursor in X-Next-Cursor.
func (h *Handler) audit(w http.ResponseWriter, r *http.Request) {
	q, err := festadmin.ParseAuditQuery(r.URL.Query())
	if err != nil {
		web.Error(w, r, err)
		return
	}
	entries, next, err := h.admin.Audit(r.Context(), q)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.SetNextCursor(w, next)
	web.JSON(w, http.StatusOK, entries)
}
