// Package registration reads and answers the user body of the two routes
// that register an account, POST /users and POST /auth/register, which the
// specification makes answer alike.
package registration

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/web"
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
	return web.Body(r, accounts.MsgMissingData)
}

// Answer answers a create: 201 with the new user (hash included, as the
// spec shows), or 200 "Cet utilisateur existe déjà" with the existing one.
func Answer(c accounts.Created, err error) (int, any, error) {
	if c.Existing {
		return http.StatusOK, ExistsBody{Message: accounts.MsgAlreadyExists, User: c.User.Summary()}, err
	}
	return http.StatusCreated, CreatedBody{Message: accounts.MsgCreated, NewUser: c.User.WithHash()}, err
}
