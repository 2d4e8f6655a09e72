// Package editionapi serves /editions: the festival's editions (public) and
// the start of the next one (admin). pkg/app decides which function serves it.
package editionapi

import (
	"encoding/json"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/editions"
)

// Handler serves /editions.
type Handler struct{ editions *editions.Service }

// New returns the /editions routes.
func New(eds *editions.Service, g *auth.Guard) http.Handler {
	h := &Handler{editions: eds}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /editions", web.Handle(h.list)) // public: the console's archives of palmarès
	mux.Handle("POST /editions", g.Require(h.start, festival.RoleAdmin))
	return mux
}

func (h *Handler) list(r *http.Request) (int, any, error) {
	l, err := h.editions.List(r.Context())
	return http.StatusOK, l, err
}

// start reads {id, name?, copy_jury?} and starts that edition.
func (h *Handler) start(r *http.Request, actor festival.Actor) (int, any, error) {
	n, err := web.Read(r, texts.EditionIDRequired, nextEdition)
	if err != nil {
		return 0, nil, err
	}
	e, err := h.editions.Start(r.Context(), actor, n)
	return http.StatusCreated, e, err
}

// nextEdition decodes POST /editions's body.
func nextEdition(f web.Fields) (festival.NextEdition, error) {
	var n festival.NextEdition
	for k := range f {
		if k != "id" && k != "name" && k != "copy_jury" {
			return n, apperr.Ef(apperr.Invalid, texts.EditionUnknownField, k)
		}
	}
	id, ok, err := f.String("id")
	if err != nil || !ok || !festival.ValidEditionID(id) {
		return n, apperr.E(apperr.Invalid, texts.EditionIDRequired)
	}
	n.ID = festival.EditionID(id)
	if f.Has("name") {
		if n.Name, _, err = f.String("name"); err != nil {
			return n, apperr.E(apperr.Invalid, texts.EditionNameLength)
		}
	}
	if f.Has("copy_jury") {
		if err := json.Unmarshal(f["copy_jury"], &n.CopyJury); err != nil {
			return n, apperr.E(apperr.Invalid, texts.EditionCopyJury)
		}
	}
	return n, nil
}
