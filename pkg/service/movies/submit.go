package movies

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/requestlog"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// receive stores a form's files under the film's prefix as they come, each
// checked by its content and streamed to S3 (Form), then returns them with
// the form's decoded text fields. first, when set, runs before the first
// file is stored (register-film: a taken e-mail sent before the files answers
// before any upload). On any failure the caller discards what was stored
// (discardFiles).
func (s *Service) receive(ctx context.Context, movieID int64, form Form, first func(File) error) (map[string]files.Stored, Fields, error) {
	stored := map[string]files.Stored{}
	for {
		f, err := form.Next()
		if err == io.EOF {
			return stored, form.Fields(), nil
		}
		if err != nil {
			return nil, Fields{}, err
		}
		if _, dup := stored[f.Part]; dup {
			// The form refuses a repeated part: a second file would be
			// stored and never pointed at.
			return nil, Fields{}, fmt.Errorf("submission form: part %s handed over twice", f.Part)
		}
		if first != nil {
			if err := first(f); err != nil {
				return nil, Fields{}, err
			}
			first = nil
		}
		st, err := s.files.Put(ctx, movieID, f.Part, f.Kind, f.Body)
		if err != nil {
			return nil, Fields{}, fileErr(f.Part, f.Kind, err)
		}
		stored[f.Part] = st
	}
}

// expected says what a part must hold, agreed with its noun.
var expected = map[files.Kind]texts.Key{
	files.Video:    texts.ExpectedVideo,
	files.Image:    texts.ExpectedImage,
	files.Subtitle: texts.ExpectedSubtitle,
	files.Document: texts.AnswerFileOneOf,
}

// fileErr turns a files failure into the API's, naming the part. The reason
// goes into the message: 400 bodies are {error} only (decisions.md).
func fileErr(part string, kind files.Kind, err error) error {
	var inv *files.InvalidFileError
	var big *files.TooLargeError
	var broken *files.BrokenBodyError
	if id, ok := strings.CutPrefix(part, answerPartPrefix); ok {
		part = answerFormPrefix + id // the form's name of the part
	}
	switch {
	case errors.As(err, &broken):
		return apperr.E(apperr.Invalid, texts.BrokenForm)
	case errors.As(err, &inv):
		return apperr.Ef(apperr.Invalid, texts.InvalidFile, part, texts.M(expected[kind]), inv.Reason)
	case errors.As(err, &big):
		return apperr.Ef(apperr.TooLarge, texts.FileTooLarge, part, big.Limit)
	}
	return err
}

// discardFiles removes every object stored for a film that was not created,
// even when the request was cancelled.
func (s *Service) discardFiles(ctx context.Context, movieID int64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := s.files.DeletePrefix(ctx, movieID); err != nil {
		requestlog.From(ctx).Error("files of a failed submission not removed", "id_movie", movieID, "err", err.Error())
	}
}

// newMovie builds a film from a received form: validated fields, the stored
// files' names, categories (checked to exist, with their names),
// collaborators (with fresh ids) and its answers to the festival's form. It
// writes nothing but collaborator ids.
func (s *Service) newMovie(ctx context.Context, id int64, owner festival.Producer, sub Submission, stored map[string]files.Stored, form festival.EntryForm) (festival.Movie, error) {
	now := festival.NewTime(s.now())
	m := festival.Movie{
		ID: id, OwnerID: owner.ID, Producer: &owner, SelectionStatus: festival.StatusSubmitted,
		Status: festival.StatusSubmitted.Guide(), CreatedAt: now, UpdatedAt: now,
		Categories: []festival.MovieCategory{}, Collaborators: []festival.Collaborator{},
		Awards: []festival.MovieAward{}, Juries: []festival.Jury{},
	}
	sub.MoviePatch.Apply(&m)
	name := func(part string) *string {
		if st, ok := stored[part]; ok {
			n := st.Name
			return &n
		}
		return nil
	}
	m.Trailer = name("filmFile")
	m.Picture1, m.Picture2, m.Picture3 = name("thumbnail1"), name("thumbnail2"), name("thumbnail3")
	m.Thumbnail = m.Picture1
	m.DisplayPicture = name("poster")
	if m.DisplayPicture == nil {
		m.DisplayPicture = m.Picture1
	}
	m.Subtitle = name("subtitlesSrt")
	// Its file queues the media job (written with the film: storage).
	festival.QueueMedia(&festival.Movie{}, &m, now)

	if ids := sub.Categories; len(ids) > 0 {
		cats, err := s.catalog.CategoryNames(ctx, ids)
		if err != nil {
			return m, unknownIDs(err, texts.UnknownCategories)
		}
		m.Categories = cats
	}
	if collabs := slices.Clone(sub.Collaborators); len(collabs) > 0 {
		ids, err := s.films.NewCollaboratorIDs(ctx, len(collabs))
		if err != nil {
			return m, err
		}
		for i := range collabs {
			collabs[i].ID = ids[i]
		}
		m.Collaborators = collabs
	}
	answers, err := submittedAnswers(form, sub, stored, m.CategoryIDs())
	if err != nil {
		return m, err
	}
	m.Answers = answers
	return m, nil
}

