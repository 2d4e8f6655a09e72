package festival

import (
	"encoding/json"
	"math"
)

// Score bounds of a vote (docs/architecture.md, "Baseline decisions"): a number from 0 to 10,
// decimals allowed.
const (
	MinScore = 0
	MaxScore = 10
)

// Vote is one jury member's (or admin's) vote on one film.
type Vote struct {
	ID          int64   `json:"id_vote"`
	UserID      int64   `json:"id_user"`
	MovieID     int64   `json:"id_movie"`
	Score       float64 `json:"score"`
	Comment     *string `json:"comment"`
	IsCandidate bool    `json:"is_candidate"`
	CreatedAt   Time    `json:"createdAt"`
	UpdatedAt   Time    `json:"updatedAt"`
}

// CheckScore validates a score already decoded from JSON.
func CheckScore(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < MinScore || v > MaxScore {
		return fieldErr("score", "la note doit être un nombre entre %d et %d (décimales permises), reçu %v", MinScore, MaxScore, v)
	}
	return nil
}

// ParseScore reads a score from its raw JSON: it must be a JSON number (a
// string such as "7" is refused, so that a client bug is not silently
// accepted) within the bounds.
func ParseScore(raw json.RawMessage) (float64, error) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fieldErr("score", "la note doit être un nombre entre %d et %d, reçu %s", MinScore, MaxScore, truncate(string(raw), 40))
	}
	// json.Number also accepts a quoted number; only a bare number is a number.
	if len(raw) > 0 && raw[0] == '"' {
		return 0, fieldErr("score", "la note doit être un nombre entre %d et %d, reçu la chaîne %s", MinScore, MaxScore, truncate(string(raw), 40))
	}
	v, err := n.Float64()
	if err != nil {
		return 0, fieldErr("score", "la note doit être un nombre entre %d et %d, reçu %s", MinScore, MaxScore, truncate(string(raw), 40))
	}
	return v, CheckScore(v)
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
