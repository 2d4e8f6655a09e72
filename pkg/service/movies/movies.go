// Package movies is the business of films: submission with their files
// (including the combined producer registration), listings, admin review,
// collaborators, the jury's candidate mark, presigned access to the files
// and the direct-to-S3 upload of large films. The movies and auth route
// groups serve it.
package movies

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// Service runs the film operations.
type Service struct {
	films   Films
	remover FilmRemover
	plans   Plans
	people  People
	// producers are the accounts register-film creates.
	producers Producers
	catalog   Catalog
	settings  SettingsReader
	viewings  Viewings
	// admins are who hear of a film's withdrawal (withdrawal.go).
	admins Admins
	// editions say which edition is current (resubmit.go).
	editions Editions
	files    *files.Store
	now      func() time.Time
	// mediaQueued, when set, is told that a write may have queued a media
	// job (the local server's worker wakes up).
	mediaQueued func()
}

// OnMediaQueued sets what hears that a film's write may have queued its
// media job (a new file, new subtitles).
func (s *Service) OnMediaQueued(f func()) { s.mediaQueued = f }

// mediaMayBeQueued tells the worker of a film written with media (a
// spurious call costs one look at the queue).
func (s *Service) mediaMayBeQueued(m festival.Movie) {
	if s.mediaQueued != nil && m.Media != nil {
		s.mediaQueued()
	}
}

// New returns the film service over its stores.
func New(st Stores, fs *files.Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{
		films: st.Films, remover: st.Remover, plans: st.Plans, people: st.People, producers: st.Producers, catalog: st.Catalog,
		settings: st.Settings, viewings: st.Viewings, admins: st.Admins, files: fs, now: now,
	}
}

// storeErr turns the store's typed failures into the API's.
func storeErr(err error) error {
	var unknown *festival.UnknownIDsError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, festival.ErrNotFound):
		return apperr.E(apperr.NotFound, texts.MovieNotFound)
	case errors.Is(err, festival.ErrConflict):
		return apperr.E(apperr.Conflict, texts.MovieChangedMeanwhile)
	case errors.Is(err, festival.ErrLateCodeSpent):
		return apperr.E(apperr.Forbidden, texts.LateCodeInvalid)
	case errors.As(err, &unknown):
		return apperr.Ef(apperr.Invalid, texts.UnknownIDs, festival.JoinIDs(unknown.IDs, ", "))
	}
	return err
}

// unknownIDs names, with format, the ids a lookup did not find; any other
// error passes unchanged.
func unknownIDs(err error, refusal texts.Key) error {
	var unknown *festival.UnknownIDsError
	if errors.As(err, &unknown) {
		return invalidf(refusal, festival.JoinIDs(unknown.IDs, ", "))
	}
	return err
}

// Get reads one film as the caller may see it (festival.Settings.FilmsFor;
// c is the zero Actor for an anonymous caller), with its checklist when c is
// an admin or its producer: one BatchGetItem of the film and the settings.
func (s *Service) Get(ctx context.Context, c festival.Actor, id int64) (festival.Movie, error) {
	now := s.now()
	m, st, err := s.readable(ctx, c, id, now)
	if err != nil {
		return m, err
	}
	films := []festival.Movie{m}
	withChecklist(ctx, st, c, films, now)
	return films[0], nil
}

