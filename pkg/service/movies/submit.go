package movies

import (
	"bufio"
	"context"
	"errors"
	"io"
	"mime/multipart"
	"slices"
	"time"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/requestlog"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// Bounds of a submission form's text: files are streamed, text is held.
const (
	maxFieldBytes = 64 << 10
	maxTextBytes  = 512 << 10
	maxFormParts  = 100
)

// fileParts are the file parts a submission may carry and what each holds.
var fileParts = map[string]files.Kind{
	"filmFile":     files.Video,
	"thumbnail1":   files.Image,
	"thumbnail2":   files.Image,
	"thumbnail3":   files.Image,
	"poster":       files.Image,
	"subtitlesSrt": files.Subtitle,
}

// Parts is a multipart body read part by part (*multipart.Reader).
type Parts interface {
	NextPart() (*multipart.Part, error)
}

// Values are the text fields of a multipart form as they were sent, by name.
type Values = map[string][]string

// SubmissionReader reads a submission's text fields into the service's typed
// input; the HTTP side provides it (aliases, types and the order of messages
// are its business).
type SubmissionReader func(Values) (Submission, error)

// form is a received submission: its text fields as sent and the files
// already stored under the film's prefix.
type form struct {
	values Values
	stored map[string]files.Stored
}

// receive reads a submission part by part. Each file is checked by its
// content and streamed to S3 under the film's prefix as it arrives, so
// memory does not grow with file size, and text fields may come before or
// after the files. beforeFiles, when set, runs on the fields sent before the
// first file (a duplicate e-mail can then answer before any upload). On any
// failure the caller discards what was stored (discardFiles).
func (s *Service) receive(ctx context.Context, movieID int64, parts Parts, beforeFiles func(Values) error) (form, error) {
	values := Values{}
	stored := map[string]files.Stored{}
	textBytes := 0
	checked := beforeFiles == nil
	for n := 0; ; n++ {
		p, err := parts.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return form{}, invalidf(texts.BrokenForm)
		}
		if n >= maxFormParts {
			return form{}, invalidf("Le formulaire compte plus de %d parties", maxFormParts)
		}
		name := p.FormName()
		if kind, isFile := fileParts[name]; isFile {
			if _, dup := stored[name]; dup {
				return form{}, invalidf("La partie %s est envoyée plusieurs fois", name)
			}
			body := bufio.NewReaderSize(p, files.SniffLen)
			if _, err := body.Peek(1); err == io.EOF {
				continue // an empty file input: browsers send it when nothing is chosen
			}
			if !checked {
				checked = true
				if err := beforeFiles(values); err != nil {
					return form{}, err
				}
			}
			st, err := s.files.Put(ctx, movieID, name, kind, body)
			if err != nil {
				return form{}, fileErr(name, kind, err)
			}
			stored[name] = st
			continue
		}
		if p.FileName() != "" {
			return form{}, invalidf("Partie de fichier inconnue : %s (parties acceptées : filmFile, thumbnail1, thumbnail2, thumbnail3, poster, subtitlesSrt)", name)
		}
		b, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
		if err != nil {
			return form{}, invalidf(texts.BrokenForm)
		}
		if len(b) > maxFieldBytes {
			return form{}, invalidf("Le champ %s est trop long", name)
		}
		if textBytes += len(b); textBytes > maxTextBytes {
			return form{}, apperr.E(apperr.TooLarge, "Les champs texte du formulaire sont trop volumineux")
		}
		values[name] = append(values[name], string(b))
	}
	return form{values: values, stored: stored}, nil
}

// expected says what a part must hold, agreed with its noun.
var expected = map[files.Kind]string{
	files.Video:    "un film MP4 est attendu",
	files.Image:    "une image JPEG ou PNG est attendue",
	files.Subtitle: "un fichier de sous-titres SRT est attendu",
}

