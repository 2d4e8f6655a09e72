package festival

import (
	"encoding/json"
	"math"
	"math/big"

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
	ScoreDecimals = 2
)

// Vote is one jury member's (or admin's) vote on one film.
type Vote struct {
	ID          int64   `json:"id_vote"`
	UserID      int64   `json:"id_user"`
	MovieID     int64   `json:"id_movie"`
	Score       float64 `json:"score"`
	Comment     *string `json:"comment"`
	IsCandidate bool    `json:"is_candidate"`
	// CommentShared says the juror agrees to the comment being shown,
	// without their name, to the film's producer (feedback, off by default).
	CommentShared bool `json:"comment_shared"`
	// Criteria are the marks of a vote by grid (score is then their
	// weighted mean); null for a vote by score alone.
	Criteria  map[string]float64 `json:"criteria"`
	CreatedAt Time               `json:"createdAt"`
	UpdatedAt Time               `json:"updatedAt"`
}

// CheckScore validates a score already decoded from JSON.
func CheckScore(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < MinScore || v > MaxScore {
		return fieldErr("score", texts.ScoreRange, MinScore, MaxScore, v)
	}
	return nil
}

// ParseScore reads a score from its raw JSON: it must be a JSON number (a
// string such as "7" is refused, so that a client bug is not silently
// accepted) within the bounds.
func ParseScore(raw json.RawMessage) (float64, error) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fieldErr("score", texts.ScoreNotNumber, MinScore, MaxScore, truncate(string(raw), 40))
	}
	// json.Number also accepts a quoted number; only a bare number is a number.
	if len(raw) > 0 && raw[0] == '"' {
		return 0, fieldErr("score", texts.ScoreString, MinScore, MaxScore, truncate(string(raw), 40))
	}
	v, err := n.Float64()
	if err != nil {
		return 0, fieldErr("score", texts.ScoreNotNumber, MinScore, MaxScore, truncate(string(raw), 40))
	}
	if err := CheckScore(v); err != nil {
		return 0, err
	}
	// Decimal places are counted on the number as written, exactly: 1e-131
	// is a number between 0 and 10 that no grade needs.
	r, ok := new(big.Rat).SetString(n.String())
	if !ok || !r.Mul(r, big.NewRat(int64(math.Pow10(ScoreDecimals)), 1)).IsInt() {
		return 0, fieldErr("score", texts.ScoreDecimals, ScoreDecimals, truncate(string(raw), 40))
	}
	return v, nil
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
