// Package authapi serves the auth route group: register, login and
// register-film.
package authapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Handler serves /auth.
type Handler struct {
	accounts *accounts.Service
	movies   *movies.Service
}

// New returns the auth route group.
func New(acc *accounts.Service, movies *movies.Service) http.Handler {
	h := &Handler{accounts: acc, movies: movies}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/register", web.Handle(h.register))
	mux.HandleFunc("POST /auth/login", web.Handle(h.login))
	mux.HandleFunc("POST /auth/register-film", web.Handle(h.registerMovie))
	return mux
}

// register answers exactly as POST /users does.
func (h *Handler) register(r *http.Request) (int, any, error) {
	return registration.Register(r, h.accounts, nil)
}

// LoginData is the "data" of a successful login.
type LoginData struct {
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	Role      string `json:"role"`
	Token     string `json:"token"`
}

// LoginBody is the answer of a successful login.
type LoginBody struct {
	Message string    `json:"message"`
	Data    LoginData `json:"data"`
}

func (h *Handler) login(r *http.Request) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	// Credentials that are not strings are missing ones.
	email, _, err1 := f.String("email")
	password, _, err2 := f.String("password")
	if err1 != nil || err2 != nil {
		email, password = "", ""
	}
	res, err := h.accounts.Login(r.Context(), email, password, web.SourceAddress(r))
	return http.StatusOK, LoginBody{Message: texts.LoginOK, Data: LoginData{
		Email: res.User.Email, FirstName: res.User.FirstName, Role: string(res.User.Role), Token: res.Token,
	}}, err
}
