package festival

import (
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Limits on a film's values.
const (
	MaxMovieTitleLen = 255
	MaxShortTextLen  = 255
	MaxLongTextLen   = 10000
	MaxAIToolLen     = 1000
	MaxMovieDuration = 100000 // generous whatever the unit the client uses (seconds or minutes)
	MinReleaseYear   = 1888   // the oldest surviving film
	// ReleaseYearsAhead is how many years after the current one a release
	// year may be.
	ReleaseYearsAhead = 5
)

// Clearable is an optional field of a film a patch may set or clear: Sent
// when the body named it; a nil Value then clears it (sent empty or null).
type Clearable[T any] struct {
	Sent  bool
	Value *T
}

// MoviePatch is a set of film fields (what a submission sets, or what PUT
// /movies/:id changes), each checked by the field's own check as it is
// read (Check runs them all). A field not sent is left as it is.
type MoviePatch struct {
	// Title is nil when not sent; a title sent empty or null is "", which
	// Check refuses: a film always has a title.
	Title                                               *string
	Description, MainLanguage, Nationality, YoutubeLink Clearable[string]
	Production, Workshop, Translation, Synopsis         Clearable[string]
	SynopsisAnglais, AITool, JuryComment, AdminComment  Clearable[string]
	Duration, ReleaseYear                               Clearable[int64]
	Status                                              *SelectionStatus // admins only
	// OriginalLanguage and SubtitleLanguages are the film's languages
	// (languages.go), parsed at the edge: a list sent empty clears it.
	OriginalLanguage  Clearable[LanguageCode]
	SubtitleLanguages Clearable[[]LanguageCode]
}

// MovieTextField is a clearable text field of a film: its API name, its
// longest value, whether only admins set it (PUT /movies/:id, never the
// submission form), whether it holds a web address, where it lives in a
// MoviePatch and on a Movie.
type MovieTextField struct {
	Name      string
	Max       int
	AdminOnly bool
	Link      bool
	In        func(*MoviePatch) *Clearable[string]
	Of        func(*Movie) **string
}

// MovieTextFields are the clearable text fields, in the order they are
// checked.
var MovieTextFields = []MovieTextField{
	{"description", MaxLongTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Description }, func(m *Movie) **string { return &m.Description }},
	{"main_language", MaxShortTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.MainLanguage }, func(m *Movie) **string { return &m.MainLanguage }},
	{"nationality", MaxShortTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Nationality }, func(m *Movie) **string { return &m.Nationality }},
	{"youtube_link", MaxShortTextLen, false, true, func(p *MoviePatch) *Clearable[string] { return &p.YoutubeLink }, func(m *Movie) **string { return &m.YoutubeLink }},
	{"production", MaxShortTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Production }, func(m *Movie) **string { return &m.Production }},
	{"workshop", MaxShortTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Workshop }, func(m *Movie) **string { return &m.Workshop }},
	{"translation", MaxShortTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Translation }, func(m *Movie) **string { return &m.Translation }},
	{"synopsis", MaxLongTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.Synopsis }, func(m *Movie) **string { return &m.Synopsis }},
	{"synopsis_anglais", MaxLongTextLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.SynopsisAnglais }, func(m *Movie) **string { return &m.SynopsisAnglais }},
	{"ai_tool", MaxAIToolLen, false, false, func(p *MoviePatch) *Clearable[string] { return &p.AITool }, func(m *Movie) **string { return &m.AITool }},
	{"jury_comment", MaxLongTextLen, true, false, func(p *MoviePatch) *Clearable[string] { return &p.JuryComment }, func(m *Movie) **string { return &m.JuryComment }},
	{"admin_comment", MaxLongTextLen, true, false, func(p *MoviePatch) *Clearable[string] { return &p.AdminComment }, func(m *Movie) **string { return &m.AdminComment }},
}

// Check refuses (400) a value of the field that is not valid UTF-8, too
// long, or, for a web address, not an http(s) one. Clearing (nil) is fine.
func (f MovieTextField) Check(v *string) error {
	if v == nil {
		return nil
	}
	if err := CheckMovieText(f.Name, *v, f.Max); err != nil {
		return err
	}
	if f.Link {
		if u, err := url.Parse(*v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return apperr.Ef(apperr.Invalid, texts.FieldNotURL, f.Name)
		}
	}
	return nil
}

// CheckMovieText refuses (400) a text of a film's field name that is not
// valid UTF-8 or longer than max characters.
func CheckMovieText(name, s string, max int) error {
	if !utf8.ValidString(s) {
		return apperr.Ef(apperr.Invalid, texts.FieldNotUTF8, name)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return apperr.Ef(apperr.Invalid, texts.FieldTooLong, name, max, n)
	}
	return nil
}

