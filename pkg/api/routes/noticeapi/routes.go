// Package noticeapi serves /users/me/notices: a person's notices in the
// app, the messages the outbox delivered to them, for any signed-in role.
// pkg/app mounts it beside the /users routes, in the users function.
package noticeapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/notify"
)

// Handler serves /users/me/notices.
type Handler struct {
	inbox *notify.Inbox
}

// New returns the /users/me/notices routes.
func New(inbox *notify.Inbox, g *auth.Guard) http.Handler {
	h := &Handler{inbox: inbox}
	mux := http.NewServeMux()
	mux.Handle("GET /users/me/notices", g.Require(h.list))
	mux.Handle("GET /users/me/notices/unread", g.Require(h.unread))
	mux.Handle("POST /users/me/notices/read", g.Require(h.markRead))
	return mux
}

// list answers GET /users/me/notices?unread=&limit=&cursor=: the caller's
// notices newest first, one page (50 by default), the next page's cursor
// in X-Next-Cursor.
func (h *Handler) list(r *http.Request, c festival.Actor) (int, any, error) {
	unread := false
	switch r.URL.Query().Get("unread") {
	case "", "false":
	case "true":
		unread = true
	default:
		return 0, nil, apperr.E(apperr.Invalid, texts.NoticesUnreadBool)
	}
	return web.List(r, func(p festival.Page) ([]festival.Notice, string, error) {
		return h.inbox.List(r.Context(), c, unread, p)
	})
}

// Unread is the answer of GET /users/me/notices/unread.
type Unread struct {
	Unread int64 `json:"unread"`
}

// unread answers how many of the caller's notices are unread.
func (h *Handler) unread(r *http.Request, c festival.Actor) (int, any, error) {
	n, err := h.inbox.Unread(r.Context(), c)
	return http.StatusOK, Unread{Unread: n}, err
}

// Marked is the answer of POST /users/me/notices/read.
type Marked struct {
	Message string `json:"message"`
	Unread  int64  `json:"unread"`
}

// markRead marks notices read: {ids: [...]} or {all: true}.
func (h *Handler) markRead(r *http.Request, c festival.Actor) (int, any, error) {
	req, err := web.Read(r, texts.NoticesReadEmpty, readMarks)
	if err != nil {
		return 0, nil, err
	}
	n, err := h.inbox.MarkRead(r.Context(), c, req)
	return http.StatusOK, Marked{Message: web.Say(r, texts.NoticesMarkedRead), Unread: n}, err
}

// readMarks reads the body into a checked request.
func readMarks(f web.Fields) (festival.NoticesRead, error) {
	var ids []string
	var all bool
	if _, err := f.Decode("ids", &ids); err != nil {
		return festival.NoticesRead{}, err
	}
	if _, err := f.Decode("all", &all); err != nil {
		return festival.NoticesRead{}, err
	}
	return festival.NewNoticesRead(ids, all)
}
