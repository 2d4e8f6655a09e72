package movieform

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/service/movies"
)

// FuzzMovieFields: any JSON object sent as a film's fields (an update, a
// submission, the lists of a film) is read within every limit or refused as
// a client error; never a panic.
func FuzzMovieFields(f *testing.F) {
	f.Add([]byte(`{"title":"Cléo de 5 à 7","duration":"90","release_year":1962,"youtube_link":"https://youtu.be/x"}`))
	f.Add([]byte(`{"filmTitleOriginal":" ","durationSeconds":-1,"releaseYear":"1e9","aiStack":null}`))
	f.Add([]byte(`{"categories":[1,"2","x"],"juries":"3,4","collaborators":[{"first_name":"A","last_name":"B","email":"a@b.fr","job":"son"}]}`))
	f.Add([]byte(`{"status":"VALIDATED","size":5368709120}`))
	f.Add([]byte(`{"collaborators":"[{}]","categories":[1e30]}`))
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var raw map[string]json.RawMessage
		if json.Unmarshal(body, &raw) != nil {
			return
		}
		fl := web.Normalize(raw)
		refused := func(what string, err error) bool {
			t.Helper()
			if err != nil && web.StatusOf(err) >= 500 {
				t.Fatalf("%s: %v answers %d", what, err, web.StatusOf(err))
			}
			return err != nil
		}
		if p, err := Patch(fl, true, false, now); !refused("Patch", err) {
			within(t, p)
		}
		if s, err := Submission(fl, now); !refused("Submission", err) {
			within(t, s.MoviePatch)
			if len(s.Categories) > movies.MaxCategories || len(s.Collaborators) > movies.MaxCollaborators {
				t.Fatalf("submission with %d categories, %d collaborators", len(s.Categories), len(s.Collaborators))
			}
		}
		for _, l := range []struct {
			name string
			max  int
		}{{"categories", movies.MaxCategories}, {"juries", movies.MaxJuries}} {
			if ids, _, err := IDs(fl, l.name, l.max); !refused("IDs", err) {
				for _, id := range ids {
					if id <= 0 {
						t.Fatalf("%s read id %d", l.name, id)
					}
				}
				if len(ids) > l.max {
					t.Fatalf("%s: %d ids", l.name, len(ids))
				}
			}
		}
		if c, _, err := Collaborators(fl); !refused("Collaborators", err) && len(c) > movies.MaxCollaborators {
			t.Fatalf("%d collaborators", len(c))
		}
		if st, err := Status(fl); !refused("Status", err) && !slices.Contains(festival.SelectionStatuses, st) {
			t.Fatalf("status %q read", st)
		}
		_, err := Size(fl)
		refused("Size", err)
	})
}

// within fails t when a text the patch sets is longer than its field allows.
func within(t *testing.T, p festival.MoviePatch) {
	t.Helper()
	if p.Title != nil && utf8.RuneCountInString(*p.Title) > festival.MaxMovieTitleLen {
		t.Fatalf("title of %d characters", utf8.RuneCountInString(*p.Title))
	}
	for _, fd := range festival.MovieTextFields {
		if v := fd.In(&p); v.Value != nil && utf8.RuneCountInString(*v.Value) > fd.Max {
			t.Fatalf("%s of %d characters", fd.Name, utf8.RuneCountInString(*v.Value))
		}
	}
}

// FuzzSubmissionForm: any body read as a submission form (either route's)
// hands over only known file parts, each once, and ends in io.EOF with its
// fields decoded or refused as a client error (an account's refused value is
// the register-film route's 400, apperr.Rejected here); never a panic.
func FuzzSubmissionForm(f *testing.F) {
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nCléo\r\n--b\r\n"+
		"Content-Disposition: form-data; name=\"filmFile\"; filename=\"f.mp4\"\r\n\r\nMP4\r\n--b--\r\n"), "b", false)
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na@b.fr\r\n--b\r\n"+
		"Content-Disposition: form-data; name=\"poster\"; filename=\"p.png\"\r\n\r\n\r\n--b\r\n"+
		"Content-Disposition: form-data; name=\"poster\"; filename=\"p.png\"\r\n\r\nPNG\r\n--b--\r\n"), "b", true)
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"virus\"; filename=\"x\"\r\n\r\nMZ\r\n--b--\r\n"), "b", false)
	f.Add([]byte("--b\r\nContent-Dispo"), "b", true)
	f.Fuzz(func(t *testing.T, body []byte, boundary string, account bool) {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary=\""+strings.ReplaceAll(boundary, `"`, "")+"\"")
		open := Open
		if account {
			open = OpenRegistration
		}
		form, err := open(r, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC))
		if err != nil {
			clientError(t, "Open", err)
			return
		}
		sent := map[string]bool{}
		for {
			file, err := form.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				clientError(t, "Next", err)
				return
			}
			if kind, ok := movies.FileKind(file.Part); !ok || kind != file.Kind || sent[file.Part] {
				t.Fatalf("part %q (%s) handed over, sent before: %v", file.Part, file.Kind, sent[file.Part])
			}
			sent[file.Part] = true
			if _, err := io.Copy(io.Discard, file.Body); err != nil {
				return // the file store's error
			}
		}
		fields := form.Fields()
		clientError(t, "film fields", fields.FilmErr)
		var e *apperr.Error
		if fields.AccountErr != nil && !(errors.As(fields.AccountErr, &e) && e.Code == apperr.Rejected) {
			clientError(t, "account fields", fields.AccountErr)
		}
	})
}

func clientError(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil && web.StatusOf(err) >= 500 {
		t.Fatalf("%s: %v answers %d", what, err, web.StatusOf(err))
	}
}
