package movies

import (
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Limits on a film's lists (the limits on its values are the domain's:
// festival.MaxMovieTitleLen and the rest).
const (
	MaxCategories       = 20
	MaxJuries           = 25
	MaxCollaborators    = 40
	MaxCollaboratorText = 100
)

// Submission is a decoded submission form: the film's fields, its
// categories (ids), its collaborators (without ids yet), and its answers to
// the festival's questions as sent (read against the form once the film's
// categories are known), with the names of the files given as answers (by
// question id).
type Submission struct {
	festival.MoviePatch
	Categories      []int64
	Collaborators   []festival.Collaborator
	Answers         festival.RawAnswers
	AnswerFileNames map[string]string
}

func invalidf(key texts.Key, args ...any) error { return apperr.Ef(apperr.Invalid, key, args...) }

// StatusNames lists the stored statuses, for messages.
func StatusNames() string {
	names := make([]string, len(festival.SelectionStatuses))
	for i, st := range festival.SelectionStatuses {
		names[i] = string(st)
	}
	return strings.Join(names, ", ")
}

// StatusFilter turns a ?status= value into the stored statuses it stands
// for: a guide value in capitals (VALIDATED) keeps every stored status shown
// as it (assigned, to_discuss); a stored value keeps itself.
func StatusFilter(s string) ([]festival.SelectionStatus, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []festival.SelectionStatus
	if s == strings.ToUpper(s) {
		for _, st := range festival.SelectionStatuses {
			if string(st.Guide()) == s {
				out = append(out, st)
			}
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	for _, st := range festival.SelectionStatuses {
		if string(st) == strings.ToLower(s) {
			return []festival.SelectionStatus{st}, nil
		}
	}
	return nil, invalidf(texts.BadStatus, texts.StatusParameter, s, StatusNames())
}
