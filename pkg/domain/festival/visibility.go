package festival

import (
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Film visibility: what a caller who is not an admin reads of a film, under
// the festival's public film view (Season.PublicFilmView).

// FilmView names what a film shows to callers who are not admins.
type FilmView string

const (
	// FilmViewFull is the specification's film object, e-mails and
	// comments included: the default, as the specification shows it.
	FilmViewFull FilmView = "full"
	// FilmViewRedacted leaves out every e-mail address, the admin's and
	// jury's comments, and the jury before the results are published.
	FilmViewRedacted FilmView = "redacted"
)

// ParseFilmView reads a film view name.
func ParseFilmView(s string) (FilmView, bool) {
	switch v := FilmView(s); v {
	case FilmViewFull, FilmViewRedacted:
		return v, true
	}
	return "", false
}

// Redacts reports whether films are redacted for callers who are not admins.
func (s Season) Redacts() bool { return s.PublicFilmView == FilmViewRedacted }

// RedactFilm is the film as the redacted public view shows it: no e-mail
// address (collaborators' and jury members' are emptied), no admin or jury
// comment, and no jury at all before the results are published (then its
// members' names only). The object keeps the specification's shape, so a
// client reads both views alike. m is not changed: its slices may be shared.
func RedactFilm(m Movie, published bool) Movie {
	m.JuryComment, m.AdminComment = nil, nil
	collaborators := make([]Collaborator, len(m.Collaborators))
	for i, c := range m.Collaborators {
		c.Email = ""
		collaborators[i] = c
	}
	m.Collaborators = collaborators
	juries := []Jury{}
	if published {
		for _, j := range m.Juries {
			j.Email = ""
			juries = append(juries, j)
		}
	}
	m.Juries = juries
	return m
}

// FilmsFor returns the films c may read at now, as c reads them: the
// films the festival Shows c, each ForAudience, and redacted when the
// festival redacts them; an admin reads them as stored. films is not
// changed.
func (s Settings) FilmsFor(c Actor, films []Movie, now time.Time) []Movie {
	if c.Is(RoleAdmin) {
		// As stored: a film is decoded with the admin's words, and an admin
		// reads every film whole (no copy of a festival's list per request,
		// unless the words are wanted in another language than French).
		if s.lang == "" || s.lang == texts.French {
			return films
		}
		out := slices.Clone(films)
		for i := range out {
			out[i].StatusLabel = StatusWordIn(s.lang, AudienceAdmin, out[i].SelectionStatus, true)
		}
		return out
	}
	out := make([]Movie, 0, len(films))
	for _, m := range films {
		if !s.Shows(c, m, now) {
			continue
		}
		a := AudienceOf(c, m)
		m = s.ForAudience(a, m, now)
		if s.Redacts() && a != AudienceAdmin {
			m = RedactFilm(m, s.Published())
		}
		out = append(out, m)
	}
	return out
}
