package movies

import (
	"context"
	"errors"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A returning producer submits a film of an archived edition to the
// current one in one step (POST /movies/{id}/resubmit): a new film, as a
// submission would make it, from the earlier one's fields, team, answers
// and files (copied in the bucket).

// Editions reads which edition is current.
type Editions interface {
	ListEditions(ctx context.Context) (festival.EditionList, error)
}

// WithEditions gives the service what resubmitting needs to know of the
// editions.
func (s *Service) WithEditions(e Editions) *Service {
	s.editions = e
	return s
}

// Resubmission is what POST /movies/{id}/resubmit may say: the current
// edition's categories (absent: those named as the earlier film's were),
// and a late-entry code after the close.
type Resubmission struct {
	Categories    []int64
	HasCategories bool
	LateCode      string
}

// Resubmit makes a new film of the current edition from film id, an
// earlier edition's, for its producer or an admin. It is held to the
// submission window, the categories' windows and the festival's rules as a
// submission is; the new film's files are copies, removed again if the
// film is not written.
func (s *Service) Resubmit(ctx context.Context, c festival.Actor, id int64, in Resubmission) (m festival.Movie, err error) {
	old, err := s.films.GetMovie(ctx, id)
	if err != nil {
		return m, storeErr(err)
	}
	if c.Role != festival.RoleAdmin && old.OwnerID != c.ID {
		return m, apperr.E(apperr.Forbidden, texts.ResubmitNotOwner)
	}
	eds, err := s.editions.ListEditions(ctx)
	if err != nil {
		return m, err
	}
	if old.Edition == "" || old.Edition == eds.Current {
		return m, apperr.E(apperr.Conflict, texts.ResubmitCurrent)
	}
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return m, err
	}
	admit, err := s.admit(ctx, st, in.LateCode)
	if err != nil {
		return m, err
	}
	cats, err := s.resubmittedCategories(ctx, old, in)
	if err != nil {
		return m, err
	}
	if err := admit.Check(cats); err != nil {
		return m, err
	}
	owner, err := s.people.GetUser(ctx, old.OwnerID)
	if err != nil {
		return m, storeErr(err)
	}
	newID, err := s.films.NewMovieID(ctx)
	if err != nil {
		return m, err
	}
	committed := false
	defer s.discardUnlessCommitted(ctx, newID, &committed)
	if m, err = s.copiedMovie(ctx, old, newID, festival.Producer{ID: owner.ID, FirstName: owner.FirstName, LastName: owner.LastName}, st.Form); err != nil {
		return m, err
	}
	m.Edition = eds.Current // the edition the store writes it in, shown in the answer
	if m.Categories, err = s.catalog.CategoryNames(ctx, cats); err != nil {
		return m, unknownIDs(err, texts.UnknownCategories)
	}
	if err := admit.entry(st, &m); err != nil {
		return m, err
	}
	if err := s.films.CreateMovie(ctx, m, admit.store); err != nil {
		return m, storeErr(err)
	}
	committed = true
	s.mediaMayBeQueued(m)
	films := []festival.Movie{m}
	withChecklist(ctx, st, c, films, admit.now)
	return films[0], nil
}

// resubmittedCategories are the categories given, or the current
// edition's that bear the names of the earlier film's.
func (s *Service) resubmittedCategories(ctx context.Context, old festival.Movie, in Resubmission) ([]int64, error) {
	if in.HasCategories {
		return in.Categories, nil
	}
	var cur []festival.Category
	for cursor := ""; ; {
		page, next, err := s.catalog.ListCategories(ctx, festival.Page{Limit: 100, Cursor: cursor})
		if err != nil {
			return nil, err
		}
		cur = append(cur, page...)
		if next == "" {
			break
		}
		cursor = next
	}
	var ids []int64
	for _, oc := range old.Categories {
		for _, c := range cur {
			if festival.NameKey(c.Name) == festival.NameKey(oc.Name) && !slices.Contains(ids, c.ID) {
				ids = append(ids, c.ID)
			}
		}
	}
	return ids, nil
}

// copiedMovie is the new film: the earlier one's fields, team (fresh ids)
// and the answers the current form still asks, with its files copied under
// the new film's prefix; a new submission otherwise (status, dates, no
// jury, vote or award).
func (s *Service) copiedMovie(ctx context.Context, old festival.Movie, id int64, owner festival.Producer, form festival.EntryForm) (festival.Movie, error) {
	now := festival.NewTime(s.now())
	m := old
	m.ID, m.OwnerID, m.Producer, m.Edition = id, owner.ID, &owner, ""
	m.SelectionStatus, m.Status, m.StatusLabel = festival.StatusSubmitted, festival.StatusSubmitted.Guide(), ""
	m.CreatedAt, m.UpdatedAt = now, now
	m.JuryComment, m.AdminComment = nil, nil
	m.Categories, m.Awards, m.Juries = []festival.MovieCategory{}, []festival.MovieAward{}, []festival.Jury{}
	m.Media, m.Completeness, m.Draft, m.Withdrawn, m.LateEntryUntil = nil, nil, false, nil, festival.Time{}
	m.Tags, m.NoteCount = nil, 0 // the committee's, of the earlier edition
	for _, f := range []**string{&m.Trailer, &m.Picture1, &m.Picture2, &m.Picture3, &m.DisplayPicture, &m.Subtitle, &m.Thumbnail} {
		if *f == nil {
			continue
		}
		kept, err := s.copyFile(ctx, old.ID, **f, id)
		if err != nil {
			return m, err
		}
		if !kept {
			*f = nil
		}
	}
	festival.QueueMedia(&festival.Movie{}, &m, now)
	m.Answers = festival.Answers{}
	for q, a := range old.Answers {
		if _, asked := form.Question(q); !asked {
			continue
		}
		if a.File != nil {
			kept, err := s.copyFile(ctx, old.ID, a.File.Key, id)
			if err != nil {
				return m, err
			}
			if !kept {
				continue
			}
		}
		m.Answers[q] = a
	}
	m.Collaborators = slices.Clone(old.Collaborators)
	if len(m.Collaborators) > 0 {
		ids, err := s.films.NewCollaboratorIDs(ctx, len(m.Collaborators))
		if err != nil {
			return m, err
		}
		for i := range m.Collaborators {
			m.Collaborators[i].ID = ids[i]
		}
	}
	return m, nil
}

// copyFile copies one stored file of film from (a name shared by several
// fields is copied again: the same bytes); kept is false when the earlier
// film's file is gone, and the new film goes without it.
func (s *Service) copyFile(ctx context.Context, from int64, name string, to int64) (kept bool, err error) {
	if name == "" {
		return false, nil
	}
	_, err = s.files.Copy(ctx, from, name, to)
	if errors.Is(err, festival.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
