package authapi

import (
	"net/http"

	"github.com/festivalapi/festival/pkg/api/movieform"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// RegisteredMovie is the answer of POST /auth/register-film: the new producer
// account (without the password hash) and their film.
type RegisteredMovie struct {
	Message string            `json:"message"`
	NewUser festival.UserJSON `json:"newUser"`
	Movie   festival.Movie    `json:"movie"`
}

// registerMovie creates a producer and their film from one multipart form,
// all or nothing: one call to the service, which checks the throttle, the
// roles open to registration and the film's admission (?late_code=) before
// it reads the body, so a refused registration uploads nothing.
func (h *Handler) registerMovie(r *http.Request) (int, any, error) {
	form, err := movieform.OpenRegistration(r, h.accounts.Now())
	u, m, err := h.registrar.RegisterFilm(r.Context(), movies.FilmRegistration{
		Address: web.SourceAddress(r), LateCode: r.URL.Query().Get("late_code"), Form: form, FormErr: err,
	})
	return http.StatusCreated, RegisteredMovie{Message: web.Say(r, texts.ProducerAndMovieCreated), NewUser: u.Public(), Movie: m}, err
}
