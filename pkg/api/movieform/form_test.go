package movieform

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

var formNow = time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)

// part is one part of a test form: a file when filename is set.
type part struct{ name, filename, value string }

func formRequest(t *testing.T, parts ...part) *http.Request {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		var err error
		if p.filename != "" {
			var fw io.Writer
			if fw, err = w.CreateFormFile(p.name, p.filename); err == nil {
				_, err = io.WriteString(fw, p.value)
			}
		} else {
			err = w.WriteField(p.name, p.value)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("POST", "/movies/upload", &buf)
	r.Header.Set("Content-Type", w.FormDataContentType())
	return r
}

// drain reads a form whole as the service does: each file's bytes, then the
// fields. It returns the files handed over, their contents, the fields, and
// the form's error (or a file's).
func drain(t *testing.T, form movies.Form) ([]movies.File, []string, movies.Fields, error) {
	t.Helper()
	var got []movies.File
	var contents []string
	for {
		f, err := form.Next()
		if err == io.EOF {
			return got, contents, form.Fields(), nil
		}
		if err != nil {
			return got, contents, movies.Fields{}, err
		}
		b, err := io.ReadAll(f.Body)
		if err != nil {
			return got, contents, movies.Fields{}, err // the file store's error then
		}
		got = append(got, f)
		contents = append(contents, string(b))
	}
}

func TestFormHandsOverFilesInOrderAndDecodesFieldsAtTheEnd(t *testing.T) {
	t.Parallel()
	form, err := Open(formRequest(t,
		part{"title", "", "Cléo"},
		part{"poster", "p.png", "PNG"},
		part{"thumbnail1", "", ""},
		part{"thumbnail2", "empty.png", ""}, // nothing chosen: skipped
		part{"filmFile", "f.mp4", "MP4"},
		part{"releaseYear", "", "1962"}, // after the files, with its alias
		part{"categories", "", "3,1"},
	), formNow)
	if err != nil {
		t.Fatal(err)
	}
	got, contents, fields, err := drain(t, form)
	if err != nil {
		t.Fatal(err)
	}
	image, _ := movies.FileKind("poster")
	video, _ := movies.FileKind("filmFile")
	if len(got) != 2 || got[0].Part != "poster" || got[0].Kind != image || got[1].Part != "filmFile" || got[1].Kind != video || image == video {
		t.Fatalf("files %+v", got)
	}
	if contents[0] != "PNG" || contents[1] != "MP4" || got[0].Email != "" {
		t.Errorf("contents %q, e-mail %q", contents, got[0].Email)
	}
	film := fields.Film
	if fields.FilmErr != nil || film.Title == nil || *film.Title != "Cléo" || *film.ReleaseYear.Value != 1962 || len(film.Categories) != 2 {
		t.Errorf("fields %+v, %v", film, fields.FilmErr)
	}
}

func TestFormRefusesWhatNoSubmissionHolds(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", maxFieldBytes+1)
	many := make([]part, maxFormParts+1)
	for i := range many {
		many[i] = part{"f", "", "x"}
	}
	var bulky []part
	for range maxTextBytes/maxFieldBytes + 1 {
		bulky = append(bulky, part{"synopsis", "", long[:maxFieldBytes]})
	}
	for _, c := range []struct {
		name   string
		parts  []part
		code   apperr.Code
		answer string
	}{
		{"same part twice", []part{{"filmFile", "f.mp4", "1"}, {"filmFile", "g.mp4", "2"}}, apperr.Invalid, "La partie filmFile est envoyée plusieurs fois"},
		{"unknown file part", []part{{"virus", "x.exe", "MZ"}}, apperr.Invalid,
			"Partie de fichier inconnue : virus (parties acceptées : filmFile, thumbnail1, thumbnail2, thumbnail3, poster, subtitlesSrt)"},
		{"a field too long", []part{{"title", "", long}}, apperr.Invalid, "Le champ title est trop long"},
		{"too many parts", many, apperr.Invalid, "Le formulaire compte plus de 100 parties"},
		{"too much text", bulky, apperr.TooLarge, "Les champs texte du formulaire sont trop volumineux"},
	} {
		form, err := Open(formRequest(t, c.parts...), formNow)
		if err != nil {
			t.Fatal(err)
		}
		_, _, _, err = drain(t, form)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != c.code || e.Text(texts.French) != c.answer {
			t.Errorf("%s: %v, want %s %q", c.name, err, c.code, c.answer)
		}
	}
}

func TestFormOfABrokenOrWrongBody(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("POST", "/movies/upload", strings.NewReader(`{"title":"X"}`))
	r.Header.Set("Content-Type", "application/json")
	if form, err := Open(r, formNow); form != nil || web.StatusOf(err) != http.StatusBadRequest {
		t.Errorf("a JSON body opened as a form: %v, %v", form, err)
	}
	cut := formRequest(t, part{"title", "", "X"}, part{"filmFile", "f.mp4", "MP4"})
	body, _ := io.ReadAll(cut.Body)
	cut.Body = io.NopCloser(bytes.NewReader(body[:len(body)-10])) // no closing boundary
	form, err := Open(cut, formNow)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := drain(t, form); err == nil {
		t.Error("a form cut short read as complete")
	}
}

func TestRegistrationFormTellsTheEmailBeforeTheFilesAndDecodesTheAccount(t *testing.T) {
	t.Parallel()
	form, err := OpenRegistration(formRequest(t,
		part{"email", "", "vigo@example.org"},
		part{"filmFile", "f.mp4", "MP4"},
		part{"title", "", "Zéro de conduite"},
		part{"first_name", "", "Jean"}, part{"last_name", "", "Vigo"}, part{"password", "", "motdepasse1"},
	), formNow)
	if err != nil {
		t.Fatal(err)
	}
	got, _, fields, err := drain(t, form)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Email != "vigo@example.org" {
		t.Errorf("files %+v", got)
	}
	a := fields.Account
	if fields.AccountErr != nil || a.Email == nil || *a.Email != "vigo@example.org" || a.FirstName == nil || *a.FirstName != "Jean" {
		t.Errorf("account %+v, %v", a, fields.AccountErr)
	}
	if fields.FilmErr != nil || *fields.Film.Title != "Zéro de conduite" {
		t.Errorf("film %+v, %v", fields.Film, fields.FilmErr)
	}

	// Each group carries its own error: the service answers the account's first.
	form, _ = OpenRegistration(formRequest(t, part{"duration", "", "long"}), formNow)
	if _, _, fields, err = drain(t, form); err != nil || fields.AccountErr == nil || fields.FilmErr == nil {
		t.Errorf("errors %v, %v, %v", err, fields.AccountErr, fields.FilmErr)
	}
}

// TestFormStreamsFiles: a file is handed over while its sender is still
// sending it; the form holds no file, so memory does not grow with its size.
func TestFormStreamsFiles(t *testing.T) {
	t.Parallel()
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	r := httptest.NewRequest("POST", "/movies/upload", pr)
	r.Header.Set("Content-Type", w.FormDataContentType())
	const size = 4 << 20
	sent := make(chan error, 1)
	go func() {
		fw, err := w.CreateFormFile("filmFile", "f.mp4")
		if err == nil {
			_, err = fw.Write(bytes.Repeat([]byte("x"), size))
		}
		if err == nil {
			err = w.Close()
		}
		pw.CloseWithError(err)
		sent <- err
	}()
	form, err := Open(r, formNow)
	if err != nil {
		t.Fatal(err)
	}
	f, err := form.Next()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-sent:
		t.Fatal("the file was read whole before it was handed over")
	default: // the pipe holds nothing: the sender waits for the file to be read
	}
	n, err := io.Copy(io.Discard, f.Body)
	if err != nil || n != size {
		t.Fatalf("read %d bytes, %v", n, err)
	}
	if _, err := form.Next(); err != io.EOF {
		t.Errorf("after the only file: %v", err)
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
}
