package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/accounts"
)

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	f, err := registration.ReadBody(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	// The route is open, but an admin's token lifts the festival's limit on
	// self-registered roles; an invalid token counts as none (the route needs none).
	var by *festival.Actor
	if r.Header.Get("Authorization") != "" {
		if caller, err := h.guard.Authenticate(r); err == nil {
			by = &caller
		}
	}
	c, err := h.accounts.Create(r.Context(), by, f)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	registration.Write(w, c)
}

func (h *Handler) getMe(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	h.writeUser(w, r, c.ID)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id, err := userID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	h.writeUser(w, r, id)
}

func (h *Handler) writeUser(w http.ResponseWriter, r *http.Request, id int64) {
	u, err := h.accounts.Get(r.Context(), id)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, u.Public())
}

// list shows users without their password hash.
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	web.List(w, r, func(p festival.Page) ([]festival.UserJSON, string, error) {
		users, next, err := h.accounts.List(r.Context(), p)
		out := make([]festival.UserJSON, len(users))
		for i, u := range users {
			out[i] = u.Public()
		}
		return out, next, err
	})
}

func (h *Handler) updateMe(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	h.writeUpdate(w, r, c.ID, false)
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	id, err := userID(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	h.writeUpdate(w, r, id, true)
}

// writeUpdate answers 200 with the full user, hash included, as the spec shows.
func (h *Handler) writeUpdate(w http.ResponseWriter, r *http.Request, id int64, allowRole bool) {
	f, err := registration.ReadBody(r)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	c, _ := auth.CallerFrom(r.Context())
	u, err := h.accounts.Update(r.Context(), c, id, f, allowRole)
	if err != nil {
		web.Error(w, r, err)
		return
	}
	web.JSON(w, http.StatusOK, u.WithHash())
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	c, _ := auth.CallerFrom(r.Context())
	web.Delete(w, r, userID, accounts.MsgUserDeleted, func(id int64) error { return h.accounts.Delete(r.Context(), c, id) })
}

// userID reads the {id} of a user route; an id that cannot exist is the
// spec's 404 "Utilisateur non trouvé", like an unknown one.
func userID(r *http.Request) (int64, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, apperr.E(apperr.NotFound, accounts.MsgUserNotFound)
	}
	return id, nil
}
