// Package registration reads and answers the user body of the two routes
// that register an account, POST /users and POST /auth/register, which the
// specification makes answer alike.
package registration

import (
	"net/http"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
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
	return web.AccountBody(r, texts.MissingData)
}

// ReadNewUser reads the user of a create body: the spec's 400s first (no
// field at all, then a required field missing or blank), then each value
// (ReadInput). A value of the wrong type is a refused value, answered by
// ReadInput.
func ReadNewUser(f web.Fields, now time.Time) (festival.UserPatch, error) {
	if len(f) == 0 {
		return festival.UserPatch{}, apperr.E(apperr.Invalid, texts.MissingData)
	}
	for _, name := range []string{"first_name", "last_name", "email", "password"} {
		if v, ok, err := f.String(name); err == nil && (!ok || strings.TrimSpace(v) == "") {
			return festival.UserPatch{}, apperr.E(apperr.Invalid, texts.AllRequired)
		}
	}
	return ReadInput(f, now)
}

// ReadChange reads the fields of an update body; it must name one at least.
func ReadChange(f web.Fields, now time.Time) (festival.UserPatch, error) {
	if len(f) == 0 {
		return festival.UserPatch{}, apperr.E(apperr.Invalid, texts.MissingData)
	}
	return ReadInput(f, now)
}

// ReadInput reads a user body. Values are checked here, before anything is
// written, in the order the API answers them: a refused value gives the
// spec's 500 "Erreur base de données" with details naming the field.
func ReadInput(f web.Fields, now time.Time) (festival.UserPatch, error) {
	in := festival.UserPatch{Profile: map[string]*string{}}
	text := func(name string) (*string, error) {
		s, ok, err := f.String(name)
		if err != nil {
			return nil, apperr.Rejectedf(texts.ValueNotString, name)
		}
		if !ok {
			return nil, nil
		}
		return &s, nil
	}
	var err error
	if in.FirstName, err = text("first_name"); err != nil {
		return in, err
	}
	if in.LastName, err = text("last_name"); err != nil {
		return in, err
	}
	if in.Email, err = text("email"); err != nil {
		return in, err
	}
	if in.Password, err = text("password"); err != nil {
		return in, err
	}
	role, err := text("role")
	if err != nil {
		return in, err
	}
	if role != nil {
		r, ok := festival.ParseRole(*role)
		if !ok {
			return in, apperr.Rejectedf(texts.RoleNotAllowed, *role)
		}
		in.Role = &r
	}
	if in.FirstName != nil {
		*in.FirstName = strings.TrimSpace(*in.FirstName)
		if err := festival.CheckName("first_name", *in.FirstName); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	if in.LastName != nil {
		*in.LastName = strings.TrimSpace(*in.LastName)
		if err := festival.CheckName("last_name", *in.LastName); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	if in.Email != nil {
		*in.Email = strings.TrimSpace(*in.Email)
		if err := festival.CheckEmail(*in.Email); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
	}
	for _, o := range festival.ProfileFields {
		v, err := text(o.Name)
		if err != nil {
			return in, err
		}
		if !f.Has(o.Name) {
			continue
		}
		if v == nil || strings.TrimSpace(*v) == "" {
			in.Profile[o.Name] = nil
			continue
		}
		if err := festival.CheckProfileField(o.Name, v, o.Max, now); err != nil {
			return in, festival.RefusedAs(apperr.Rejected, err)
		}
		in.Profile[o.Name] = v
	}
	if in.Language, err = ReadLanguage(f, "language"); err != nil {
		return in, err
	}
	return in, nil
}

// ReadLanguage reads the account's language from the field name, one the
// product speaks (nil when not sent). Unlike the specification's fields, a
// refused language is a 400 naming the field: the field is ours, and the
// store never sees it.
func ReadLanguage(f web.Fields, name string) (*texts.Lang, error) {
	if !f.Has(name) {
		return nil, nil
	}
	s, _, err := f.String(name)
	if err != nil || f.IsNull(name) {
		return nil, apperr.Ef(apperr.Invalid, texts.LanguageType, name)
	}
	l, ok := texts.ParseLang(s)
	if !ok {
		return nil, apperr.Ef(apperr.Invalid, texts.LanguageValue, name, s)
	}
	return &l, nil
}

// SignUpLanguage gives a new account without a `language` the one the
// request's Accept-Language prefers (French when it names no language the
// product speaks).
func SignUpLanguage(in *festival.UserPatch, r *http.Request) {
	if in.Language == nil {
		l := texts.FromAcceptLanguage(r.Header.Get("Accept-Language"))
		in.Language = &l
	}
}

// Register answers POST /auth/register and POST /users alike: by is the
// signed-in caller making the account, or nil. Unless an admin makes it, it
// is a registration, counted against the source address first (the
// festival's throttle); then the body, the account, the answer.
func Register(r *http.Request, acc *accounts.Service, by *festival.Actor) (int, any, error) {
	var st festival.Settings // read once for the throttle and the roles open to registration
	if by == nil || !by.Is(festival.RoleAdmin) {
		var err error
		if st, err = acc.Settings(r.Context()); err != nil {
			return 0, nil, err
		}
		if err := acc.AdmitRegistration(r.Context(), st, web.SourceAddress(r)); err != nil {
			return 0, nil, err
		}
	}
	f, err := ReadBody(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := ReadNewUser(f, acc.Now())
	if err != nil {
		return 0, nil, err
	}
	SignUpLanguage(&in, r)
	c, err := acc.Create(r.Context(), by, st, in)
	return Answer(r, c, err)
}

// Answer answers a create: 201 with the new user (hash included, as the
// spec shows), or 200 "Cet utilisateur existe déjà" with the existing one.
func Answer(r *http.Request, c accounts.Created, err error) (int, any, error) {
	if c.Existing {
		return http.StatusOK, ExistsBody{Message: web.Say(r, texts.UserExists), User: c.User.Summary()}, err
	}
	return http.StatusCreated, CreatedBody{Message: web.Say(r, texts.UserCreated), NewUser: c.User.WithHash()}, err
}
