package festival

import (
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

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
// (CheckInFestival: withdrawn or a draft), to a refused film (a prize
// would contradict the festival's own decision, and the award would move
// it to awarded behind the committee's back), or to a film that has as
// many as it may have. The stores run it inside the film's versioned
// write, so a refusal decided meanwhile is seen.
func CheckAwardRoom(m Movie) error {
	if err := m.CheckInFestival(); err != nil {
		return err
	}
	if m.SelectionStatus == StatusRefused {
		return apperr.E(apperr.Conflict, texts.AwardFilmRefused)
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
