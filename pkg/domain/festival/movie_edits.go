package festival

import (
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// MovieEdit is a change of a film, decided here and persisted by storage:
// storage reads the film, applies the edit to it and writes it back in one
// versioned transaction, applying it again to the film as stored when
// another write came first. The edit changes m and returns the details of
// the audit entry; an error refuses the change, and nothing is written.
type MovieEdit func(m *Movie) (map[string]string, error)

// SetStatus moves a film to status to (an admin's decision).
func SetStatus(to SelectionStatus) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		from := m.SelectionStatus
		m.SelectionStatus = to
		return map[string]string{"from": string(from), "to": string(to)}, nil
	}
}

// MarkCandidate is a jury member's "candidate" mark without a full vote. A
// mark is a vote: it is held to the vote's window in the film's categories;
// a member with a conflict of interest is refused, and so is a member the
// film is not assigned to when the festival allows votes on assigned films
// only. juror is the member's account, by the caller.
func MarkCandidate(by Actor, juror User, st Settings, now time.Time) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		if err := CheckJudging(by, juror, st, now, *m, m.HasJury(by.ID)); err != nil {
			return nil, err
		}
		return SetStatus(StatusCandidate)(m)
	}
}

// SetCollaborators replaces a film's collaborators (with their ids drawn).
// Only the film's producer or an admin may. A jury member assigned to the
// film cannot become its collaborator: the rule of the jury's assignment
// seen from the other side, checked on the film as stored so that a
// concurrent assignment cannot slip through.
func SetCollaborators(by Actor, collabs []Collaborator) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		if !by.Is(RoleAdmin) && m.OwnerID != by.ID {
			return nil, apperr.E(apperr.Forbidden, texts.NotOwner)
		}
		if jurors := AssignedCollaborators(*m, collabs); len(jurors) > 0 {
			return nil, apperr.Ef(apperr.Invalid, texts.CollaboratorIsJury, strings.Join(jurors, ", "))
		}
		m.Collaborators = collabs
		return map[string]string{"count": strconv.Itoa(len(collabs))}, nil
	}
}

// AssignedCollaborators returns the e-mails among collabs that belong to a
// jury member assigned to the film, in the order sent.
func AssignedCollaborators(m Movie, collabs []Collaborator) []string {
	jurors := map[string]bool{}
	for _, j := range m.Juries {
		jurors[NormalizeEmail(j.Email)] = true
	}
	var out []string
	for _, c := range collabs {
		// The same comparison as ConflictOfInterest's.
		if c.Email != "" && jurors[NormalizeEmail(c.Email)] {
			out = append(out, c.Email)
		}
	}
	return out
}

// KeepCollaboratorIDs gives each of collabs sent again with the e-mail of
// one of the film's collaborators that collaborator's id, and returns how
// many others need a new one (GiveCollaboratorIDs). collabs is changed.
func KeepCollaboratorIDs(m Movie, collabs []Collaborator) (need int) {
	known := map[string]int64{}
	for _, old := range m.Collaborators {
		if old.Email != "" {
			known[NormalizeEmail(old.Email)] = old.ID
		}
	}
	for i := range collabs {
		if id, ok := known[NormalizeEmail(collabs[i].Email)]; ok && collabs[i].Email != "" {
			collabs[i].ID = id
		} else {
			need++
		}
	}
	return need
}

// GiveCollaboratorIDs gives the collaborators without an id the ids drawn
// for them, in order.
func GiveCollaboratorIDs(collabs []Collaborator, ids []int64) {
	for i := range collabs {
		if collabs[i].ID == 0 {
			collabs[i].ID, ids = ids[0], ids[1:]
		}
	}
}