// CheckMovieTitle refuses (400) a title sent empty, or not sent when
// required (a new film), or that breaks CheckMovieText.
func CheckMovieTitle(title *string, required bool) error {
	switch {
	case title == nil && required, title != nil && *title == "":
		return apperr.E(apperr.Invalid, texts.TitleRequired)
	case title == nil:
		return nil
	}
	return CheckMovieText("title", *title, MaxMovieTitleLen)
}

// MovieNumberField is a clearable whole-number field of a film: its API
// name, where it lives in a MoviePatch and on a Movie, and its bounds (which
// may depend on the day).
type MovieNumberField struct {
	Name   string
	In     func(*MoviePatch) *Clearable[int64]
	Of     func(*Movie) **int64
	bounds func(now time.Time) (min, max int64, refusal texts.Msg)
}

// MovieNumberFields are the whole-number fields, in the order they are
// checked (after the text fields).
var MovieNumberFields = []MovieNumberField{
	{"duration", func(p *MoviePatch) *Clearable[int64] { return &p.Duration }, func(m *Movie) **int64 { return &m.Duration },
		func(time.Time) (int64, int64, texts.Msg) {
			return 1, MaxMovieDuration, texts.M(texts.BadDuration)
		}},
	{"release_year", func(p *MoviePatch) *Clearable[int64] { return &p.ReleaseYear }, func(m *Movie) **int64 { return &m.ReleaseYear },
		func(now time.Time) (int64, int64, texts.Msg) {
			last := int64(now.Year() + ReleaseYearsAhead)
			return MinReleaseYear, last, texts.M(texts.BadReleaseYear, MinReleaseYear, last)
		}},
}

// Refusal is the answer (400) to a value of the field that is out of its
// bounds on the day now, or no whole number at all.
func (f MovieNumberField) Refusal(now time.Time) error {
	_, _, refusal := f.bounds(now)
	return apperr.E(apperr.Invalid, refusal.Key, refusal.Args...)
}

// Check refuses (Refusal) a value out of the field's bounds on the day now.
// Clearing (nil) is fine.
func (f MovieNumberField) Check(v *int64, now time.Time) error {
	if v == nil {
		return nil
	}
	if min, max, _ := f.bounds(now); *v < min || *v > max {
		return f.Refusal(now)
	}
	return nil
}

// Check refuses (400) the first value of the patch that its field's check
// refuses, in the order the fields are read. create requires the title.
func (p MoviePatch) Check(create bool, now time.Time) error {
	if err := CheckMovieTitle(p.Title, create); err != nil {
		return err
	}
	for _, f := range MovieTextFields {
		if v := f.In(&p); v.Sent {
			if err := f.Check(v.Value); err != nil {
				return err
			}
		}
	}
	for _, f := range MovieNumberFields {
		if v := f.In(&p); v.Sent {
			if err := f.Check(v.Value, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// Apply copies what the patch sets onto m and returns the names of the
// fields it set, in the order they are checked.
func (p MoviePatch) Apply(m *Movie) []string {
	var changed []string
	if p.Title != nil {
		m.Title = *p.Title
		changed = append(changed, "title")
	}
	for _, f := range MovieTextFields {
		if v := f.In(&p); v.Sent {
			*f.Of(m) = v.Value
			changed = append(changed, f.Name)
		}
	}
	for _, f := range MovieNumberFields {
		if v := f.In(&p); v.Sent {
			*f.Of(m) = v.Value
			changed = append(changed, f.Name)
		}
	}
	if p.OriginalLanguage.Sent {
		m.OriginalLanguage = p.OriginalLanguage.Value
		changed = append(changed, "original_language")
	}
	if p.SubtitleLanguages.Sent {
		m.SubtitleLanguages = nil
		if v := p.SubtitleLanguages.Value; v != nil && len(*v) > 0 {
			m.SubtitleLanguages = slices.Clone(*v)
		}
		changed = append(changed, "subtitle_languages")
	}
	if p.Status != nil {
		m.SelectionStatus = *p.Status
		changed = append(changed, "selection_status")
	}
	return changed
}

// Edit is the change PUT /movies/:id makes: the patch, checked on the day
// now, applied to the film as stored; the audit entry names the fields it
// sets. A patch that sets nothing is refused (400) before anything is read.
func (p MoviePatch) Edit(now time.Time) (MovieEdit, error) {
	if err := p.Check(false, now); err != nil {
		return nil, err
	}
	var probe Movie
	if len(p.Apply(&probe)) == 0 {
		return nil, apperr.E(apperr.Invalid, texts.NothingToUpdate)
	}
	return func(m *Movie) (map[string]string, error) {
		return map[string]string{"fields": strings.Join(p.Apply(m), ",")}, nil
	}, nil
}
