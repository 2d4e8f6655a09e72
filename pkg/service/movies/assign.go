package movies

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/assignment"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// AssignmentRequest is what an admin asks of the automatic assignment.
type AssignmentRequest struct {
	// JurorsPerFilm is how many members each film gets (1..MaxJuries).
	JurorsPerFilm int
	// PerCategory overrides it for films in a category (the largest of a
	// film's categories wins).
	PerCategory map[int64]int
	// Statuses are the films staffed; empty: every film in competition
	// (festival.SelectionStatus.InCompetition).
	Statuses []festival.SelectionStatus
	// Categories, when set, staff only the films in one of them (a section's
	// competition).
	Categories []int64
	// Jurors, when set, are the only members given films (a section's own
	// jury); by default every JURY account.
	Jurors []int64
	// KeepExisting keeps the members films already have (except those with
	// a conflict of interest); false reassigns the films from scratch.
	KeepExisting bool
}

// AssignmentFilm is one film of a preview.
type AssignmentFilm struct {
	ID      int64   `json:"id_movie"`
	Title   string  `json:"title"`
	Minutes int64   `json:"minutes"`
	Guessed bool    `json:"minutes_estimated"` // no duration given: the festival's median is used
	Needed  int     `json:"needed"`
	Juries  []int64 `json:"juries"`
	Added   []int64 `json:"added"`
	Removed []int64 `json:"removed"`
}

