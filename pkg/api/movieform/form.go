package movieform

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/registration"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// Bounds of a submission form's text: files are streamed, text is held.
const (
	maxFieldBytes = 64 << 10
	maxTextBytes  = 512 << 10
	maxFormParts  = 100
)

// accountFields are the form fields that describe the account in
// register-film.
var accountFields = []string{"first_name", "last_name", "email", "password", "phone", "mobile", "birth_date",
	"street", "postal_code", "city", "country", "biography", "job", "portfolio", "youtube", "instagram",
	"linkedin", "facebook", "tiktok", "known_by_service"}

// accountLanguage is the account's language in register-film's form: the
// form's own "language" is the film's (main_language, as the
// specification's upload form names it).
const accountLanguage = "account_language"

// Form reads the multipart body of a film submission for the movies service
// (movies.Form), part by part: a file is handed over as it arrives, never
// held; the text fields are held (within bounds) and decoded once the body
// is read whole, since they may come before or after the files.
type Form struct {
	parts   *web.Parts
	now     time.Time
	account bool // register-film: the fields also describe the account
	// accept is the request's Accept-Language: register-film's account
	// reads in the language it prefers unless the form names one.
	accept    string
	values    map[string][]string
	textBytes int
	n         int             // parts read
	sent      map[string]bool // file parts handed over
	// answerFiles are the names of the files given in answer, by question.
	answerFiles map[string]string
	fields      movies.Fields
}

// Open opens the body of POST /movies/upload; now bounds the release year.
// A body that is not a multipart form is the error.
func Open(r *http.Request, now time.Time) (movies.Form, error) {
	return open(r, now, false)
}

// OpenRegistration opens the body of POST /auth/register-film: the film's
// fields and the producer's account.
func OpenRegistration(r *http.Request, now time.Time) (movies.Form, error) {
	return open(r, now, true)
}

func open(r *http.Request, now time.Time, account bool) (movies.Form, error) {
	parts, err := web.Multipart(r)
	if err != nil {
		return nil, err
	}
	return &Form{parts: parts, now: now, account: account, accept: r.Header.Get("Accept-Language"), values: map[string][]string{},
		sent: map[string]bool{}, answerFiles: map[string]string{}}, nil
}

// Next returns the next file; an empty file input (what a browser sends when
// nothing is chosen) is skipped. Text fields met on the way are held.
func (f *Form) Next() (movies.File, error) {
	for {
		p, err := f.parts.NextPart()
		if err == io.EOF {
			f.decode()
			return movies.File{}, io.EOF
		}
		if err != nil {
			return movies.File{}, apperr.E(apperr.Invalid, texts.BrokenForm)
		}
		if f.n >= maxFormParts {
			return movies.File{}, invalidf(texts.FormTooManyParts, maxFormParts)
		}
		f.n++
		name := p.FormName()
		if part, kind, isAnswer := movies.AnswerPart(name); isAnswer && p.FileName() != "" {
			// A file given in answer to a question: streamed as the others.
			if f.sent[name] {
				return movies.File{}, invalidf(texts.PartTwice, name)
			}
			body := bufio.NewReader(p)
			if _, err := body.Peek(1); err == io.EOF {
				continue
			}
			f.sent[name] = true
			f.answerFiles[strings.TrimPrefix(name, "answer.")] = p.FileName()
			return movies.File{Part: part, Kind: kind, Body: body, Email: f.email()}, nil
		}
		if kind, isFile := movies.FileKind(name); isFile {
			if f.sent[name] {
				return movies.File{}, invalidf(texts.PartTwice, name)
			}
			// The buffer holds the head the file store sniffs (4 KiB).
			body := bufio.NewReader(p)
			if _, err := body.Peek(1); err == io.EOF {
				continue
			}
			f.sent[name] = true
			return movies.File{Part: name, Kind: kind, Body: body, Email: f.email()}, nil
		}
		if p.FileName() != "" {
			return movies.File{}, invalidf(texts.UnknownFilePart, name)
		}
		if err := f.hold(name, p); err != nil {
			return movies.File{}, err
		}
	}
}

// hold keeps a text field's value, within the bounds of one field and of
// all the form's text.
func (f *Form) hold(name string, p io.Reader) error {
	b, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
	if err != nil {
		return apperr.E(apperr.Invalid, texts.BrokenForm)
	}
	if len(b) > maxFieldBytes {
		return invalidf(texts.FormFieldTooLong, name)
	}
	if f.textBytes += len(b); f.textBytes > maxTextBytes {
		return apperr.E(apperr.TooLarge, texts.FormTextTooLarge)
	}
	f.values[name] = append(f.values[name], string(b))
	return nil
}

// email is the account's e-mail among the fields held so far (register-film;
// "" otherwise, or when not sent yet).
func (f *Form) email() string {
	if !f.account {
		return ""
	}
	email, _, _ := web.NormalizeForm(f.values).String("email")
	return email
}

// decode reads the held fields into the service's typed input: the film's,
// and for register-film the account's.
func (f *Form) decode() {
	fields := web.NormalizeForm(f.values)
	f.fields.Film, f.fields.FilmErr = Submission(fields, f.now)
	if f.fields.FilmErr == nil {
		f.fields.Film.Answers, f.fields.FilmErr = Answers(f.values)
		f.fields.Film.AnswerFileNames = f.answerFiles
	}
	if f.account {
		f.fields.Account, f.fields.AccountErr = account(fields, f.now)
		if f.fields.Account.Language == nil {
			l := texts.FromAcceptLanguage(f.accept)
			f.fields.Account.Language = &l
		}
	}
}

// account reads the account's fields of register-film (the others are the
// film's).
func account(f web.Fields, now time.Time) (festival.UserPatch, error) {
	uf := web.Fields{}
	for _, name := range accountFields {
		if v, ok := f[name]; ok {
			uf[name] = v
		}
	}
	in, err := registration.ReadNewUser(uf, now)
	if err != nil {
		return in, err
	}
	in.Language, err = registration.ReadLanguage(f, accountLanguage)
	return in, err
}

// Fields are the decoded text fields, once Next returned io.EOF.
func (f *Form) Fields() movies.Fields { return f.fields }
