package festival

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Criterion is one line of a scoring grid: a key (what a vote names), a
// label for people, and a weight. The DynamoDB store keeps it as its own
// criterionItem, the weight a number attribute.
type Criterion struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	// Weight is above 0, at most MaxCriterionWeight, two decimal places at
	// most (a Decimal: 1e-131 cannot be one).
	Weight Decimal `json:"weight"`
}

// Grid is a scoring grid: a juror may score each criterion from 0 to 10, and
// the vote's score is then their weighted mean (Grid.Score).
type Grid []Criterion

// Bounds of a grid.
const (
	MaxCriteria         = 12
	MaxCriterionNameLen = 80
	MaxCriterionWeight  = 100
)

var criterionKey = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

// CheckGrid validates a grid: 1 to MaxCriteria criteria with distinct keys
// (a-z, 0-9, _), a name, and a weight above 0 up to MaxCriterionWeight.
func CheckGrid(g Grid) error {
	if len(g) == 0 || len(g) > MaxCriteria {
		return apperr.Ef(apperr.Invalid, texts.GridSize, MaxCriteria)
	}
	seen := map[string]bool{}
	for _, c := range g {
		switch {
		case !criterionKey.MatchString(c.Key) || seen[c.Key]:
			return apperr.Ef(apperr.Invalid, texts.GridKey, c.Key)
		case strings.TrimSpace(c.Name) == "" || len([]rune(c.Name)) > MaxCriterionNameLen:
			return apperr.Ef(apperr.Invalid, texts.GridName, c.Key, MaxCriterionNameLen)
		case c.Weight.Cmp(Decimal{}) <= 0 || c.Weight.Cmp(WholeDecimal(MaxCriterionWeight)) > 0:
			return apperr.Ef(apperr.Invalid, texts.GridWeight, c.Key, MaxCriterionWeight)
		}
		seen[c.Key] = true
	}
	return nil
}

// GridWeightRefusal is the 400 of a weight that is not a Decimal (1e-131,
// 0.125, "2"), met while a grid is decoded; nil when err is another.
func GridWeightRefusal(err error) error {
	var de *DecimalError
	if !errors.As(err, &de) {
		return nil
	}
	return apperr.Ef(apperr.Invalid, texts.GridWeightNumber, MaxCriterionWeight, truncate(de.Literal, 40))
}

// GridFor is the grid of a film of the categories cats: the grid of the
// first of them (by id) that has one, else the festival's (nil: none).
func (s Season) GridFor(cats []int64) Grid {
	ids := slices.Sorted(slices.Values(cats))
	for _, id := range ids {
		if g := s.CategoryGrids[id]; len(g) > 0 {
			return g
		}
	}
	return s.ScoringGrid
}

// Score is the weighted mean of the marks given (0 to 10 each; a criterion
// left out or null is an abstention and the weights of the others
// renormalise), rounded to 2 decimals, with the marks kept. A mark for a
// criterion the grid does not have, or no mark at all, is refused.
func (g Grid) Score(marks map[string]*Decimal) (Decimal, map[string]Decimal, error) {
	if len(g) == 0 {
		return Decimal{}, nil, apperr.E(apperr.Invalid, texts.NoGrid)
	}
	kept := map[string]Decimal{}
	sum, weights := 0.0, 0.0
	for key, m := range marks {
		i := slices.IndexFunc(g, func(c Criterion) bool { return c.Key == key })
		if i < 0 {
			return Decimal{}, nil, apperr.Ef(apperr.Invalid, texts.UnknownCriterion, key)
		}
		if m == nil {
			continue // abstains
		}
		if err := CheckScore("criteria."+key, *m); err != nil {
			return Decimal{}, nil, Refused(err)
		}
		kept[key] = *m
		sum += g[i].Weight.Float64() * m.Float64()
		weights += g[i].Weight.Float64()
	}
	if weights == 0 {
		return Decimal{}, nil, apperr.E(apperr.Invalid, texts.NoCriterionScored)
	}
	// A mean of marks from 0 to 10 rounds within 0 to 10: never refused.
	score, err := RoundDecimal(sum / weights)
	return score, kept, err
}
