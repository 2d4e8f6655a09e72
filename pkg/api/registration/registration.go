// Package registration reads and answers the user body of the two routes
// that register an account, POST /users and POST /auth/register, which the
// specification makes answer alike.
package registration

import (
	"errors"
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/accounts"
)

// CreatedBody is the answer of a create that created a user.
type CreatedBody struct {
	Message string            `json:"message"`
	NewUser festival.UserJSON `json:"newUser"`
}

// ExistsBody is the answer of a create whose e-mail is already registered.
type ExistsBody struct {
	Message string           `json:"message"`
	User    festival.Summary `json:"user"`
}

// ReadBody reads a user body; an empty one is the spec's "Données manquantes".
func ReadBody(r *http.Request) (web.Fields, error) {
	f, err := web.ReadFields(r)
	if errors.Is(err, web.ErrEmptyBody) {
		return nil, apperr.E(apperr.Invalid, accounts.MsgMissingData)
	}
	return f, err
}

// Write answers a create: 201 with the new user (hash included, as the
// spec shows), or 200 "Cet utilisateur existe déjà" with the existing one.
func Write(w http.ResponseWriter, c accounts.Created) {
	if c.Existing {
		web.JSON(w, http.StatusOK, ExistsBody{Message: accounts.MsgAlreadyExists, User: c.User.Summary()})
		return
	}
	web.JSON(w, http.StatusCreated, CreatedBody{Message: accounts.MsgCreated, NewUser: c.User.WithHash()})
}
