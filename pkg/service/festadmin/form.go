package festadmin

import (
	"context"
	"errors"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Form is the festival's own form (GET /settings/form, anyone: the
// submission form is public). category > 0 keeps the questions asked of
// that category's films: the festival-wide ones and its own.
func (s *Service) Form(ctx context.Context, category int64) (festival.EntryForm, error) {
	st, err := s.store.Settings.GetSettings(ctx)
	if err != nil {
		return festival.EntryForm{}, err
	}
	f := st.Form
	if category > 0 {
		f.Questions = f.AskedOf([]int64{category})
	}
	if f.Questions == nil {
		f.Questions = []festival.Question{} // an empty list, never null
	}
	return f, nil
}

// ReplaceForm checks a form (festival.EntryForm.Check, then that each
// question's category exists) and saves it whole in place of the current
// one. expect, when set, is the updatedAt of the form the admin edited: a
// form replaced since is a 409, so that two admins do not undo each other.
func (s *Service) ReplaceForm(ctx context.Context, c festival.Actor, f festival.EntryForm, expect festival.Time) (festival.EntryForm, error) {
	if err := f.Check(); err != nil {
		return festival.EntryForm{}, err
	}
	if cats := f.Categories(); len(cats) > 0 {
		_, err := s.store.Categories.CategoryNames(ctx, cats)
		var unknown *festival.UnknownIDsError
		if errors.As(err, &unknown) {
			return festival.EntryForm{}, f.UnknownCategory(func(id int64) bool { return !slices.Contains(unknown.IDs, id) })
		}
		if err != nil {
			return festival.EntryForm{}, err
		}
	}
	saved, err := s.store.Form.ReplaceForm(ctx, c, func(cur festival.EntryForm) (festival.EntryForm, error) {
		if !expect.IsZero() && !expect.Equal(cur.UpdatedAt.Time) {
			return cur, apperr.E(apperr.Conflict, texts.FormVersionMoved)
		}
		return f, nil
	})
	if saved.Questions == nil {
		saved.Questions = []festival.Question{}
	}
	return saved, err
}
