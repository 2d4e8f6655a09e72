package movies

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
)

// Limits on film values.
const (
	MaxTitleLen         = 255
	MaxShortTextLen     = 255
	MaxLongTextLen      = 10000
	MaxDuration         = 100000 // generous whatever the unit the client uses (seconds or minutes)
	MaxCategories       = 20
	MaxJuries           = 25
	MaxCollaborators    = 40
	minReleaseYear      = 1888 // the oldest surviving film
	releaseYearsAhead   = 5
	maxCollaboratorText = 100
)

// textField is an editable text field of a film and where it lives.
type textField struct {
	name  string
	max   int
	admin bool // only admins set it (PUT /movies/:id), never the submission form
	ptr   func(*festival.Movie) **string
}

var textFields = []textField{
	{"description", MaxLongTextLen, false, func(m *festival.Movie) **string { return &m.Description }},
	{"main_language", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.MainLanguage }},
	{"nationality", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.Nationality }},
	{"youtube_link", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.YoutubeLink }},
	{"production", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.Production }},
	{"workshop", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.Workshop }},
	{"translation", MaxShortTextLen, false, func(m *festival.Movie) **string { return &m.Translation }},
	{"synopsis", MaxLongTextLen, false, func(m *festival.Movie) **string { return &m.Synopsis }},
	{"synopsis_anglais", MaxLongTextLen, false, func(m *festival.Movie) **string { return &m.SynopsisAnglais }},
	{"ai_tool", 1000, false, func(m *festival.Movie) **string { return &m.AITool }},
	{"jury_comment", MaxLongTextLen, true, func(m *festival.Movie) **string { return &m.JuryComment }},
	{"admin_comment", MaxLongTextLen, true, func(m *festival.Movie) **string { return &m.AdminComment }},
}

func invalidf(format string, args ...any) error { return apperr.Ef(apperr.Invalid, format, args...) }

// applyFields copies the film fields that were sent onto m, validated. admin
// allows the admin-only fields; create requires the title. It returns the
// names of the fields that were applied. Nothing is written here.
func applyFields(f web.Fields, m *festival.Movie, admin, create bool, now time.Time) ([]string, error) {
	var changed []string
	title, sent, err := text(f, "title")
	if err != nil {
		return nil, err
	}
	switch {
	case sent && (title == nil || *title == ""):
		return nil, invalidf(MsgTitleRequired)
	case !sent && create:
		return nil, invalidf(MsgTitleRequired)
	case sent:
		if err := checkLen("title", *title, MaxTitleLen); err != nil {
			return nil, err
		}
		m.Title = *title
		changed = append(changed, "title")
	}
	for _, tf := range textFields {
		if tf.admin && !admin {
			continue
		}
		v, sent, err := text(f, tf.name)
		if err != nil {
			return nil, err
		}
		if !sent {
			continue
		}
		if v != nil {
			if err := checkLen(tf.name, *v, tf.max); err != nil {
				return nil, err
			}
			if tf.name == "youtube_link" {
				if u, err := url.Parse(*v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
					return nil, invalidf("Le champ youtube_link doit être une adresse http(s) valide")
				}
			}
		}
		*tf.ptr(m) = v
		changed = append(changed, tf.name)
	}
	ints := []struct {
		name     string
		min, max int64
		dst      **int64
		msg      string
	}{
		{"duration", 1, MaxDuration, &m.Duration, "Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"release_year", minReleaseYear, int64(now.Year() + releaseYearsAhead), &m.ReleaseYear,
			"Année de sortie invalide : une année entre 1888 et " + strconv.Itoa(now.Year()+releaseYearsAhead) + " est attendue (champ release_year)"},
	}
	for _, in := range ints {
		v, sent, err := integer(f, in.name)
		if err != nil || (v != nil && (*v < in.min || *v > in.max)) {
			return nil, invalidf("%s", in.msg)
		}
		if sent {
			*in.dst = v
			changed = append(changed, in.name)
		}
	}
	if admin && f.Has("status") {
		st, err := parseStatusField(f)
		if err != nil {
			return nil, err
		}
		m.SelectionStatus = st
		changed = append(changed, "selection_status")
	}
	return changed, nil
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

// parseStatusField reads `status` (or its alias `selection_status`) in
// either vocabulary.
func parseStatusField(f web.Fields) (festival.SelectionStatus, error) {
	s, ok, err := f.String("status")
	if err != nil {
		return "", err // not a string: the decoder's 400 names the field
	}
	if !ok || strings.TrimSpace(s) == "" {
		return "", invalidf(MsgStatusRequired)
	}
	st, valid := festival.ParseStatus(s)
	if !valid {
		return "", invalidf("Statut invalide : %q (valeurs possibles : PENDING, VALIDATED, CANDIDATE, REJECTED, ou %s)", s, statusNames())
	}
	return st, nil
}

func statusNames() string {
	names := make([]string, len(festival.SelectionStatuses))
	for i, st := range festival.SelectionStatuses {
		names[i] = string(st)
	}
	return strings.Join(names, ", ")
}

// StatusFilter turns a ?status= value into the stored statuses it stands
// for: a guide value in capitals (VALIDATED) keeps every stored status shown
// as it (assigned, to_discuss); a stored value keeps itself.
func StatusFilter(s string) ([]festival.SelectionStatus, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []festival.SelectionStatus
	if s == strings.ToUpper(s) {
		for _, st := range festival.SelectionStatuses {
			if string(st.Guide()) == s {
				out = append(out, st)
			}
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	for _, st := range festival.SelectionStatuses {
		if string(st) == strings.ToLower(s) {
			return []festival.SelectionStatus{st}, nil
		}
	}
	return nil, invalidf("Paramètre status invalide : %q (valeurs possibles : PENDING, VALIDATED, CANDIDATE, REJECTED, ou %s)", s, statusNames())
}

// idList reads a list of positive integer ids: a JSON array of numbers or
// numeric strings, or (from a form) a string holding such an array or
// comma-separated ids. Duplicates are dropped, order kept.
func idList(f web.Fields, name string, max int) ([]int64, bool, error) {
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

// collaboratorsInput reads `collaborators`: an array of {first_name,
// last_name, email, job} (camelCase accepted), or a string holding one (form
// fields). Ids are set later.
func collaboratorsInput(f web.Fields) ([]festival.Collaborator, bool, error) {
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
	if len(items) > MaxCollaborators {
		return nil, true, invalidf("Un film compte au plus %d collaborateurs", MaxCollaborators)
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
			if err := checkLen(fl.name, v, maxCollaboratorText); err != nil {
				return nil, true, invalidf("Collaborateur n°%d : le champ %s dépasse %d caractères", i+1, fl.name, maxCollaboratorText)
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
