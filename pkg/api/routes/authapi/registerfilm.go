package authapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/movieform"
	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/accounts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// userFields are the form fields that describe the account in register-film.
var userFields = []string{"first_name", "last_name", "email", "password", "phone", "mobile", "birth_date",
	"street", "postal_code", "city", "country", "biography", "job", "portfolio", "youtube", "instagram",
	"linkedin", "facebook", "tiktok", "known_by_service"}

// RegisteredMovie is the answer of POST /auth/register-film: the new producer
// account (without the password hash) and their film.
type RegisteredMovie struct {
	Message string            `json:"message"`
	NewUser festival.UserJSON `json:"newUser"`
	Movie   festival.Movie    `json:"movie"`
}

// registerMovie creates a producer and their film from one multipart form,
// all or nothing.
func (h *Handler) registerMovie(r *http.Request) (int, any, error) {
	// Checked before the body is read, so a refused registration uploads
	// nothing; the settings are read once for the three checks.
	st, err := h.accounts.Settings(r.Context())
	if err != nil {
		return 0, nil, err
	}
	if err := h.accounts.AdmitRegistration(r.Context(), st, web.SourceAddress(r)); err != nil {
		return 0, nil, err
	}
	if err := accounts.CheckSelfRegistration(st, festival.RoleProducer); err != nil {
		return 0, nil, err
	}
	admit, err := h.movies.CheckSubmissions(r.Context(), st, r.URL.Query().Get("late_code"))
	if err != nil {
		return 0, nil, err
	}
	parts, err := web.Multipart(r)
	if err != nil {
		return 0, nil, err
	}
	u, m, err := h.movies.RegisterMovie(r.Context(), parts, movies.Registration{
		Email: func(v movies.Values) string {
			email, _, _ := web.NormalizeForm(v).String("email")
			return email
		},
		User: func(v movies.Values) (festival.User, error) {
			f := web.NormalizeForm(v)
			uf := web.Fields{}
			for _, name := range userFields {
				if v, ok := f[name]; ok {
					uf[name] = v
				}
			}
			in, err := registration.ReadNewUser(uf, h.accounts.Now())
			if err != nil {
				return festival.User{}, err
			}
			return h.accounts.NewUser(in)
		},
		Movie:     movieform.Reader(h.movies.Now),
		Admission: admit,
	})
	return http.StatusCreated, RegisteredMovie{Message: texts.ProducerAndMovieCreated, NewUser: u.Public(), Movie: m}, err
}
