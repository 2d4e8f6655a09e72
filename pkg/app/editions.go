package app

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
)

// serve wraps a route group's handler with what every request needs
// (web.Serve) and the check of the edition it names (?edition=: 400, 404,
// or 409 for a write to an archived edition), which puts the edition in
// the request's context for the stores.
func (d *Deps) serve(group string, h http.Handler) http.Handler {
	if d.editions == nil {
		d.editions = web.NewEditions(d.Store.Settings.ListEditions, d.Now)
	}
	return web.Serve(d.Log, group, d.editions.Wrap(h))
}