// HeldFilm is a film in scope held back from the jury by a check the
// festival set to refuse (its reasons).
type HeldFilm struct {
	ID     int64  `json:"id_movie"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

// AssignmentLoad is one member's load in a preview.
type AssignmentLoad struct {
	ID         int64                   `json:"id_user"`
	FirstName  string                  `json:"first_name"`
	LastName   string                  `json:"last_name"`
	Categories []int64                 `json:"categories"` // declared; empty: any
	Languages  []festival.LanguageCode `json:"languages"`  // declared; empty: any
	Films      int                     `json:"films"`
	Minutes    int64                   `json:"minutes"`
}

// AssignmentPreview is the proposal an admin looks at before applying it.
type AssignmentPreview struct {
	PlanID    festival.PlanID    `json:"plan_id"`
	ExpiresAt festival.Time      `json:"expires_at"`
	Films     []AssignmentFilm   `json:"films"`
	Loads     []AssignmentLoad   `json:"loads"`
	Spread    assignment.Spread  `json:"spread"`
	Short     []assignment.Short `json:"short"`
	Held      []HeldFilm         `json:"held"`
	// Unassignable are the films no member may take because none
	// understands their languages (assign_languages.go).
	Unassignable []UnassignableFilm    `json:"unassignable"`
	Changes      int                   `json:"changes"` // films whose members change
	Took         float64               `json:"took_ms"` // the proposal's computation
	Request      AssignmentRequestEcho `json:"request"`
}

// AssignmentRequestEcho repeats the request as understood.
type AssignmentRequestEcho struct {
	JurorsPerFilm int                        `json:"jurors_per_film"`
	PerCategory   map[string]int             `json:"per_category"`
	Statuses      []festival.SelectionStatus `json:"statuses"`
	Categories    []int64                    `json:"categories"`
	Jurors        []int64                    `json:"jurors"`
	KeepExisting  bool                       `json:"keep_existing"`
}

// PreviewAssignment proposes an assignment (package assignment) from every
// film and every jury member as stored now, saves it as a plan that can be
// applied for a day, and returns it.
func (s *Service) PreviewAssignment(ctx context.Context, c festival.Actor, req AssignmentRequest) (AssignmentPreview, error) {
	if _, err := s.plans.RecoverPlans(ctx); err != nil {
		return AssignmentPreview{}, err
	}
	films, err := s.plans.AllMoviesVersioned(ctx)
	if err != nil {
		return AssignmentPreview{}, err
	}
	everyJuror, err := s.people.Jurors(ctx)
	if err != nil {
		return AssignmentPreview{}, err
	}
	jurors, err := req.members(everyJuror)
	if err != nil {
		return AssignmentPreview{}, err
	}
	if err := s.knownCategories(ctx, req); err != nil {
		return AssignmentPreview{}, err
	}
	if len(req.Statuses) == 0 {
		req.Statuses = festival.CompetingStatuses()
	}
	asked := func(m festival.Movie) bool {
		return slices.Contains(req.Statuses, m.SelectionStatus) &&
			(len(req.Categories) == 0 || slices.ContainsFunc(req.Categories, m.InCategory))
	}
	// A film held back by its media checks, or out of the festival
	// (withdrawn, a draft), gets no members: it is left out of the films
	// staffed, and the preview says why.
	inScope := func(m festival.Movie) bool { return asked(m) && m.InFestival() && !m.Media.Refused() }
	minutes := filmMinutes(films, inScope)
	staffed, in := req.input(films, jurors, everyJuror, inScope, minutes)
	start := time.Now()
	p := assignment.Propose(staffed, in)
	took := time.Since(start)
	out, err := s.savePreview(ctx, c, req, films, jurors, minutes, p, took)
	out.Held = heldFilms(texts.LangOf(ctx), films, asked)
	out.Unassignable = unassignableFilms(films, p)
	return out, err
}

// heldFilms are the films asked for that are out of the festival
// (festival.Movie.OutOfFestivalReason, written in l) or that their media
// checks hold back.
func heldFilms(l texts.Lang, films []festival.VersionedMovie, asked func(festival.Movie) bool) []HeldFilm {
	out := []HeldFilm{}
	for _, vm := range films {
		m := vm.Movie
		switch {
		case !asked(m):
		case !m.InFestival():
			out = append(out, HeldFilm{ID: m.ID, Title: m.Title, Reason: texts.T(l, m.OutOfFestivalReason())})
		case m.Media.Refused():
			out = append(out, HeldFilm{ID: m.ID, Title: m.Title, Reason: m.Media.RefusalReasons()})
		}
	}
	return out
}

// input is what the proposal works on: the films staffed (with their need,
// conflicts and kept members: any JURY account already on the film without a
// conflict, among the members asked for or not) and the members (with the
// load they have outside those films).
func (r AssignmentRequest) input(films []festival.VersionedMovie, jurors, everyJuror []festival.User, inScope func(festival.Movie) bool,
	minutes map[int64]int64) (staffed []assignment.Film, in []assignment.Juror) {
	jury := map[int64]festival.User{}
	for _, u := range everyJuror {
		jury[u.ID] = u
	}
	jurorIdx := map[int64]int{}
	in = make([]assignment.Juror, len(jurors))
	for i, u := range jurors {
		jurorIdx[u.ID] = i
		in[i] = assignment.Juror{ID: u.ID, Categories: u.JuryCategories, Languages: u.JuryLanguages}
	}
	for _, vm := range films {
		m := vm.Movie
		if !inScope(m) {
			for _, j := range m.Juries { // load outside the films staffed
				if i, ok := jurorIdx[j.ID]; ok {
					in[i].BaseMinutes += minutes[m.ID]
					in[i].BaseFilms++
				}
			}
			continue
		}
		f := assignment.Film{ID: m.ID, Minutes: minutes[m.ID], Categories: m.CategoryIDs(), Need: r.need(m), Languages: m.Languages()}
		for _, u := range jurors {
			if festival.ConflictOfInterest(m, u) {
				f.Conflicts = append(f.Conflicts, u.ID)
			}
		}
		if r.KeepExisting {
			for _, j := range m.Juries {
				if u, ok := jury[j.ID]; ok && !festival.ConflictOfInterest(m, u) {
					f.Keep = append(f.Keep, j.ID)
				}
			}
		}
		staffed = append(staffed, f)
	}
	return staffed, in
}

// savePreview turns a proposal into the preview an admin reads and saves
// the films it changes as a plan.
func (s *Service) savePreview(ctx context.Context, c festival.Actor, req AssignmentRequest, films []festival.VersionedMovie, jurors []festival.User,
	minutes map[int64]int64, p assignment.Proposal, took time.Duration) (AssignmentPreview, error) {
	out := AssignmentPreview{Spread: p.Spread, Short: p.Short, Took: float64(took.Microseconds()) / 1000, Request: req.echo()}
	if out.Short == nil {
		out.Short = []assignment.Short{}
	}
	var plan []festival.PlanFilm
	for _, vm := range films {
		m := vm.Movie
		after, ok := p.Films[m.ID]
		if !ok {
			continue
		}
		before := make([]int64, len(m.Juries))
		for i, j := range m.Juries {
			before[i] = j.ID
		}
		slices.Sort(before)
		f := AssignmentFilm{ID: m.ID, Title: m.Title, Minutes: minutes[m.ID], Guessed: m.Runtime() == nil || *m.Runtime() <= 0,
			Needed: req.need(m), Juries: after, Added: diff(after, before), Removed: diff(before, after)}
		out.Films = append(out.Films, f)
		if len(f.Added)+len(f.Removed) > 0 {
			plan = append(plan, festival.PlanFilm{MovieID: m.ID, Version: vm.Version, Before: before, After: after})
		}
	}
	if out.Films == nil {
		out.Films = []AssignmentFilm{}
	}
	for _, l := range p.Loads {
		u := jurors[slices.IndexFunc(jurors, func(u festival.User) bool { return u.ID == l.JurorID })]
		out.Loads = append(out.Loads, AssignmentLoad{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName,
			Categories: nonNil(u.JuryCategories), Languages: festival.LanguagesOrEmpty(u.JuryLanguages), Films: l.Films, Minutes: l.Minutes})
	}
	if out.Loads == nil {
		out.Loads = []AssignmentLoad{}
	}
	out.Changes = len(plan)
	out.PlanID = festival.NewPlanID(s.now())
	var err error
	if out.ExpiresAt, err = s.plans.SavePlan(ctx, c, out.PlanID, plan); err != nil {
		return AssignmentPreview{}, err
	}
	return out, nil
}

// ApplyAssignment applies a previewed plan, all or nothing, and returns how
// many films changed. Each member given films gets one message listing them.
func (s *Service) ApplyAssignment(ctx context.Context, c festival.Actor, planID festival.PlanID) (int, error) {
	n, err := s.plans.ApplyPlan(ctx, c, planID, func(uid int64, films []festival.Movie) festival.Message {
		titles := make([]string, len(films))
		for i, m := range films {
			titles[i] = "« " + m.Title + " »"
		}
		return festival.NewMessage(festival.MessageJuryAssignment, []int64{uid},
			map[string]string{"count": strconv.Itoa(len(films)), "titles": strings.Join(titles, "\n")}, s.now())
	})
	var stale *festival.PlanStaleError
	var state *festival.PlanStateError
	var unknown *festival.UnknownIDsError
	switch {
	case errors.Is(err, festival.ErrNotFound):
		return 0, apperr.E(apperr.NotFound, texts.PlanNotFound)
	case errors.As(err, &stale):
		return 0, apperr.Ef(apperr.Conflict, texts.PlanFilmChanged, stale.MovieID)
	case errors.As(err, &state) && state.State == festival.PlanApplied:
		return 0, apperr.E(apperr.Conflict, texts.PlanAlreadyApplied)
	case errors.As(err, &state) && state.State == festival.PlanApplying:
		return 0, apperr.E(apperr.Conflict, texts.PlanBeingApplied)
	case errors.As(err, &state):
		return 0, apperr.E(apperr.Conflict, texts.PlanNotApplicable)
	case errors.Is(err, festival.ErrConflict) || errors.As(err, &unknown):
		return 0, apperr.E(apperr.Conflict, texts.PlanJuryChanged)
	}
	return n, err
}

// knownCategories refuses a request naming categories that do not exist
// (in its scope or in per_category).
func (s *Service) knownCategories(ctx context.Context, r AssignmentRequest) error {
	named := slices.Clone(r.Categories)
	for c := range r.PerCategory {
		named = append(named, c)
	}
	if len(named) == 0 {
		return nil
	}
	cats, _, err := s.catalog.ListCategories(ctx, festival.Page{})
	if err != nil {
		return err
	}
	var unknown []int64
	for _, c := range named {
		if !slices.ContainsFunc(cats, func(k festival.Category) bool { return k.ID == c }) && !slices.Contains(unknown, c) {
			unknown = append(unknown, c)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return invalidf(texts.UnknownCategories, festival.JoinIDs(unknown, ", "))
	}
	return nil
}

// members are the jurors the request names (all of them when it names none);
// an id that is not a JURY account is refused.
func (r AssignmentRequest) members(all []festival.User) ([]festival.User, error) {
	if len(r.Jurors) == 0 {
		return all, nil
	}
	var out []festival.User
	var unknown []int64
	for _, id := range r.Jurors {
		if i := slices.IndexFunc(all, func(u festival.User) bool { return u.ID == id }); i >= 0 {
			out = append(out, all[i])
		} else {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		return nil, invalidf(texts.UnknownJuries, festival.JoinIDs(unknown, ", "))
	}
	return out, nil
}

// need is how many members a film should have.
func (r AssignmentRequest) need(m festival.Movie) int {
	n, set := r.JurorsPerFilm, false
	for _, c := range m.CategoryIDs() {
		if k, ok := r.PerCategory[c]; ok && (!set || k > n) {
			n, set = k, true
		}
	}
	return n
}

func (r AssignmentRequest) echo() AssignmentRequestEcho {
	per := make(map[string]int, len(r.PerCategory))
	for c, k := range r.PerCategory {
		per[strconv.FormatInt(c, 10)] = k
	}
	return AssignmentRequestEcho{JurorsPerFilm: r.JurorsPerFilm, PerCategory: per, Statuses: r.Statuses,
		Categories: nonNil(r.Categories), Jurors: nonNil(r.Jurors), KeepExisting: r.KeepExisting}
}

// filmMinutes is each film's length in whole minutes (its duration is in
// seconds; at least 1), or for a film without one the median length of the
// films staffed (1 when none has one, so that counts are balanced).
func filmMinutes(films []festival.VersionedMovie, inScope func(festival.Movie) bool) map[int64]int64 {
	length := func(m festival.Movie) (int64, bool) {
		d := m.Runtime() // measured, else declared
		if d == nil || *d <= 0 {
			return 0, false
		}
		return max(1, (*d+30)/60), true
	}
	var known []int64
	for _, vm := range films {
		if n, ok := length(vm.Movie); ok && inScope(vm.Movie) {
			known = append(known, n)
		}
	}
	guess := int64(1)
	if len(known) > 0 {
		slices.Sort(known)
		guess = known[len(known)/2]
	}
	out := make(map[int64]int64, len(films))
	for _, vm := range films {
		if n, ok := length(vm.Movie); ok {
			out[vm.Movie.ID] = n
		} else {
			out[vm.Movie.ID] = guess
		}
	}
	return out
}

// diff is the ids of a not in b.
func diff(a, b []int64) []int64 {
	out := []int64{}
	for _, id := range a {
		if !slices.Contains(b, id) {
			out = append(out, id)
		}
	}
	return out
}

func nonNil(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}
