package accounts

import (
	"context"
	"errors"
	"slices"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The most categories and declared conflicts a jury profile holds: enough
// for any festival, and what one transaction can check.
const (
	MaxJuryCategories = 20
	MaxJuryConflicts  = 30
)

// JuryProfile is what a jury member declares for the automatic assignment:
// the categories they judge (empty: any), the films they must not judge and
// the languages they understand (empty: any; the assignment gives them only
// films spoken or subtitled in one of them).
type JuryProfile struct {
	Categories []int64                 `json:"categories"`
	Conflicts  []int64                 `json:"conflicts"`
	Languages  []festival.LanguageCode `json:"languages"`
}

// JuryProfileChange is a PUT of the profile: categories and conflicts
// replace the stored ones; Languages replaces them when sent (nil: the body
// had no `languages`, the stored ones stay).
type JuryProfileChange struct {
	Categories []int64
	Conflicts  []int64
	Languages  *[]festival.LanguageCode
}

func profileOf(u festival.User) JuryProfile {
	return JuryProfile{Categories: orEmpty(u.JuryCategories), Conflicts: orEmpty(u.JuryConflicts),
		Languages: festival.LanguagesOrEmpty(u.JuryLanguages)}
}

func orEmpty(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

// JuryProfile returns a jury member's declarations: the caller's own (from
// the record the token check read, when it did), or any member's for an
// admin.
func (s *Service) JuryProfile(ctx context.Context, c festival.Actor, uid int64) (JuryProfile, error) {
	if c.ID == uid && c.Record != nil && c.Record.Role == festival.RoleJury {
		return profileOf(*c.Record), nil
	}
	u, err := s.Get(ctx, uid)
	if err == nil && u.Role != festival.RoleJury {
		err = apperr.E(apperr.Invalid, texts.NotAJuryMember)
	}
	return profileOf(u), err
}

// SetJuryProfile replaces a jury member's declarations: the caller's own
// (self), or, for an admin, any member's. Ids are kept sorted and once each
// (languages come parsed, festival.ParseLanguageList); unknown categories or
// films, and films the member is already assigned to, are refused and
// nothing changes.
func (s *Service) SetJuryProfile(ctx context.Context, uid int64, self bool, p JuryProfileChange) (JuryProfile, error) {
	for _, ids := range []*[]int64{&p.Categories, &p.Conflicts} {
		slices.Sort(*ids)
		*ids = slices.Compact(*ids)
	}
	if len(p.Categories) > MaxJuryCategories || len(p.Conflicts) > MaxJuryConflicts {
		return JuryProfile{}, apperr.Ef(apperr.Invalid, texts.JuryProfileShape, MaxJuryCategories, MaxJuryConflicts)
	}
	u, err := s.store.Jury.SetJuryProfile(ctx, uid, p.Categories, p.Conflicts, p.Languages)
	var bad *festival.JuryProfileError
	switch {
	case errors.As(err, &bad) && len(bad.UnknownCategories) > 0:
		return JuryProfile{}, apperr.Ef(apperr.Invalid, texts.UnknownCategories, festival.JoinIDs(bad.UnknownCategories, ", "))
	case errors.As(err, &bad) && len(bad.UnknownFilms) > 0:
		return JuryProfile{}, apperr.Ef(apperr.Invalid, texts.UnknownFilms, festival.JoinIDs(bad.UnknownFilms, ", "))
	case errors.As(err, &bad) && self:
		return JuryProfile{}, apperr.Ef(apperr.Conflict, texts.ConflictOnAssignedFilm, festival.JoinIDs(bad.AssignedFilms, ", "))
	case errors.As(err, &bad):
		return JuryProfile{}, apperr.Ef(apperr.Conflict, texts.MemberConflictOnAssignedFilm, festival.JoinIDs(bad.AssignedFilms, ", "))
	case errors.Is(err, festival.ErrNotJury):
		return JuryProfile{}, apperr.E(apperr.Invalid, texts.NotAJuryMember)
	case errors.Is(err, festival.ErrConflict):
		return JuryProfile{}, apperr.E(apperr.Conflict, texts.JuryProfileMeanwhile)
	case err != nil:
		return JuryProfile{}, storeErr(err)
	}
	return profileOf(u), nil
}