// Submit submits a producer's film (POST /movies/upload), all or nothing.
// The submission is admitted before its body is read (an open window, or a
// late-entry code), so a refused one uploads nothing; then its files are
// checked and stored as they come, its fields checked, and the film written
// with its categories (and the code's use). On any failure the files already
// stored are removed and no record is written.
func (s *Service) Submit(ctx context.Context, c festival.Actor, up Upload) (m festival.Movie, err error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil {
		return m, err
	}
	admit, err := s.admit(ctx, st, up.LateCode)
	if err != nil {
		return m, err
	}
	if up.FormErr != nil {
		return m, up.FormErr
	}
	owner, err := s.people.GetUser(ctx, c.ID)
	if err != nil {
		return m, err // the guard just read this user
	}
	id, err := s.films.NewMovieID(ctx)
	if err != nil {
		return m, err
	}
	committed := false
	defer s.discardUnlessCommitted(ctx, id, &committed)
	stored, fields, err := s.receive(ctx, id, up.Form, nil)
	if err != nil {
		return m, err
	}
	if fields.FilmErr != nil {
		return m, fields.FilmErr
	}
	if err := admit.Check(fields.Film.Categories); err != nil {
		return m, err // its categories' windows are closed: the files go
	}
	m, err = s.newMovie(ctx, id, festival.Producer{ID: owner.ID, FirstName: owner.FirstName, LastName: owner.LastName}, fields.Film, stored, st.Form)
	if err != nil {
		return m, err
	}
	if err := admit.entry(st, &m); err != nil {
		return m, err // incomplete, and the festival refuses it: the files go
	}
	if err := s.films.CreateMovie(ctx, m, admit.store); err != nil {
		return m, storeErr(err)
	}
	committed = true
	s.mediaMayBeQueued(m)
	films := []festival.Movie{m}
	withChecklist(ctx, st, c, films, admit.now) // a draft says why
	return films[0], nil
}

// discardUnlessCommitted, deferred, removes a submission's files unless the
// record that points at them was written: on an error and also on a panic
// (which it lets go on), since looking at the returned error alone would
// leave the files of a panicking request behind.
func (s *Service) discardUnlessCommitted(ctx context.Context, movieID int64, committed *bool) {
	if *committed {
		return
	}
	r := recover()
	s.discardFiles(ctx, movieID)
	if r != nil {
		panic(r)
	}
}

// admission is what lets a submission in, decided before its form is read:
// a late-entry code (one use of which the film's transaction takes), or an
// open window; when categories have windows of their own, the film's
// categories are checked once the form is read (Check).
type admission struct {
	store  festival.Admission
	season festival.Season
	now    time.Time
	// until is when the late-entry code expires (zero: none used).
	until festival.Time
}

// entry settles a new film's entry: incomplete, it is refused or saved as
// a draft as the festival decides (festival.Settings.Admit, on what is known
// now: the declared runtime); let in by a late-entry code, its producer may
// edit it until the code expires.
func (a admission) entry(st festival.Settings, m *festival.Movie) error {
	if err := st.Admit(m, a.now, false); err != nil {
		return err
	}
	m.LateEntryUntil = a.until
	return nil
}

// Check refuses a film of the categories cats that no window admits; a
// late-entry code admits it.
func (a admission) Check(cats []int64) error {
	if a.store.Late() {
		return nil
	}
	return a.season.CheckSubmissionIn(a.now, cats)
}

// admit admits a film submission before its form is read: while a window
// is open (the festival's, or a category's: the film's categories are
// checked once the form is read), or outside them with a late-entry code that
// has a use left before its deadline (the film's transaction takes the use,
// so a code spent meanwhile still refuses it). Otherwise a 403 names the
// dates, or says the code does not admit the film. st are the festival's
// settings.
func (s *Service) admit(ctx context.Context, st festival.Settings, lateCode string) (admission, error) {
	now := s.Now()
	a := admission{season: st.Season, now: now}
	if st.AnySubmissionsOpen(now) {
		return a, nil
	}
	if lateCode == "" {
		return a, st.CheckSubmission(now)
	}
	code, err := festival.ParseLateCode("late_code", lateCode)
	if err != nil {
		return a, err
	}
	c, err := s.settings.GetLateCode(ctx, code)
	switch {
	case errors.Is(err, festival.ErrNotFound) || (err == nil && !c.Usable(now)):
		return a, apperr.E(apperr.Forbidden, texts.LateCodeInvalid)
	case err != nil:
		return a, err
	}
	a.store.LateCode, a.until = code, c.ExpiresAt
	return a, nil
}
