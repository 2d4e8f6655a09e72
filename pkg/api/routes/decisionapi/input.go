package decisionapi

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/decisions"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// MaxSearch bounds the title search.
const MaxSearch = 200

// readRequest reads a preview's body into a typed request: to (either
// vocabulary, as PUT /movies/:id/status), ids (positive, at most
// decisions.MaxChanges), filter (its own fields, each checked).
func readRequest(f web.Fields) (decisions.Request, error) {
	var req decisions.Request
	bad := apperr.E(apperr.Invalid, texts.DecisionShape)
	for name := range f {
		switch name {
		case "to", "ids", "filter":
		default:
			return req, bad
		}
	}
	to, ok, err := f.String("to")
	if err != nil || !ok {
		return req, apperr.E(apperr.Invalid, texts.DecisionToRequired)
	}
	if req.To, ok = festival.ParseStatus(strings.TrimSpace(to)); !ok {
		return req, apperr.Ef(apperr.Invalid, texts.DecisionBadStatus, "to", to, movies.StatusNames())
	}
	if _, err := f.Decode("ids", &req.IDs); err != nil || slices.ContainsFunc(req.IDs, func(id int64) bool { return id <= 0 }) {
		return req, bad
	}
	if len(req.IDs) > decisions.MaxChanges {
		return req, apperr.Ef(apperr.Invalid, texts.DecisionTooManyIDs, decisions.MaxChanges)
	}
	slices.Sort(req.IDs)
	req.IDs = slices.Compact(req.IDs)
	var raw map[string]json.RawMessage
	if _, err := f.Decode("filter", &raw); err != nil {
		return req, bad
	}
	req.Filter, err = readFilter(raw)
	return req, err
}

// filterBody is the filter as sent; every field optional.
type filterBody struct {
	Status   *string  `json:"status"`
	Category *int64   `json:"category"`
	ScoreMin *float64 `json:"score_min"`
	ScoreMax *float64 `json:"score_max"`
	RankFrom *int     `json:"rank_from"`
	RankTo   *int     `json:"rank_to"`
	Search   *string  `json:"search"`
}

// readFilter checks each field of a filter: a comma list of statuses
// (either vocabulary: a guide word keeps every status it shows), a category
// id, scores within 0..10 and ranks from 1, each pair in order, a search of
// at most MaxSearch characters. An unknown field is refused.
func readFilter(raw map[string]json.RawMessage) (decisions.Filter, error) {
	var out decisions.Filter
	if len(raw) == 0 {
		return out, nil
	}
	data, _ := json.Marshal(raw)
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var b filterBody
	if err := dec.Decode(&b); err != nil {
		return out, apperr.E(apperr.Invalid, texts.DecisionShape)
	}
	if b.Status != nil {
		for _, name := range strings.Split(*b.Status, ",") {
			sts, err := movies.StatusFilter(name)
			if err != nil || len(sts) == 0 {
				return out, apperr.Ef(apperr.Invalid, texts.DecisionBadStatus, "filter.status", name, movies.StatusNames())
			}
			out.Statuses = append(out.Statuses, sts...)
		}
	}
	if b.Category != nil {
		if *b.Category <= 0 {
			return out, apperr.E(apperr.Invalid, texts.DecisionShape)
		}
		out.Category = *b.Category
	}
	inScore := func(v *float64) bool { return v == nil || (*v >= 0 && *v <= 10) }
	if !inScore(b.ScoreMin) || !inScore(b.ScoreMax) || (b.ScoreMin != nil && b.ScoreMax != nil && *b.ScoreMin > *b.ScoreMax) {
		return out, apperr.E(apperr.Invalid, texts.DecisionScoreRange)
	}
	inRank := func(v *int) bool { return v == nil || *v >= 1 }
	if !inRank(b.RankFrom) || !inRank(b.RankTo) || (b.RankFrom != nil && b.RankTo != nil && *b.RankFrom > *b.RankTo) {
		return out, apperr.E(apperr.Invalid, texts.DecisionRankRange)
	}
	out.ScoreMin, out.ScoreMax, out.RankFrom, out.RankTo = b.ScoreMin, b.ScoreMax, b.RankFrom, b.RankTo
	if b.Search != nil {
		if utf8.RuneCountInString(*b.Search) > MaxSearch {
			return out, apperr.Ef(apperr.Invalid, texts.DecisionSearchLength, MaxSearch)
		}
		out.Search = strings.TrimSpace(*b.Search)
	}
	return out, nil
}

// readPlanID reads an apply's body: {id_plan}, a plan id of the shape the
// preview makes (festival.ParsePlanID), nothing else.
func readPlanID(f web.Fields) (festival.PlanID, error) {
	s, ok, err := f.String("id_plan")
	if err != nil || !ok || len(f) != 1 {
		return festival.PlanID{}, apperr.E(apperr.Invalid, texts.DecisionPlanRequired)
	}
	return festival.ParsePlanID("id_plan", s)
}
