package movies

import (
	"io"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// Upload is a producer's film submission (POST /movies/upload) as the HTTP
// side read the request; Submit takes it in one call.
type Upload struct {
	// LateCode admits the film outside the submission windows (?late_code=).
	LateCode string
	// Form is the body, read as Submit pulls its files; nil when the body is
	// not a multipart form.
	Form Form
	// FormErr says why the body is not a form. It is answered after the
	// admission checks, which come first: a refused submission reads no
	// body, and a closed window wins over a wrong body.
	FormErr error
}

// FilmRegistration is a producer's account and first film sent as one form
// (POST /auth/register-film); Registrar.RegisterFilm takes it in one call.
type FilmRegistration struct {
	// Address is the sender's, counted by the registration throttle.
	Address  string
	LateCode string
	Form     Form
	FormErr  error
}

// Form is a submission's multipart body as the HTTP side reads it. Its files
// come one by one in the order sent, each streamed: it is read (or left) before
// the next is asked for, and memory does not grow with its size. Its text
// fields may come before or after the files: the form holds them and decodes
// them once the body is read whole. Checks of the form itself (a broken body,
// too many parts, a field too long, an unknown or repeated file part) are the
// form's, and Next answers them as they come.
type Form interface {
	// Next returns the next file sent (an empty file input, which browsers
	// send when nothing is chosen, is skipped), and io.EOF once the body is
	// read whole.
	Next() (File, error)
	// Fields are the text fields, decoded; Next must have returned io.EOF.
	Fields() Fields
}

// File is one file of a submission as it arrives.
type File struct {
	// Part is the form part it came in (filmFile, thumbnail1, poster...).
	Part string
	// Kind is what the part must hold (FileKind).
	Kind files.Kind
	// Body is the file's bytes, to be read once.
	Body io.Reader
	// Email is the account's e-mail among the text fields sent before this
	// file (register-film only, "" when not sent yet): a taken e-mail is then
	// answered before anything is uploaded.
	Email string
}

// Fields are a submission form's text fields as the HTTP side decoded them.
// A group that could not be decoded carries its error instead, answered in
// the order the service checks them (the account's before the film's).
type Fields struct {
	Film    Submission
	FilmErr error
	// Account is the producer's account of register-film.
	Account    festival.UserPatch
	AccountErr error
}

// fileKinds are the file parts a submission may carry and what each holds.
var fileKinds = map[string]files.Kind{
	"filmFile":     files.Video,
	"thumbnail1":   files.Image,
	"thumbnail2":   files.Image,
	"thumbnail3":   files.Image,
	"poster":       files.Image,
	"subtitlesSrt": files.Subtitle,
}

// FileKind tells what a submission's file part must hold; ok is false when
// a submission carries no such file part.
func FileKind(part string) (kind files.Kind, ok bool) {
	kind, ok = fileKinds[part]
	return kind, ok
}
