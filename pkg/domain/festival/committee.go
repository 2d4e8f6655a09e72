package festival

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The selection committee's own working data: tags and notes on films,
// and each admin's saved views of the board. None of it is ever shown to
// anyone but an admin (Movie's Tags and NoteCount are not part of its JSON).

// Bounds of the committee's data.
const (
	MaxTags        = 10
	MaxTagLength   = 30 // characters
	MaxNoteLength  = 2000
	MaxViews       = 20
	MaxViewName    = 60  // characters
	MaxViewQuery   = 500 // bytes
	maxViewIDBytes = 40
)

// NormalizeTag is a tag as the festival keeps it: trimmed, inner spaces
// collapsed, lower case; ok is false when it is empty, longer than
// MaxTagLength characters, not valid UTF-8 or holds a control character.
func NormalizeTag(s string) (string, bool) {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return "", false
	}
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	n := utf8.RuneCountInString(t)
	return t, n >= 1 && n <= MaxTagLength
}

// NormalizeTags checks and normalizes a film's tags (NormalizeTag); a tag
// given twice counts once, and the tags are kept sorted.
func NormalizeTags(in []string) ([]string, error) {
	if len(in) > MaxTags {
		return nil, apperr.E(apperr.Invalid, texts.TagsTooMany)
	}
	out := make([]string, 0, len(in))
	for _, s := range in {
		t, ok := NormalizeTag(s)
		if !ok {
			return nil, apperr.E(apperr.Invalid, texts.TagBad, truncate(strings.ToValidUTF8(s, "?"), MaxTagLength+10))
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out, nil
}

// SetTags replaces a film's committee tags (already normalized); the audit
// entry keeps them before and after.
func SetTags(tags []string) MovieEdit {
	return func(m *Movie) (map[string]string, error) {
		before := strings.Join(m.Tags, ",")
		m.Tags = slices.Clone(tags)
		return map[string]string{"before": before, "after": strings.Join(tags, ",")}, nil
	}
}

// TagCount is a tag in use and how many films of the edition carry it.
type TagCount struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

// TagCounts counts the tags the films carry, by tag.
func TagCounts(films []Movie) []TagCount {
	counts := map[string]int{}
	for _, m := range films {
		for _, t := range m.Tags {
			counts[t]++
		}
	}
	out := make([]TagCount, 0, len(counts))
	for t, n := range counts {
		out = append(out, TagCount{Tag: t, Count: n})
	}
	slices.SortFunc(out, func(a, b TagCount) int { return strings.Compare(a.Tag, b.Tag) })
	return out
}

// Note is a committee note on a film. Its id starts with the time it was
// written, so notes sort oldest first by id.
type Note struct {
	ID        string     `json:"id_note"`
	MovieID   int64      `json:"-"`
	Author    NoteAuthor `json:"author"`
	Text      string     `json:"text"`
	CreatedAt Time       `json:"createdAt"`
}

// NoteAuthor is who wrote a note, as read when the note is shown: an
// erased account leaves its id and no name.
type NoteAuthor struct {
	ID        int64  `json:"id_user"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
}

// ErrNotNoteAuthor is a note deleted by someone else than its author;
// nothing was written.
var ErrNotNoteAuthor = errors.New("store: only a note's author deletes it")

// noteID is the shape of a note's id: the time in milliseconds (13 digits)
// and 8 random hex digits.
var noteID = regexp.MustCompile(`^[0-9]{13}-[0-9a-f]{8}$`)

// ValidNoteID reports whether s can be a note's id (an id read from a path
// is checked before it makes a key).
func ValidNoteID(s string) bool { return noteID.MatchString(s) }

// NewNote is a note by author on a film at now; random supplies the id's
// random part. The text is trimmed, and must then hold 1 to MaxNoteLength
// characters.
func NewNote(movieID int64, author int64, text string, now time.Time, random uint32) (Note, error) {
	text = strings.TrimSpace(text)
	n := utf8.RuneCountInString(text)
	if n < 1 || n > MaxNoteLength || !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return Note{}, apperr.E(apperr.Invalid, texts.NoteTextBad)
	}
	at := NewTime(now)
	return Note{
		ID: fmt.Sprintf("%013d-%08x", at.UnixMilli(), random), MovieID: movieID,
		Author: NoteAuthor{ID: author}, Text: text, CreatedAt: at,
	}, nil
}

// SavedView is one of an admin's saved views of the board.
type SavedView struct {
	ID    string `json:"id" dynamodbav:"id"`
	Name  string `json:"name" dynamodbav:"name"`
	Query string `json:"query" dynamodbav:"query"`
}

// ViewInput is a view as PUT /users/me/views sends it.
type ViewInput struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Query string `json:"query"`
}

// SavedViews checks the views an admin saves, against the views they have:
// each name 1 to MaxViewName characters once trimmed, each query one the
// board accepts (ParseBoardQuery), kept in its canonical form. A view keeps
// its id when it sends one of have's; otherwise it takes newID().
func SavedViews(in []ViewInput, have []SavedView, newID func() string) ([]SavedView, error) {
	if len(in) > MaxViews {
		return nil, apperr.E(apperr.Invalid, texts.ViewsTooMany)
	}
	out := make([]SavedView, 0, len(in))
	for i, v := range in {
		name := strings.Join(strings.Fields(v.Name), " ")
		if n := utf8.RuneCountInString(name); n < 1 || n > MaxViewName || !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl) {
			return nil, apperr.E(apperr.Invalid, texts.ViewNameBad, i+1)
		}
		if len(v.Query) > MaxViewQuery {
			return nil, apperr.E(apperr.Invalid, texts.ViewQueryTooLong, i+1)
		}
		q, why, ok := parseViewQuery(v.Query)
		if !ok {
			return nil, apperr.E(apperr.Invalid, texts.ViewQueryBad, i+1, why)
		}
		id := v.ID
		known := len(id) <= maxViewIDBytes && slices.ContainsFunc(have, func(h SavedView) bool { return h.ID == id })
		if !known || slices.ContainsFunc(out, func(o SavedView) bool { return o.ID == id }) {
			id = newID()
		}
		out = append(out, SavedView{ID: id, Name: name, Query: q.ViewQuery()})
	}
	return out, nil
}

// parseViewQuery reads a view's query (a leading "?" allowed) as the board
// would; ok is false with the board's refusal, which becomes part of the
// view's.
func parseViewQuery(s string) (BoardQuery, texts.Msg, bool) {
	v, err := url.ParseQuery(strings.TrimPrefix(s, "?"))
	if err != nil {
		return BoardQuery{}, texts.M(texts.ViewQueryUnreadable), false
	}
	q, err := ParseBoardQuery(v)
	var e *apperr.Error
	if errors.As(err, &e) {
		return q, texts.M(e.Key, e.Args...), false
	}
	return q, texts.Msg{}, true
}
