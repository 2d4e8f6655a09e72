package mailtemplate

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Group is who a composed message goes to: the producers of films (with
// one of Statuses, when given), or the jurors assigned films (only those
// with films left to vote when Behind); in either case only films of the
// category CategoryID, when given.
type Group struct {
	Role       festival.Role
	Statuses   []festival.SelectionStatus
	CategoryID int64
	Behind     bool
}

// Addressee is one person of a group, with their films of it.
type Addressee struct {
	ID                  int64
	FirstName, LastName string
	Titles              []string
	films               []festival.Movie
}

// TitlesText is the films of an addressee as {{.Titles}} shows them: one
// "- title" a line.
func (a Addressee) TitlesText() string {
	lines := make([]string, len(a.Titles))
	for i, t := range a.Titles {
		lines[i] = "- " + t
	}
	return strings.Join(lines, "\n")
}

// Select is the group's people among films (and, for jurors behind,
// votes), by last name, each once.
func (g Group) Select(films []festival.Movie, votes []festival.Vote) []Addressee {
	voted := map[[2]int64]bool{}
	for _, v := range votes {
		voted[[2]int64{v.MovieID, v.UserID}] = true
	}
	byID := map[int64]*Addressee{}
	add := func(id int64, first, last string, m festival.Movie) {
		a := byID[id]
		if a == nil {
			a = &Addressee{ID: id, FirstName: first, LastName: last}
			byID[id] = a
		}
		a.Titles = append(a.Titles, m.Title)
		a.films = append(a.films, m)
	}
	for _, m := range films {
		if g.CategoryID > 0 && !m.InCategory(g.CategoryID) {
			continue
		}
		if g.Role == festival.RoleProducer {
			// A film out of the festival (withdrawn, a draft) keeps its
			// stored status, but no longer has it in the festival's eyes.
			if m.OwnerID > 0 && (len(g.Statuses) == 0 || (m.InFestival() && slices.Contains(g.Statuses, m.SelectionStatus))) {
				var first, last string
				if m.Producer != nil {
					first, last = m.Producer.FirstName, m.Producer.LastName
				}
				add(m.OwnerID, first, last, m)
			}
			continue
		}
		for _, j := range m.Juries {
			if !g.Behind || !voted[[2]int64{m.ID, j.ID}] {
				add(j.ID, j.FirstName, j.LastName, m)
			}
		}
	}
	out := make([]Addressee, 0, len(byID))
	for _, a := range byID {
		out = append(out, *a)
	}
	slices.SortFunc(out, func(a, b Addressee) int {
		return cmp.Or(cmp.Compare(a.LastName, b.LastName), cmp.Compare(a.FirstName, b.FirstName), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Due is when the message to a may go. A message to producers drawn by a
// decision (selected, finalist, awarded, refused) tells them of it, so it
// waits as the decision's own message does (Season.DecisionDue): until the
// last of their films' decisions is released. Any other goes now.
func (g Group) Due(a Addressee, s festival.Season, now time.Time) time.Time {
	if g.Role != festival.RoleProducer || !slices.ContainsFunc(g.Statuses, festival.SelectionStatus.IsDecision) {
		return now
	}
	due := now
	for _, m := range a.films {
		if d := s.DecisionDue(now, m.CategoryIDs()); d.After(due) {
			due = d
		}
	}
	return due
}