// readable reads film id and the settings in one BatchGetItem, and returns
// the film as c reads it (festival.Settings.FilmsFor): 404 when c may not
// read it (not in the curated selection the public reads: as if absent).
func (s *Service) readable(ctx context.Context, c festival.Actor, id int64, now time.Time) (festival.Movie, festival.Settings, error) {
	m, st, err := s.films.GetMovieAndSettings(ctx, id)
	if err != nil {
		return festival.Movie{}, st, storeErr(err)
	}
	seen := st.In(texts.LangOf(ctx)).FilmsFor(c, []festival.Movie{m}, now)
	if len(seen) == 0 {
		return festival.Movie{}, st, apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	return seen[0], st, nil
}

// film reads one film whole, for the service's own checks.
func (s *Service) film(ctx context.Context, id int64) (festival.Movie, error) {
	m, err := s.films.GetMovie(ctx, id)
	return m, storeErr(err)
}

// listFor lists films as the caller may see them: the settings come with the
// list's version, in the same request, for anyone but an admin, and for an
// admin too when checklist asks for each film's checklist (given where the
// caller is an admin or the film's producer).
func (s *Service) listFor(ctx context.Context, c festival.Actor, f festival.MovieFilter, p festival.Page, checklist bool) ([]festival.Movie, string, error) {
	var st festival.Settings
	if !c.Is(festival.RoleAdmin) || checklist {
		f.Settings = &st
	}
	movies, next, err := s.films.ListMovies(ctx, f, p)
	if err != nil {
		return nil, "", storeErr(err)
	}
	now := s.now()
	movies = st.In(texts.LangOf(ctx)).FilmsFor(c, movies, now)
	if checklist {
		withChecklist(ctx, st, c, movies, now)
	}
	return movies, next, nil
}

// PublicStamp is what an anonymous film listing made now reads ("" when
// the store cannot tell, and each listing is then made whole), and until
// when the same stamp answers the same (zero: until a write changes it).
func (s *Service) PublicStamp(ctx context.Context) (string, time.Time, error) {
	var st festival.Settings
	stamp, err := s.films.MoviesStamp(ctx, &st)
	if err != nil || stamp == "" {
		return "", time.Time{}, storeErr(err)
	}
	return stamp, st.ClockChangesAt(s.now()), nil
}

// ListQuery is the optional filtering and paging of GET /movies.
type ListQuery struct {
	Status   string // either vocabulary
	Category string // id_categorie
	// Incomplete ("true" or "false", admins only) keeps the films whose
	// checklist is (in)complete, each with its checklist.
	Incomplete string
	Page       festival.Page
}

// List returns films, all of them or one page, optionally by status,
// category and (admins) completeness, as the caller may see them (c is the
// zero Actor when anonymous). The completeness filter applies to each page
// read, so a page may hold fewer films than its limit; its cursor goes on.
func (s *Service) List(ctx context.Context, c festival.Actor, q ListQuery) ([]festival.Movie, string, error) {
	var f festival.MovieFilter
	var err error
	if f.Statuses, err = StatusFilter(q.Status); err != nil {
		return nil, "", err
	}
	if q.Category != "" {
		if f.CategoryID, err = strconv.ParseInt(q.Category, 10, 64); err != nil || f.CategoryID <= 0 {
			return nil, "", invalidf(texts.BadCategoryFilter)
		}
	}
	incomplete, err := parseIncomplete(q.Incomplete)
	if err != nil {
		return nil, "", err
	}
	if incomplete == nil {
		return s.listFor(ctx, c, f, q.Page, false)
	}
	if !c.Is(festival.RoleAdmin) {
		return nil, "", apperr.E(apperr.Forbidden, texts.AdminOnly)
	}
	films, next, err := s.listFor(ctx, c, f, q.Page, true)
	kept := make([]festival.Movie, 0, len(films))
	for _, m := range films {
		if m.Completeness.Complete != *incomplete {
			kept = append(kept, m)
		}
	}
	return kept, next, err
}

// Mine lists the caller's own films, each with its checklist.
func (s *Service) Mine(ctx context.Context, c festival.Actor, p festival.Page) ([]festival.Movie, string, error) {
	return s.listFor(ctx, c, festival.MovieFilter{ProducerID: c.ID}, p, true)
}

// Assigned lists the films assigned to the calling jury member.
func (s *Service) Assigned(ctx context.Context, c festival.Actor, p festival.Page) ([]festival.Movie, string, error) {
	return s.listFor(ctx, c, festival.MovieFilter{JuryID: c.ID}, p, false)
}

// change applies a change to a film, with an audit entry when audited.
func (s *Service) change(ctx context.Context, id int64, actor *festival.Actor, action string, edit festival.MovieEdit) (festival.Movie, error) {
	var audit *festival.AuditInfo
	if actor != nil {
		audit = &festival.AuditInfo{Actor: *actor, Action: action}
	}
	m, err := s.films.ChangeMovie(ctx, id, audit, edit)
	if err == nil {
		s.mediaMayBeQueued(m)
	}
	return m, storeErr(err)
}

// Update changes the editable fields of a patch (PUT /movies/:id, admin):
// the domain checks it and refuses an empty one (festival.MoviePatch.Edit).
func (s *Service) Update(ctx context.Context, c festival.Actor, id int64, p festival.MoviePatch) (festival.Movie, error) {
	edit, err := p.Edit(s.now())
	if err != nil {
		return festival.Movie{}, err
	}
	actor := c
	return s.change(ctx, id, &actor, "movie.update", edit)
}

// SetStatus replaces the status (PUT /movies/:id/status). Concurrent
// decisions on one film all land, the later one winning (see
// Films.SetMovieStatus): they answer 409 only when the store stays
// contended past a merge's patience.
func (s *Service) SetStatus(ctx context.Context, c festival.Actor, id int64, st festival.SelectionStatus) (festival.Movie, error) {
	m, err := s.films.SetMovieStatus(ctx, c, id, st)
	if err == nil {
		s.mediaMayBeQueued(m)
	}
	return m, storeErr(err)
}

// SetCategories assigns exactly the listed categories; an unknown id is a
// 400 naming it, and nothing changes.
func (s *Service) SetCategories(ctx context.Context, c festival.Actor, id int64, ids []int64) (festival.Movie, error) {
	cats, err := s.catalog.CategoryNames(ctx, ids)
	if err != nil {
		return festival.Movie{}, unknownIDs(err, texts.UnknownCategories)
	}
	m, err := s.films.SetMovieCategories(ctx, c, id, cats)
	return m, storeErr(err)
}

// SetJuries assigns exactly the listed jury members; an unknown user, one
// whose role is not JURY, or one with a conflict of interest with the film
// (its producer or one of its collaborators) is a 400 naming them, and
// nothing changes.
func (s *Service) SetJuries(ctx context.Context, c festival.Actor, id int64, ids []int64) (festival.Movie, error) {
	m, err := s.films.AssignJuries(ctx, c, id, ids)
	var unknown *festival.UnknownIDsError
	if errors.As(err, &unknown) {
		return m, unknownIDs(err, texts.UnknownJuries)
	}
	var conflicted *festival.ConflictOfInterestError
	if errors.As(err, &conflicted) {
		return m, invalidf(texts.JuryConflict, festival.JoinIDs(conflicted.IDs, ", "))
	}
	var refused *festival.MediaRefusedError
	if errors.As(err, &refused) {
		return m, apperr.Ef(apperr.Conflict, texts.MediaRefused, refused.Reasons)
	}
	return m, storeErr(err)
}

// SetCollaborators replaces a film's collaborators. Only the owning producer
// or an admin may; an admin's change is audited. A collaborator sent again
// with the same e-mail keeps their id.
func (s *Service) SetCollaborators(ctx context.Context, c festival.Actor, id int64, collabs []festival.Collaborator) (festival.Movie, error) {
	collabs = slices.Clone(collabs)
	// Ownership is checked before drawing ids, and again inside the
	// versioned write below (the owner of a film never changes).
	current, err := s.film(ctx, id)
	if err != nil {
		return festival.Movie{}, err
	}
	if !c.Is(festival.RoleAdmin) && current.OwnerID != c.ID {
		return festival.Movie{}, apperr.E(apperr.Forbidden, texts.NotOwner)
	}
	fresh, err := s.films.NewCollaboratorIDs(ctx, festival.KeepCollaboratorIDs(current, collabs))
	if err != nil {
		return festival.Movie{}, err
	}
	festival.GiveCollaboratorIDs(collabs, fresh)
	var actor *festival.Actor
	if c.Is(festival.RoleAdmin) {
		a := c
		actor = &a
	}
	return s.change(ctx, id, actor, "movie.collaborators", festival.SetCollaborators(c, collabs))
}

// MarkCandidate is a jury member's "candidate" mark without a full vote
// (PUT /movies/:id/jury-candidate). A member with a conflict of interest
// (they produced the film or are among its collaborators) is refused.
func (s *Service) MarkCandidate(ctx context.Context, c festival.Actor, id int64) (festival.Movie, error) {
	juror, err := s.people.GetUser(ctx, c.ID)
	if err != nil {
		return festival.Movie{}, err // the guard just read this user
	}
	settings, err := s.settings.GetSettings(ctx)
	if err != nil {
		return festival.Movie{}, err
	}
	actor := c
	m, err := s.change(ctx, id, &actor, "movie.candidate", festival.MarkCandidate(c, juror, settings, s.now()))
	if err != nil {
		return m, err
	}
	// The juror reads the film as GET /movies/:id shows it to them: no
	// media facts, and no maker under blind judging (Settings.FilmsFor).
	// A juror is never out of the list the festival shows them.
	shown := settings.In(texts.LangOf(ctx)).FilmsFor(c, []festival.Movie{m}, s.now())
	if len(shown) == 0 {
		return festival.Movie{}, apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	return shown[0], nil
}

// Delete removes a film with everything in its item collection and its files.
// A film whose deletion failed part-way reads as gone but can be deleted
// again, which finishes the job.
//
// An archived edition's film stays (409): its edition is read-only. An
// account's erasure (DeleteMoviesOf) removes its films in every edition.
func (s *Service) Delete(ctx context.Context, c festival.Actor, id int64) error {
	title, err := s.remover.MarkCurrentMovieDeleting(ctx, id)
	if err != nil {
		return storeErr(err)
	}
	actor := c
	return s.removeMarked(ctx, &actor, id, title)
}

// remove marks the film as being deleted (no new vote, assignment, award or
// file can then attach to it), deletes the files, then the records, the film
// item last: a failure part-way leaves the marked film item, and a retry
// finishes the job; deleting the records first could leave objects that no
// record points to.
func (s *Service) remove(ctx context.Context, actor *festival.Actor, id int64) error {
	title, err := s.remover.MarkMovieDeleting(ctx, id)
	if err != nil {
		return storeErr(err)
	}
	return s.removeMarked(ctx, actor, id, title)
}

// removeMarked deletes a marked film's files, then its records.
func (s *Service) removeMarked(ctx context.Context, actor *festival.Actor, id int64, title string) error {
	if err := s.files.DeletePrefix(ctx, id); err != nil {
		return err
	}
	return storeErr(s.remover.DeleteMarkedMovie(ctx, actor, id, title))
}

// DeleteFilmsOf deletes every film a producer owns, with their files; the
// account deletion calls it first (accounts.MovieRemover). The deletion of
// the user is what the audit trail records.
func (s *Service) DeleteMoviesOf(ctx context.Context, producerID int64) error {
	ids, err := s.remover.MovieIDsOfProducer(ctx, producerID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.remove(ctx, nil, id); err != nil && !apperr.Is(err, apperr.NotFound) {
			return err
		}
	}
	return nil
}

// Now is the service's clock, which film values are checked against (a
// release year ahead of it).
func (s *Service) Now() time.Time { return s.now() }
