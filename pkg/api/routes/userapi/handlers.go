package userapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

func (h *Handler) create(r *http.Request) (int, any, error) {
	// The route is open, but an admin's token lifts the festival's limit on
	// self-registered roles; an invalid token counts as none (the route needs none).
	var by *festival.Actor
	if r.Header.Get("Authorization") != "" {
		if caller, err := h.guard.Authenticate(r); err == nil {
			by = &caller
		}
	}
	return registration.Register(r, h.accounts, by)
}

// getMe answers the caller's record as the token check read it: one
// request in all.
func (h *Handler) getMe(r *http.Request, c festival.Actor) (int, any, error) {
	if c.Record != nil {
		return http.StatusOK, c.Record.Public(), nil
	}
	return h.user(r, c.ID)
}

func (h *Handler) get(r *http.Request, _ festival.Actor) (int, any, error) {
	id, err := userID(r)
	if err != nil {
		return 0, nil, err
	}
	return h.user(r, id)
}

func (h *Handler) user(r *http.Request, id int64) (int, any, error) {
	u, err := h.accounts.Get(r.Context(), id)
	return http.StatusOK, u.Public(), err
}

// list shows users without their password hash.
func (h *Handler) list(r *http.Request, _ festival.Actor) (int, any, error) {
	return web.List(r, func(p festival.Page) ([]festival.UserJSON, string, error) {
		users, next, err := h.accounts.List(r.Context(), p)
		out := make([]festival.UserJSON, len(users))
		for i, u := range users {
			out[i] = u.Public()
		}
		return out, next, err
	})
}

func (h *Handler) updateMe(r *http.Request, c festival.Actor) (int, any, error) {
	return h.updateUser(r, c, c.ID, false)
}

func (h *Handler) update(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := userID(r)
	if err != nil {
		return 0, nil, err
	}
	return h.updateUser(r, c, id, true)
}

// updateUser answers 200 with the full user, hash included, as the spec shows.
func (h *Handler) updateUser(r *http.Request, c festival.Actor, id int64, allowRole bool) (int, any, error) {
	f, err := registration.ReadBody(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := registration.ReadChange(f, h.accounts.Now())
	if err != nil {
		return 0, nil, err
	}
	u, err := h.accounts.Update(r.Context(), c, id, in, allowRole)
	return http.StatusOK, u.WithHash(), err
}

func (h *Handler) delete(r *http.Request, c festival.Actor) (int, any, error) {
	id, err := userID(r)
	if err != nil {
		return 0, nil, err
	}
	return web.Done(r, texts.UserDeleted, h.accounts.Delete(r.Context(), c, id))
}

// userID reads the {id} of a user route; an id that cannot exist is the
// spec's 404 "Utilisateur non trouvé", like an unknown one.
func userID(r *http.Request) (int64, error) {
	id, err := web.PathID(r, "id")
	if err != nil {
		return 0, apperr.E(apperr.NotFound, texts.UserNotFound)
	}
	return id, nil
}