// fileErr turns a files failure into the API's, naming the part. The reason
// goes into the message: 400 bodies are {error} only (decisions.md).
func fileErr(part string, kind files.Kind, err error) error {
	var inv *files.InvalidFileError
	var big *files.TooLargeError
	var broken *files.BrokenBodyError
	switch {
	case errors.As(err, &broken):
		return apperr.E(apperr.Invalid, texts.BrokenForm)
	case errors.As(err, &inv):
		return apperr.Ef(apperr.Invalid, "Fichier invalide pour la partie %s : %s (%s)", part, expected[kind], inv.Reason)
	case errors.As(err, &big):
		return apperr.Ef(apperr.TooLarge, "Fichier trop volumineux pour la partie %s (maximum %d octets)", part, big.Limit)
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
// files' names, categories (checked to exist, with their names) and
// collaborators (with fresh ids). It writes nothing but collaborator ids.
func (s *Service) newMovie(ctx context.Context, id int64, owner festival.Producer, sub Submission, stored map[string]files.Stored) (festival.Movie, error) {
	now := festival.NewTime(s.now())
	m := festival.Movie{
		ID: id, OwnerID: owner.ID, Producer: &owner, SelectionStatus: festival.StatusSubmitted,
		Status: festival.StatusSubmitted.Guide(), CreatedAt: now, UpdatedAt: now,
		Categories: []festival.MovieCategory{}, Collaborators: []festival.Collaborator{},
		Awards: []festival.MovieAward{}, Juries: []festival.Jury{},
	}
	sub.Patch.Apply(&m)
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

	if ids := sub.Categories; len(ids) > 0 {
		cats, err := s.store.CategoryNames(ctx, ids)
		if err != nil {
			return m, unknownIDs(err, texts.UnknownCategories)
		}
		m.Categories = cats
	}
	if collabs := slices.Clone(sub.Collaborators); len(collabs) > 0 {
		ids, err := s.store.NewCollaboratorIDs(ctx, len(collabs))
		if err != nil {
			return m, err
		}
		for i := range collabs {
			collabs[i].ID = ids[i]
		}
		m.Collaborators = collabs
	}
	return m, nil
}

// Upload submits a film from a producer's multipart form (POST
// /movies/upload). All or nothing: on any failure the files already stored
// are removed and no record is written.
func (s *Service) Upload(ctx context.Context, c festival.Actor, parts Parts, read SubmissionReader, admit Admission) (m festival.Movie, err error) {
	owner, err := s.store.GetUser(ctx, c.ID)
	if err != nil {
		return m, err // the guard just read this user
	}
	id, err := s.store.NewMovieID(ctx)
	if err != nil {
		return m, err
	}
	committed := false
	defer s.discardUnlessCommitted(ctx, id, &committed)
	fm, err := s.receive(ctx, id, parts, nil)
	if err != nil {
		return m, err
	}
	sub, err := read(fm.values)
	if err != nil {
		return m, err
	}
	if err := admit.Check(sub.Categories); err != nil {
		return m, err // its categories' windows are closed: the files go
	}
	m, err = s.newMovie(ctx, id, festival.Producer{ID: owner.ID, FirstName: owner.FirstName, LastName: owner.LastName}, sub, fm.stored)
	if err != nil {
		return m, err
	}
	if err := s.store.CreateMovie(ctx, m, admit.store); err != nil {
		return m, storeErr(err)
	}
	committed = true
	return m, nil
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

// Registration reads what register-film needs from the form's text fields;
// the HTTP side provides it.
type Registration struct {
	// Email is the account's e-mail, read from the fields sent before the
	// first file, so that a taken one answers before anything is uploaded
	// ("" when it was not sent yet).
	Email func(Values) string
	// User is the account to create, checked and with its password hashed
	// (accounts.Service.NewUser on the form's user fields).
	User func(Values) (festival.User, error)
	// Admission is what lets the film in (CheckSubmissions).
	Admission Admission
	// Film is the submission.
	Movie SubmissionReader
}

// RegisterFilm creates a producer account and their film from one multipart
// form (POST /auth/register-film), in one transaction: both or neither. A
// registered e-mail is a 409 "Cet utilisateur existe déjà"; on any failure
// the files already stored are removed.
func (s *Service) RegisterMovie(ctx context.Context, parts Parts, reg Registration) (u festival.User, m festival.Movie, err error) {
	id, err := s.store.NewMovieID(ctx)
	if err != nil {
		return u, m, err
	}
	committed := false
	defer s.discardUnlessCommitted(ctx, id, &committed)
	exists := apperr.E(apperr.Conflict, texts.UserExists)
	fm, err := s.receive(ctx, id, parts, func(v Values) error {
		// Saves the uploads in the common case; the transaction decides.
		email := reg.Email(v)
		if email == "" {
			return nil
		}
		if err := festival.CheckEmailLen(email); err != nil {
			return festival.Refused(err)
		}
		_, err := s.store.UserByEmail(ctx, email)
		switch {
		case err == nil:
			return exists
		case errors.Is(err, festival.ErrNotFound):
			return nil
		}
		return err
	})
	if err != nil {
		return u, m, err
	}
	// The account of a film submission is a producer's, whatever is sent.
	if u, err = reg.User(fm.values); err != nil {
		return u, m, asInvalid(err)
	}
	u.Role = festival.RoleProducer
	if u.ID, err = s.store.NewUserID(ctx); err != nil {
		return u, m, err
	}
	sub, err := reg.Movie(fm.values)
	if err != nil {
		return u, m, err
	}
	if err := reg.Admission.Check(sub.Categories); err != nil {
		return u, m, err // its categories' windows are closed: the files go
	}
	m, err = s.newMovie(ctx, id, festival.Producer{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName}, sub, fm.stored)
	if err != nil {
		return u, m, err
	}
	err = s.store.CreateProducerWithMovie(ctx, u, m, reg.Admission.store)
	if errors.Is(err, festival.ErrEmailTaken) {
		return u, m, exists
	}
	if err != nil {
		return u, m, storeErr(err)
	}
	committed = true
	return u, m, nil
}

// asInvalid answers a refused user value with 400 naming the field: the
// spec's 500 "Erreur base de données" is for the user operations only
// (docs/architecture.md, "Baseline decisions"), and register-film is a film submission.
func asInvalid(err error) error {
	var e *apperr.Error
	if errors.As(err, &e) && e.Code == apperr.Rejected {
		return apperr.E(apperr.Invalid, e.Details)
	}
	return err
}

// Admission is what lets a submission in, decided before its form is read:
// a late-entry code (which the film's transaction uses), or an open window;
// when categories have windows of their own, the film's categories are
// checked once the form is read (Check).
type Admission struct {
	store  festival.Admission
	season festival.Season
	now    time.Time
}

// Check refuses a film of the categories cats that no window admits; a
// late-entry code admits it.
func (a Admission) Check(cats []int64) error {
	if a.store.LateCode != "" {
		return nil
	}
	return a.season.CheckSubmissionIn(a.now, cats)
}

// Settings reads the festival's settings (the submission windows).
func (s *Service) Settings(ctx context.Context) (festival.Settings, error) {
	return s.store.GetSettings(ctx)
}

// CheckSubmissions admits a film submission before its form is read: while
// a window is open (the festival's, or a category's: the film's categories
// are checked once the form is read), or outside them with a late-entry code
// that has a use left before its deadline (the film's transaction takes the
// use, so a code spent meanwhile still refuses it). Otherwise a 403 names the
// dates, or says the code does not admit the film. st are the festival's
// settings, read by the route.
func (s *Service) CheckSubmissions(ctx context.Context, st festival.Settings, lateCode string) (Admission, error) {
	now := s.Now()
	a := Admission{season: st.Season, now: now}
	if st.AnySubmissionsOpen(now) {
		return a, nil
	}
	if lateCode == "" {
		return a, st.CheckSubmission(now)
	}
	c, err := s.store.GetLateCode(ctx, lateCode)
	switch {
	case errors.Is(err, festival.ErrNotFound) || (err == nil && !c.Usable(now)):
		return a, apperr.E(apperr.Forbidden, texts.LateCodeInvalid)
	case err != nil:
		return a, err
	}
	a.store.LateCode = c.Code
	return a, nil
}
