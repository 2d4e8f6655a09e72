package festival

import (
	"errors"
	"strings"
)

// Starting the next edition copies the current one's settings, categories,
// grids, rules, form and templates (docs/editions.md). The categories get
// new ids; CategoryIDs maps each of the archived edition's ids to its copy's.
type CategoryIDs map[int64]int64

// The refusals of CheckNextEdition.
var (
	ErrEditionID     = errors.New("edition: id of 1 to 16 letters, digits or '-'")
	ErrEditionName   = errors.New("edition: name of at most 100 characters, trimmed")
	ErrEditionExists = errors.New("edition: id already used")
	// ErrEditionStarting is the start of another edition under way (the
	// same request again finishes it).
	ErrEditionStarting = errors.New("edition: another edition's start is under way")
)

// MaxEditionNameLen bounds an edition's name.
const MaxEditionNameLen = 100

// EditionList is GET /editions: the editions, newest first, and the
// current one's id.
type EditionList struct {
	Current  EditionID `json:"current"`
	Editions []Edition `json:"editions"`
}

// Find returns the edition with this id.
func (l EditionList) Find(id EditionID) (Edition, bool) {
	for _, e := range l.Editions {
		if e.ID == id {
			return e, true
		}
	}
	return Edition{}, false
}

// NextEdition is what POST /editions asks: the new edition's id and name,
// and whether the jury keeps the categories it judges.
type NextEdition struct {
	ID       EditionID
	Name     string
	CopyJury bool
}

// ForNextEdition is the settings the next edition starts with: the same
// rules, with the season's dates cleared (the windows, the categories' own
// windows, the publication of the results and its ledger head, the release
// of decisions and the categories released early: they were the archived
// edition's calendar) and what is kept per category (grids, rules) moved to
// the copies' ids.
func (st Settings) ForNextEdition(ids CategoryIDs) Settings {
	next := st
	next.SubmissionsOpenAt, next.SubmissionsCloseAt = Time{}, Time{}
	next.VotingOpenAt, next.VotingCloseAt = Time{}, Time{}
	next.ResultsPublishedAt, next.ResultsLedger = Time{}, nil
	next.DecisionsReleaseAt, next.ReleasedCategories = Time{}, nil
	next.CategoryWindows = nil
	next.CategoryGrids = moveKeys(st.CategoryGrids, ids)
	next.CategoryRules = moveKeys(st.CategoryRules, ids)
	next.Form = st.Form.ForNextEdition(ids)
	return next
}

// moveKeys re-keys m by ids, dropping what has no copy.
func moveKeys[V any](m map[int64]V, ids CategoryIDs) map[int64]V {
	if m == nil {
		return nil
	}
	out := make(map[int64]V, len(m))
	for id, v := range m {
		if to, ok := ids[id]; ok {
			out[to] = v
		}
	}
	return out
}

// ForNextEdition is the form the next edition starts with: the same
// questions, those of a category asked of its copy.
func (f EntryForm) ForNextEdition(ids CategoryIDs) EntryForm {
	next := EntryForm{UpdatedAt: f.UpdatedAt}
	for _, q := range f.Questions {
		if q.Category != 0 {
			to, ok := ids[q.Category]
			if !ok {
				continue
			}
			q.Category = to
		}
		next.Questions = append(next.Questions, q)
	}
	return next
}

// NextJuryCategories are the categories a juror judges in the next edition
// when the jury is kept: the copies of those they judged. An id that is
// already a copy's stays (a start finished after a failure moves each
// juror once).
func NextJuryCategories(judged []int64, ids CategoryIDs) []int64 {
	copies := map[int64]bool{}
	for _, to := range ids {
		copies[to] = true
	}
	var out []int64
	for _, id := range judged {
		switch {
		case copies[id]:
			out = append(out, id)
		case ids[id] != 0:
			out = append(out, ids[id])
		}
	}
	return out
}

// CheckNextEdition checks what POST /editions asks against the editions
// there are: an id already used is ErrEditionExists.
func CheckNextEdition(n NextEdition, existing []Edition) error {
	if !ValidEditionID(string(n.ID)) {
		return ErrEditionID
	}
	if len([]rune(n.Name)) > MaxEditionNameLen || strings.TrimSpace(n.Name) != n.Name {
		return ErrEditionName
	}
	for _, e := range existing {
		if strings.EqualFold(string(e.ID), string(n.ID)) {
			return ErrEditionExists
		}
	}
	return nil
}
