// Package settingsapi serves /settings: the festival's settings, its
// late-entry codes and its message templates (admin only). pkg/app decides which function serves it.
package settingsapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/festadmin"
	"github.com/festivalapi/festival/pkg/service/messaging"
)

// Handler serves /settings.
type Handler struct {
	admin    *festadmin.Service
	messages *messaging.Service
}

// New returns the /settings routes.
func New(adm *festadmin.Service, msg *messaging.Service, g *auth.Guard) http.Handler {
	h := &Handler{admin: adm, messages: msg}
	admin := festival.RoleAdmin
	mux := http.NewServeMux()
	mux.Handle("GET /settings", g.Require(h.get, admin))
	mux.Handle("PUT /settings", g.Require(h.update, admin))
	mux.Handle("GET /settings/late-codes", g.Require(h.lateCodes, admin))
	mux.Handle("POST /settings/late-codes", g.Require(h.createLateCode, admin))
	mux.Handle("DELETE /settings/late-codes/{code}", g.Require(h.deleteLateCode, admin))
	mux.Handle("GET /settings/status-words", g.Optional(statusWords))
	mux.Handle("GET /settings/form", g.Optional(h.form))
	mux.Handle("PUT /settings/form", g.Require(h.replaceForm, admin))
	mux.Handle("GET /settings/templates", g.Require(h.templates, admin))
	mux.Handle("PUT /settings/templates/{kind}", g.Require(h.saveTemplate, admin))
	mux.Handle("DELETE /settings/templates/{kind}", g.Require(h.resetTemplate, admin))
	return mux
}

// statusWords is the table of a status's words by audience (GET
// /settings/status-words, anyone): the console reads the words from it.
func statusWords(r *http.Request, _ festival.Actor) (int, any, error) {
	return http.StatusOK, festival.StatusWords(texts.LangOf(r.Context())), nil
}
