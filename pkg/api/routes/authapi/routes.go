// Package authapi serves the auth route group: register, login,
// register-film, the password reset, the first admin's setup and the
// confirmation of an account's address.
package authapi

import (
	"net/http"
	"strings"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Handler serves /auth.
type Handler struct {
	accounts  *accounts.Service
	registrar *movies.Registrar
}

// New returns the auth route group; g guards the routes of a signed-in
// caller (the confirmation link asked again).
func New(acc *accounts.Service, reg *movies.Registrar, g *auth.Guard) http.Handler {
	h := &Handler{accounts: acc, registrar: reg}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/register", web.Handle(h.register))
	mux.HandleFunc("POST /auth/login", web.Handle(h.login))
	mux.HandleFunc("POST /auth/register-film", web.Handle(h.registerMovie))
	mux.HandleFunc("POST /auth/password-reset", web.Handle(h.requestReset))
	mux.HandleFunc("POST /auth/password-reset/confirm", web.Handle(h.confirmReset))
	mux.HandleFunc("GET /auth/setup", web.Handle(h.setupState))
	mux.HandleFunc("POST /auth/setup", web.Handle(h.setup))
	mux.HandleFunc("POST /auth/confirm", web.Handle(h.confirm))
	mux.Handle("POST /auth/confirm/resend", g.Require(h.resendConfirmation))
	return mux
}

// requestReset mails a reset link to the account of {email}, if any; the
// answer is the same whether or not the e-mail has an account.
func (h *Handler) requestReset(r *http.Request) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	email, ok, err := f.String("email")
	if err != nil || !ok || strings.TrimSpace(email) == "" {
		return 0, nil, apperr.E(apperr.Invalid, texts.ResetEmailRequired)
	}
	return web.Done(r, texts.ResetRequested, h.accounts.RequestPasswordReset(r.Context(), email, web.SourceAddress(r)))
}

// confirmReset sets a new {password} with the {token} a reset message carried.
func (h *Handler) confirmReset(r *http.Request) (int, any, error) {
	f, err := web.Body(r, "")
	if err != nil {
		return 0, nil, err
	}
	token, okT, errT := f.String("token")
	password, okP, errP := f.String("password")
	if errT != nil || errP != nil || !okT || !okP || token == "" {
		return 0, nil, apperr.E(apperr.Invalid, texts.ResetFields)
	}
	return web.Done(r, texts.PasswordReset, h.accounts.ResetPassword(r.Context(), token, password))
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
	return http.StatusOK, signedIn(r, texts.LoginOK, res), err
}

// signedIn is the answer of a login (and of the setup, which signs its
// admin in): the message said by key, the account and its token.
func signedIn(r *http.Request, key texts.Key, res accounts.LoginResult) LoginBody {
	return LoginBody{Message: web.Say(r, key), Data: LoginData{
		Email: res.User.Email, FirstName: res.User.FirstName, Role: string(res.User.Role), Token: res.Token,
	}}
}
