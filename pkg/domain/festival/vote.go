package festival

import (
	"encoding/json"
	"errors"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Score bounds of a vote (docs/architecture.md, "Baseline decisions"): a number from 0 to 10,
// decimals allowed.
const (
	MinScore = 0
	MaxScore = 10
	// ScoreDecimals is how many decimal places a score may have (7.25):
	// a grade needs no more, and it keeps every score far inside the
	// numbers DynamoDB stores (38 digits, magnitudes from 1e-130).
	ScoreDecimals = DecimalPlaces
)

// Vote is one jury member's (or admin's) vote on one film.
type Vote struct {
	ID          int64   `json:"id_vote"`
	UserID      int64   `json:"id_user"`
	MovieID     int64   `json:"id_movie"`
	Score       Decimal `json:"score"`
	Comment     *string `json:"comment"`
	IsCandidate bool    `json:"is_candidate"`
	// CommentShared says the juror agrees to the comment being shown,
	// without their name, to the film's producer (feedback, off by default).
	CommentShared bool `json:"comment_shared"`
	// Criteria are the marks of a vote by grid (score is then their
	// weighted mean); null for a vote by score alone.
	Criteria  map[string]Decimal `json:"criteria"`
	CreatedAt Time               `json:"createdAt"`
	UpdatedAt Time               `json:"updatedAt"`
}

// CheckScore validates a score or a mark already read as a Decimal: from
// MinScore to MaxScore.
func CheckScore(field string, v Decimal) error {
	if !v.In(WholeDecimal(MinScore), WholeDecimal(MaxScore)) {
		return fieldErr(field, texts.ScoreRange, MinScore, MaxScore, v)
	}
	return nil
}

// ParseScore reads a score from its raw JSON: it must be a JSON number (a
// string such as "7" is refused, so that a client bug is not silently
// accepted) of at most ScoreDecimals decimal places, counted exactly on the
// number as written (1e-131 is a number between 0 and 10 that no grade
// needs), within the bounds. -0 is 0.
func ParseScore(raw json.RawMessage) (Decimal, error) { return parseScore("score", raw) }

// ParseMark reads a grid criterion's mark as ParseScore reads a score; the
// refusal names the field criteria.<key>.
func ParseMark(key string, raw json.RawMessage) (Decimal, error) {
	return parseScore("criteria."+key, raw)
}

func parseScore(field string, raw json.RawMessage) (Decimal, error) {
	v, err := ParseDecimal(raw)
	switch {
	case err == nil:
		return v, CheckScore(field, v)
	case len(raw) > 0 && raw[0] == '"':
		// json.Number would accept a quoted number; only a bare number is a number.
		return Decimal{}, fieldErr(field, texts.ScoreString, MinScore, MaxScore, truncate(string(raw), 40))
	case errors.Is(err, ErrDecimalPlaces):
		return Decimal{}, fieldErr(field, texts.ScoreDecimals, ScoreDecimals, truncate(string(raw), 40))
	case errors.Is(err, ErrDecimalRange):
		return Decimal{}, fieldErr(field, texts.ScoreRange, MinScore, MaxScore, truncate(string(raw), 40))
	}
	return Decimal{}, fieldErr(field, texts.ScoreNotNumber, MinScore, MaxScore, truncate(string(raw), 40))
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// MaxCommentLen bounds a vote's comment.
const MaxCommentLen = 5000
