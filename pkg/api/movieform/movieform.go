// Package movieform reads the film fields of a request, JSON body or
// multipart form, with the web client's aliases, and checks each value in
// the order the API answers them: the movies route group and the
// register-film route share it. What it returns is typed input: the
// domain's festival.MoviePatch (whose checks it runs as it reads), the
// movies service's Submission; for a submission's multipart body, a Form
// the service pulls the files from (form.go).
package movieform

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

func invalidf(key texts.Key, args ...any) error { return apperr.Ef(apperr.Invalid, key, args...) }

// Patch reads the film fields that were sent, each checked by the domain
// as it is read (festival.MoviePatch): a value that cannot be read is
// answered in its field's turn. admin allows the admin-only fields (and
// status); create requires the title.
func Patch(f web.Fields, admin, create bool, now time.Time) (festival.MoviePatch, error) {
	var p festival.MoviePatch
	title, sent, err := text(f, "title")
	if err != nil {
		return p, err
	}
	if sent {
		p.Title = new(string) // sent empty or null: "", which the check refuses
		if title != nil {
			p.Title = title
		}
	}
	if err := festival.CheckMovieTitle(p.Title, create); err != nil {
		return p, err
	}
	for _, tf := range festival.MovieTextFields {
		if tf.AdminOnly && !admin {
			continue
		}
		v, sent, err := text(f, tf.Name)
		if err != nil {
			return p, err
		}
		if !sent {
			continue
		}
		if err := tf.Check(v); err != nil {
			return p, err
		}
		*tf.In(&p) = festival.Clearable[string]{Sent: true, Value: v}
	}
	for _, nf := range festival.MovieNumberFields {
		v, sent, err := integer(f, nf.Name)
		if err != nil {
			return p, nf.Refusal(now)
		}
		if err := nf.Check(v, now); err != nil {
			return p, err
		}
		if sent {
			*nf.In(&p) = festival.Clearable[int64]{Sent: true, Value: v}
		}
	}
	if err := patchLanguages(f, &p); err != nil {
		return p, err
	}
	if admin && f.Has("status") {
		st, err := Status(f)
		if err != nil {
			return p, err
		}
		p.Status = &st
	}
	return p, nil
}

// Submission reads a submission form's text fields (POST /movies/upload,
// POST /auth/register-film): the film's fields, categories and
// collaborators.
func Submission(f web.Fields, now time.Time) (movies.Submission, error) {
	p, err := Patch(f, false, true, now)
	if err != nil {
		return movies.Submission{}, err
	}
	ids, _, err := IDs(f, "categories", movies.MaxCategories)
	if err != nil {
		return movies.Submission{}, err
	}
	collabs, _, err := Collaborators(f)
	if err != nil {
		return movies.Submission{}, err
	}
	return movies.Submission{MoviePatch: p, Categories: ids, Collaborators: collabs}, nil
}

// text reads an optional text field, trimmed; empty or null clears it (nil).
func text(f web.Fields, name string) (v *string, sent bool, err error) {
	if !f.Has(name) {
		return nil, false, nil
	}
	s, ok, err := f.String(name)
	if err != nil {
		return nil, false, err
	}
	s = strings.TrimSpace(s)
	if !ok || s == "" {
		return nil, true, nil
	}
	return &s, true, nil
}

// integer reads an optional whole number sent as a JSON number or as a
// string (form fields are strings); empty or null clears it.
func integer(f web.Fields, name string) (v *int64, sent bool, err error) {
	raw, ok := f[name]
	if !ok {
		return nil, false, nil
	}
	if f.IsNull(name) {
		return nil, true, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		s = string(bytes.TrimSpace(raw))
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, true, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, true, invalidf(texts.FieldNotInteger, name)
	}
	return &n, true, nil
}

// Status reads `status` (or its alias `selection_status`) in
// either vocabulary.
func Status(f web.Fields) (festival.SelectionStatus, error) {
	s, ok, err := f.String("status")
	if err != nil {
		return "", err // not a string: the decoder's 400 names the field
	}
	if !ok || strings.TrimSpace(s) == "" {
		return "", invalidf(texts.StatusRequired)
	}
	st, valid := festival.ParseStatus(s)
	if !valid {
		return "", invalidf(texts.BadStatus, "Statut", s, movies.StatusNames())
	}
	return st, nil
}

