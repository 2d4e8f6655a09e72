// Package notificationapi serves /notifications: the outbox's messages, for
// admins to see what the festival told whom and what it could not, to
// rewrite, withdraw or release the messages still waiting, and the composer
// that writes to a group. pkg/app decides which function serves it.
package notificationapi

import (
	"net/http"
	"regexp"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/messaging"
	"github.com/festivalapi/festival/pkg/service/notify"
)

// Handler serves /notifications.
type Handler struct {
	desk     *notify.Desk
	messages *messaging.Service
}

// New returns the /notifications routes.
func New(desk *notify.Desk, msg *messaging.Service, g *auth.Guard) http.Handler {
	h := &Handler{desk: desk, messages: msg}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /notifications", g.Require(h.list, admin))
	mux.Handle("PUT /notifications/{id}", g.Require(h.edit, admin))
	mux.Handle("DELETE /notifications/{id}", g.Require(h.discard, admin))
	mux.Handle("POST /notifications/release", g.Require(h.release, admin))
	mux.Handle("POST /notifications/compose", g.Require(h.compose, admin))
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
		return 0, nil, apperr.Ef(apperr.Invalid, texts.StateInvalid, name)
	}
	return web.List(r, func(p festival.Page) ([]festival.Message, string, error) { return h.desk.List(r.Context(), st, p) })
}

// messageID is the shape of a message's id (festival.NewTimeID): anything
// else names no message.
var messageID = regexp.MustCompile(`^[0-9A-Za-z-]{1,64}$`)

// pathMessage reads the {id} of a message's path: 404 when it cannot be one.
func pathMessage(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if !messageID.MatchString(id) {
		return "", apperr.E(apperr.NotFound, texts.MessageNotFound)
	}
	return id, nil
}

// editAnswer is PUT /notifications/{id}'s answer.
type editAnswer struct {
	Message      string           `json:"message"`
	Notification festival.Message `json:"notification"`
}

// edit rewrites a pending message (PUT /notifications/{id} {subject?, text?}).
func (h *Handler) edit(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := pathMessage(r)
	if err != nil {
		return 0, nil, err
	}
	e, err := web.Read(r, texts.MessageEditEmpty, readEdit)
	if err != nil {
		return 0, nil, err
	}
	m, err := h.desk.Edit(r.Context(), c, id, e)
	return http.StatusOK, editAnswer{Message: web.Say(r, texts.MessageEdited), Notification: m}, err
}

// readEdit reads {subject?, text?} into a checked rewrite.
func readEdit(f web.Fields) (festival.MessageEdit, error) {
	subject, err := optional(f, "subject")
	if err != nil {
		return festival.MessageEdit{}, err
	}
	text, err := optional(f, "text")
	if err != nil {
		return festival.MessageEdit{}, err
	}
	return festival.NewMessageEdit(subject, text)
}

// optional is a string field, nil when absent or null.
func optional(f web.Fields, name string) (*string, error) {
	s, ok, err := f.String(name)
	if !ok || err != nil {
		return nil, err
	}
	return &s, nil
}

// discard withdraws a pending message (DELETE /notifications/{id}).
func (h *Handler) discard(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := pathMessage(r)
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.MessageDiscarded, h.desk.Discard(r.Context(), c, id))
}

// releaseAnswer is POST /notifications/release's answer.
type releaseAnswer struct {
	Message  string `json:"message"`
	Released int    `json:"released"`
}

// release releases one category's decisions now ({"id_categorie": n}), or
// every decision ({}).
func (h *Handler) release(r *http.Request, c festival.Actor) (int, any, error) {
	cat, err := web.Read(r, "", readCategory)
	if err != nil {
		return 0, nil, err
	}
	n, err := h.desk.Release(r.Context(), c, cat)
	text := texts.DecisionsReleased
	if cat != 0 {
		text = texts.CategoryDecisionsFreed
	}
	return http.StatusOK, releaseAnswer{Message: web.Say(r, text, n), Released: n}, err
}

// readCategory reads the optional id_categorie (0: every category).
func readCategory(f web.Fields) (int64, error) {
	var id int64
	ok, err := f.Decode("id_categorie", &id)
	if err != nil || (ok && id <= 0) {
		return 0, apperr.E(apperr.Invalid, texts.ReleaseCategoryShape)
	}
	return id, nil
}
