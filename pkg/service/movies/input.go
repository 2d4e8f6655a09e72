package movies

import (
	"strings"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
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
	MinReleaseYear      = 1888 // the oldest surviving film
	ReleaseYearsAhead   = 5
	MaxCollaboratorText = 100
)

// Text is an optional text field of a film: Sent when the body named it; a
// nil Value then clears it (sent empty or null).
type Text struct {
	Sent  bool
	Value *string
}

// Number is an optional whole-number field of a film, like Text.
type Number struct {
	Sent  bool
	Value *int64
}

// Patch is a decoded and checked set of film fields (the HTTP side reads
// it): what a submission sets, or what PUT /movies/:id changes. A field not
// sent is left as it is.
type Patch struct {
	Title                                               *string
	Description, MainLanguage, Nationality, YoutubeLink Text
	Production, Workshop, Translation, Synopsis         Text
	SynopsisAnglais, AITool, JuryComment, AdminComment  Text
	Duration, ReleaseYear                               Number
	Status                                              *festival.SelectionStatus // admins only
}

// TextField is an editable text field of a film: its API name, its longest
// value, whether only admins set it (PUT /movies/:id, never the submission
// form), where it lives in a Patch and on a Movie.
type TextField struct {
	Name      string
	Max       int
	AdminOnly bool
	In        func(*Patch) *Text
	Of        func(*festival.Movie) **string
}

// TextFields are the editable text fields, in the order they are checked.
var TextFields = []TextField{
	{"description", MaxLongTextLen, false, func(p *Patch) *Text { return &p.Description }, func(m *festival.Movie) **string { return &m.Description }},
	{"main_language", MaxShortTextLen, false, func(p *Patch) *Text { return &p.MainLanguage }, func(m *festival.Movie) **string { return &m.MainLanguage }},
	{"nationality", MaxShortTextLen, false, func(p *Patch) *Text { return &p.Nationality }, func(m *festival.Movie) **string { return &m.Nationality }},
	{"youtube_link", MaxShortTextLen, false, func(p *Patch) *Text { return &p.YoutubeLink }, func(m *festival.Movie) **string { return &m.YoutubeLink }},
	{"production", MaxShortTextLen, false, func(p *Patch) *Text { return &p.Production }, func(m *festival.Movie) **string { return &m.Production }},
	{"workshop", MaxShortTextLen, false, func(p *Patch) *Text { return &p.Workshop }, func(m *festival.Movie) **string { return &m.Workshop }},
	{"translation", MaxShortTextLen, false, func(p *Patch) *Text { return &p.Translation }, func(m *festival.Movie) **string { return &m.Translation }},
	{"synopsis", MaxLongTextLen, false, func(p *Patch) *Text { return &p.Synopsis }, func(m *festival.Movie) **string { return &m.Synopsis }},
	{"synopsis_anglais", MaxLongTextLen, false, func(p *Patch) *Text { return &p.SynopsisAnglais }, func(m *festival.Movie) **string { return &m.SynopsisAnglais }},
	{"ai_tool", 1000, false, func(p *Patch) *Text { return &p.AITool }, func(m *festival.Movie) **string { return &m.AITool }},
	{"jury_comment", MaxLongTextLen, true, func(p *Patch) *Text { return &p.JuryComment }, func(m *festival.Movie) **string { return &m.JuryComment }},
	{"admin_comment", MaxLongTextLen, true, func(p *Patch) *Text { return &p.AdminComment }, func(m *festival.Movie) **string { return &m.AdminComment }},
}

// Apply copies what the patch sets onto m and returns the names of the
// fields it set, in the order they are checked.
func (p Patch) Apply(m *festival.Movie) []string {
	var changed []string
	if p.Title != nil {
		m.Title = *p.Title
		changed = append(changed, "title")
	}
	for _, tf := range TextFields {
		if v := tf.In(&p); v.Sent {
			*tf.Of(m) = v.Value
			changed = append(changed, tf.Name)
		}
	}
	for _, n := range []struct {
		name string
		v    Number
		dst  **int64
	}{{"duration", p.Duration, &m.Duration}, {"release_year", p.ReleaseYear, &m.ReleaseYear}} {
		if n.v.Sent {
			*n.dst = n.v.Value
			changed = append(changed, n.name)
		}
	}
	if p.Status != nil {
		m.SelectionStatus = *p.Status
		changed = append(changed, "selection_status")
	}
	return changed
}

// Submission is a decoded submission form: the film's fields, its
// categories (ids) and its collaborators (without ids yet).
type Submission struct {
	Patch
	Categories    []int64
	Collaborators []festival.Collaborator
}

func invalidf(format string, args ...any) error { return apperr.Ef(apperr.Invalid, format, args...) }

// StatusNames lists the stored statuses, for messages.
func StatusNames() string {
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
	return nil, invalidf(texts.BadStatus, "Paramètre status", s, StatusNames())
}
