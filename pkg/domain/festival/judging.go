package festival

import (
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// CheckJudging is the rule every judgement of a film passes, a vote as a
// candidate mark (MarkCandidate): the judge's account has confirmed its
// e-mail address when the festival asked it to, the film is in the festival, the vote is
// open in its categories, the judge has no conflict of interest (they
// produced it, are among its collaborators or declared a conflict with it)
// and, when the festival lets jury members vote only on the films assigned
// to them, a jury member is assigned to it. It is the one copy of these
// rules: the writes run it, and so does the answer telling a juror what
// they may do on a film (voting.Service.Allowed), which runs it without
// writing. The checks run in this order, so that both say the same first
// reason.
func CheckJudging(by Actor, judge User, st Settings, now time.Time, m Movie, assigned bool) error {
	if by.Unconfirmed() {
		return apperr.E(apperr.Forbidden, texts.EmailUnconfirmed)
	}
	if err := m.CheckInFestival(); err != nil {
		return err
	}
	if err := st.CheckVoteIn(now, m.CategoryIDs()); err != nil {
		return err
	}
	if ConflictOfInterest(m, judge) {
		return apperr.E(apperr.Forbidden, texts.ConflictOfInterest)
	}
	if st.JuryVoteAssignedOnly && by.Role == RoleJury && !assigned {
		return apperr.E(apperr.Forbidden, texts.NotAssigned)
	}
	return nil
}

// Judged is a film as the judging rule reads it from its facts (a vote's
// ground): what CheckJudging looks at, nothing more.
func (f MovieFacts) Judged() Movie {
	return Movie{ID: f.ID, OwnerID: f.OwnerID, Collaborators: f.Collaborators, Categories: f.Categories,
		Draft: f.Draft, Withdrawn: f.Withdrawn}
}

// Facts are the film's facts as a store reads them (GetMovieFacts): what a
// vote is judged on, for a film read whole (a juror's queue).
func (m Movie) Facts() MovieFacts {
	return MovieFacts{
		ID: m.ID, Title: m.Title, OwnerID: m.OwnerID, Status: m.SelectionStatus, Categories: m.Categories,
		Collaborators: m.Collaborators, Awards: m.Awards, Duration: m.Runtime(), Stream: m.Media.Streams(),
		Draft: m.Draft, Withdrawn: m.Withdrawn,
	}
}
