package authapi

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
)

// SetupState is the answer of GET /auth/setup.
type SetupState struct {
	Needed bool `json:"needed"`
}

// setupState tells the console whether to offer the first run: true while
// the festival has never had an admin.
func (h *Handler) setupState(r *http.Request) (int, any, error) {
	needed, err := h.accounts.SetupNeeded(r.Context())
	return http.StatusOK, SetupState{Needed: needed}, err
}

// setup creates the first admin (POST /auth/setup) and answers as a login
// does, with 201: the console is signed in at once.
func (h *Handler) setup(r *http.Request) (int, any, error) {
	in, err := readSetup(r, h.accounts.Now())
	if err != nil {
		return 0, nil, err
	}
	res, err := h.accounts.Setup(r.Context(), in, web.SourceAddress(r))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, signedIn(r, texts.SetupCreated, res), nil
}

// readSetup reads a setup body: the code, the first admin's fields (as a
// registration reads them, a refused value a 400 naming the field), and the
// two settings, which default to what a festival would want: producers
// alone may sign up, and confirm their address.
func readSetup(r *http.Request, now time.Time) (accounts.SetupInput, error) {
	in := accounts.SetupInput{Roles: []festival.Role{festival.RoleProducer}, ConfirmEm: true}
	f, err := registration.ReadBody(r)
	if err != nil {
		return in, err
	}
	code, _, err := f.String("code")
	if err != nil || strings.TrimSpace(code) == "" {
		return in, apperr.E(apperr.Invalid, texts.SetupCodeRequired)
	}
	if len(code) > accounts.MaxSetupCode {
		code = code[:accounts.MaxSetupCode] // longer than any code: wrong, and nothing more is hashed
	}
	in.Code = strings.TrimSpace(code)
	if in.Admin, err = registration.ReadNewUser(f, now); err != nil {
		return in, accounts.AsInvalid(err)
	}
	registration.SignUpLanguage(&in.Admin, r)
	if f.Has("self_registration_roles") {
		var names []string
		if _, err := f.Decode("self_registration_roles", &names); err != nil || f.IsNull("self_registration_roles") || len(names) > 3 {
			return in, apperr.E(apperr.Invalid, texts.SetupRolesShape)
		}
		in.Roles = []festival.Role{}
		for _, n := range names {
			role, ok := festival.ParseRole(n)
			if !ok {
				return in, apperr.E(apperr.Invalid, texts.SetupRolesShape)
			}
			if !slices.Contains(in.Roles, role) {
				in.Roles = append(in.Roles, role)
			}
		}
	}
	if f.Has("email_confirmation") {
		if _, err := f.Decode("email_confirmation", &in.ConfirmEm); err != nil || f.IsNull("email_confirmation") {
			return in, apperr.E(apperr.Invalid, texts.SetupConfirmationBool)
		}
	}
	return in, nil
}

// confirm confirms an account's address with the {token} its message
// carried (POST /auth/confirm).
func (h *Handler) confirm(r *http.Request) (int, any, error) {
	f, err := web.Body(r, texts.ConfirmTokenRequired)
	if err != nil {
		return 0, nil, err
	}
	token, ok, err := f.String("token")
	if err != nil || !ok || token == "" {
		return 0, nil, apperr.E(apperr.Invalid, texts.ConfirmTokenRequired)
	}
	if len(token) > maxToken {
		return 0, nil, apperr.E(apperr.Invalid, texts.ConfirmInvalid) // longer than any token drawn
	}
	return web.Done(r, texts.EmailConfirmed, h.accounts.ConfirmEmail(r.Context(), token))
}

// maxToken bounds a token a request may send (bytes): the tokens drawn are
// 43 characters.
const maxToken = 128

// resendConfirmation mails the signed-in caller a new confirmation link.
func (h *Handler) resendConfirmation(r *http.Request, c festival.Actor) (int, any, error) {
	return web.Done(r, texts.ConfirmSent, h.accounts.ResendConfirmation(r.Context(), c))
}
