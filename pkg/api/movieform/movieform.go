// Package movieform reads the film fields of a request, JSON body or
// multipart form, with the web client's aliases, and checks each value in
// the order the API answers them: the movies route group and the
// register-film route share it. What it returns is the movies service's
// typed input; for a submission's multipart body, a Form the service pulls
// the files from (form.go).
package movieform

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/service/movies"
)

func invalidf(format string, args ...any) error { return apperr.Ef(apperr.Invalid, format, args...) }

// Patch reads the film fields that were sent. admin allows the admin-only
// fields (and status); create requires the title.
func Patch(f web.Fields, admin, create bool, now time.Time) (movies.Patch, error) {
	var p movies.Patch
	title, sent, err := text(f, "title")
	if err != nil {
		return p, err
	}
	switch {
	case sent && (title == nil || *title == ""):
		return p, invalidf(texts.TitleRequired)
	case !sent && create:
		return p, invalidf(texts.TitleRequired)
	case sent:
		if err := checkLen("title", *title, movies.MaxTitleLen); err != nil {
			return p, err
		}
		p.Title = title
	}
	for _, tf := range movies.TextFields {
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
		if v != nil {
			if err := checkLen(tf.Name, *v, tf.Max); err != nil {
				return p, err
			}
			if tf.Name == "youtube_link" {
				if u, err := url.Parse(*v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
					return p, invalidf("Le champ youtube_link doit être une adresse http(s) valide")
				}
			}
		}
		*tf.In(&p) = movies.Text{Sent: true, Value: v}
	}
	lastYear := int64(now.Year() + movies.ReleaseYearsAhead)
	ints := []struct {
		name     string
		min, max int64
		dst      *movies.Number
		msg      string
	}{
		{"duration", 1, movies.MaxDuration, &p.Duration, "Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"release_year", movies.MinReleaseYear, lastYear, &p.ReleaseYear,
			"Année de sortie invalide : une année entre 1888 et " + strconv.FormatInt(lastYear, 10) + " est attendue (champ release_year)"},
	}
	for _, in := range ints {
		v, sent, err := integer(f, in.name)
		if err != nil || (v != nil && (*v < in.min || *v > in.max)) {
			return p, invalidf("%s", in.msg)
		}
		if sent {
			*in.dst = movies.Number{Sent: true, Value: v}
		}
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
	return movies.Submission{Patch: p, Categories: ids, Collaborators: collabs}, nil
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

func checkLen(name, s string, max int) error {
	if !utf8.ValidString(s) {
		return invalidf("Le champ %s n'est pas du texte UTF-8 valide", name)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return invalidf("Le champ %s dépasse %d caractères (%d reçus)", name, max, n)
	}
	return nil
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
		return nil, true, invalidf("Le champ %s doit être un nombre entier", name)
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
	bad := invalidf("Le champ %s doit être une liste d'identifiants entiers", name)
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
				return nil, true, invalidf("Le champ %s accepte au plus %d identifiants", name, max)
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
		return nil, true, invalidf("Le champ collaborators doit être une liste d'objets {first_name, last_name, email, job}")
	}
	if len(items) > movies.MaxCollaborators {
		return nil, true, invalidf("Un film compte au plus %d collaborateurs", movies.MaxCollaborators)
	}
	out := make([]festival.Collaborator, 0, len(items))
	for i, item := range items {
		cf := web.Normalize(item)
		var c festival.Collaborator
		for _, fl := range []struct {
			name     string
			dst      *string
			required bool
		}{
			{"first_name", &c.FirstName, true}, {"last_name", &c.LastName, true},
			{"email", &c.Email, false}, {"job", &c.Job, false},
		} {
			v, _, err := cf.String(fl.name)
			if err != nil {
				return nil, true, invalidf("Collaborateur n°%d : le champ %s doit être une chaîne de caractères", i+1, fl.name)
			}
			v = strings.TrimSpace(v)
			if fl.required && v == "" {
				return nil, true, invalidf("Collaborateur n°%d : le champ %s est requis", i+1, fl.name)
			}
			if err := checkLen(fl.name, v, movies.MaxCollaboratorText); err != nil {
				return nil, true, invalidf("Collaborateur n°%d : le champ %s dépasse %d caractères", i+1, fl.name, movies.MaxCollaboratorText)
			}
			*fl.dst = v
		}
		if c.Email != "" {
			if err := festival.CheckEmail(c.Email); err != nil {
				return nil, true, invalidf("Collaborateur n°%d : adresse e-mail invalide", i+1)
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