// IDs reads a list of positive integer ids: a JSON array of numbers or
// numeric strings, or (from a form) a string holding such an array or
// comma-separated ids. Duplicates are dropped, order kept.
func IDs(f web.Fields, name string, max int) ([]int64, bool, error) {
	raw, ok := f[name]
	if !ok || f.IsNull(name) {
		return nil, ok, nil
	}
	bad := invalidf(texts.FieldNotIDs, name)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.TrimSpace(s)
		switch {
		case s == "":
			return []int64{}, true, nil
		case strings.HasPrefix(s, "["):
			raw = json.RawMessage(s)
		default:
			parts := strings.Split(s, ",")
			raw = json.RawMessage(`["` + strings.Join(parts, `","`) + `"]`)
			for _, p := range parts {
				if strings.ContainsAny(p, `"\`) {
					return nil, true, bad
				}
			}
		}
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, true, bad
	}
	ids := make([]int64, 0, len(items))
	for _, it := range items {
		var v string
		if json.Unmarshal(it, &v) != nil {
			v = string(it)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n <= 0 {
			return nil, true, bad
		}
		if !slices.Contains(ids, n) {
			// Checked as the list grows: the body may hold a hundred thousand
			// ids, and the duplicate check is quadratic in the list's length.
			if len(ids) == max {
				return nil, true, invalidf(texts.TooManyIDs, name, max)
			}
			ids = append(ids, n)
		}
	}
	return ids, true, nil
}

// Collaborators reads `collaborators`: an array of {first_name,
// last_name, email, job} (camelCase accepted), or a string holding one (form
// fields). Ids are set later.
func Collaborators(f web.Fields) ([]festival.Collaborator, bool, error) {
	raw, ok := f["collaborators"]
	if !ok || f.IsNull("collaborators") {
		return nil, ok, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if strings.TrimSpace(s) == "" {
			return []festival.Collaborator{}, true, nil
		}
		raw = json.RawMessage(s)
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, true, invalidf(texts.CollaboratorsShape)
	}
	if len(items) > movies.MaxCollaborators {
		return nil, true, invalidf(texts.TooManyCollaborators, movies.MaxCollaborators)
	}
	out := make([]festival.Collaborator, 0, len(items))
	for i, item := range items {
		cf := web.Normalize(item)
		var c festival.Collaborator
		// A collaborator's e-mail is matched against users' (a juror who worked
		// on the film): it is bounded as theirs is, by festival.MaxEmailLen.
		for _, fl := range []struct {
			name     string
			dst      *string
			required bool
			max      int
		}{
			{"first_name", &c.FirstName, true, movies.MaxCollaboratorText}, {"last_name", &c.LastName, true, movies.MaxCollaboratorText},
			{"email", &c.Email, false, festival.MaxEmailLen}, {"job", &c.Job, false, movies.MaxCollaboratorText},
		} {
			v, _, err := cf.String(fl.name)
			if err != nil {
				return nil, true, invalidf(texts.CollaboratorNotString, i+1, fl.name)
			}
			v = strings.TrimSpace(v)
			if fl.required && v == "" {
				return nil, true, invalidf(texts.CollaboratorRequired, i+1, fl.name)
			}
			if err := festival.CheckMovieText(fl.name, v, fl.max); err != nil {
				return nil, true, invalidf(texts.CollaboratorTooLong, i+1, fl.name, fl.max)
			}
			*fl.dst = v
		}
		if c.Email != "" {
			if err := festival.CheckEmail(c.Email); err != nil {
				return nil, true, invalidf(texts.CollaboratorEmail, i+1)
			}
		}
		out = append(out, c)
	}
	return out, true, nil
}

// Size reads the `size` of a direct upload: a positive whole number of bytes.
func Size(f web.Fields) (int64, error) {
	size, _, err := integer(f, "size")
	if err != nil || size == nil || *size <= 0 {
		return 0, invalidf(texts.UploadSize)
	}
	return *size, nil
}
