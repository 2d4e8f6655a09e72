package festival

import "github.com/festivalapi/festival/pkg/domain/texts"

// Award is a prize given to a film. The film embeds it as a MovieAward.
type Award struct {
	ID        int64  `json:"id_award"`
	MovieID   int64  `json:"id_movie"`
	Name      string `json:"name"`
	AwardedAt Time   `json:"awarded_at"`
}

// MaxAwardNameLen bounds an award name.
const MaxAwardNameLen = 255

// MaxMovieAwards bounds the awards of one film: each is copied into the
// film's item, whose size DynamoDB bounds (docs/limits.md).
const MaxMovieAwards = 20

// CheckAwardRoom refuses an award to a film out of the festival
// (CheckInFestival), or that has as many as it may have.
func CheckAwardRoom(m Movie) error {
	if err := m.CheckInFestival(); err != nil {
		return err
	}
	if len(m.Awards) >= MaxMovieAwards {
		return fieldErr("id_movie", texts.MovieAwardsFull, MaxMovieAwards)
	}
	return nil
}

// CheckAwardName validates an award name (already trimmed).
func CheckAwardName(name string) error {
	if name == "" {
		return fieldErr("name", texts.AwardNameEmpty)
	}
	return CheckText("name", name, MaxAwardNameLen)
}
