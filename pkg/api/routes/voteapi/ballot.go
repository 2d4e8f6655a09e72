package voteapi

import (
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
		if _, err := f.Decode("criteria", &ch.Criteria); err != nil || len(ch.Criteria) == 0 {
			return ch, apperr.E(apperr.Invalid, texts.NoCriterionScored)
		}
		if ch.Score != nil {
			return ch, apperr.E(apperr.Invalid, texts.ScoreOrCriteria)
		}
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
