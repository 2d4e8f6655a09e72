package texts

// The smaller points of the console's working day: awards only to films in
// the running, and the films' posters for the public cards.
const (
	AwardFilmRefused Key = "award_film_refused"
	PosterNone       Key = "poster_none"
)
