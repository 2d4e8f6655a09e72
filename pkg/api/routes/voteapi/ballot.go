package voteapi

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/voting"
)

// readBallot reads a vote body ({score, comment, is_candidate,
// comment_shared}; the aliases
// note and comments are already mapped by web.Body). Nothing is
// required here: a first vote needs a score, which the store decides.
func readBallot(f web.Fields) (voting.Ballot, error) {
	var ch voting.Ballot
	if len(f) == 0 {
		return ch, apperr.E(apperr.Invalid, texts.EmptyVote)
	}
	if f.Has("score") {
		if f.IsNull("score") {
			return ch, apperr.E(apperr.Invalid, texts.ScoreRequired)
		}
		v, err := festival.ParseScore(f["score"])
		if err != nil {
			return ch, festival.Refused(err)
		}
		ch.Score = &v
	}
	if f.Has("comment") {
		c, ok, err := f.String("comment")
		if err != nil {
			return ch, err
		}
		ch.CommentSet = true
		if ok && strings.TrimSpace(c) != "" {
			if err := festival.CheckText("comment", c, festival.MaxCommentLen); err != nil {
				return ch, festival.Refused(err)
			}
			ch.Comment = &c
		}
	}
	if f.Has("criteria") && !f.IsNull("criteria") {
		marks, err := readMarks(f)
		if err != nil {
			return ch, err
		}
		if ch.Score != nil {
			return ch, apperr.E(apperr.Invalid, texts.ScoreOrCriteria)
		}
		ch.Criteria = marks
	}
	if f.Has("is_candidate") && !f.IsNull("is_candidate") {
		var b bool
		if _, err := f.Decode("is_candidate", &b); err != nil {
			return ch, apperr.E(apperr.Invalid, texts.IsCandidateBool)
		}
		ch.IsCandidate = &b
	}
	if f.Has("comment_shared") && !f.IsNull("comment_shared") {
		var b bool
		if _, err := f.Decode("comment_shared", &b); err != nil {
			return ch, apperr.E(apperr.Invalid, texts.CommentSharedShape)
		}
		ch.CommentShared = &b
	}
	return ch, nil
}

// readMarks reads criteria, {"<key>": mark or null}: each mark a score
// (festival.ParseMark: 0 to 10, two decimal places at most, the refusal
// naming criteria.<key>); null abstains.
func readMarks(f web.Fields) (map[string]*festival.Decimal, error) {
	var raws map[string]json.RawMessage
	if _, err := f.Decode("criteria", &raws); err != nil || len(raws) == 0 {
		return nil, apperr.E(apperr.Invalid, texts.NoCriterionScored)
	}
	marks := make(map[string]*festival.Decimal, len(raws))
	for _, key := range slices.Sorted(maps.Keys(raws)) { // the first bad mark by key, every time
		raw := raws[key]
		if string(bytes.TrimSpace(raw)) == "null" {
			marks[key] = nil
			continue
		}
		m, err := festival.ParseMark(key, raw)
		if err != nil {
			return nil, festival.Refused(err)
		}
		marks[key] = &m
	}
	return marks, nil
}
