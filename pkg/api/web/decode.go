package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"github.com/festivalapi/festival/pkg/domain/apperr"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// MaxJSONBody bounds a JSON request body; uploads go through multipart instead.
const MaxJSONBody = 1 << 20

// aliases are the input names an existing web client sends for fields the
// specification names otherwise. camelCase spellings of snake_case fields
// (firstName, birthDate, ...) need no entry: Canonical derives them.
var aliases = map[string]string{
	"filmTitleOriginal": "title",
	"durationSeconds":   "duration",
	"synopsisOriginal":  "synopsis",
	"synopsisEnglish":   "synopsis_anglais",
	"filmLanguage":      "main_language",
	"language":          "main_language", // the upload form's name (docs/decisions.md)
	"aiStack":           "ai_tool",
	"known_by_mars_ai":  "known_by_service",
	"knownByMarsAi":     "known_by_service",
	"juryIds":           "juries",
	"note":              "score",
	"comments":          "comment",
	"selection_status":  "status",
}

// Canonical returns the specification's name for an input field name.
func Canonical(name string) string {
	if a, ok := aliases[name]; ok {
		return a
	}
	return snake(name)
}

// snake turns camelCase into snake_case; snake_case names come back unchanged.
func snake(s string) string {
	if strings.IndexFunc(s, unicode.IsUpper) < 0 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Fields is a request body keyed by the specification's field names.
type Fields map[string]json.RawMessage

// ErrEmptyBody is returned by readFields for a missing, empty or `{}` body.
var ErrEmptyBody = errors.New("empty body")

// readFields reads a JSON object body (whatever Content-Type says: curl -d
// sends JSON as a form, and refusing it would help nobody) and renames every key to its canonical
// name. When a client sends both a spec name and an alias of it, the spec
// name wins. A body that is not a JSON object is a 400.
func readFields(r *http.Request) (Fields, error) {
	raw, err := readObject(r)
	if err != nil {
		return nil, err
	}
	return Normalize(raw), nil
}

// readObject reads a JSON object body as readFields does, its keys as sent.
func readObject(r *http.Request) (map[string]json.RawMessage, error) {
	if r.Body == nil {
		return nil, ErrEmptyBody
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, MaxJSONBody+1))
	if err != nil {
		return nil, apperr.E(apperr.Invalid, texts.BodyUnreadable)
	}
	if len(data) > MaxJSONBody {
		return nil, apperr.E(apperr.TooLarge, texts.BodyTooLarge)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, ErrEmptyBody
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return nil, apperr.E(apperr.Invalid, texts.BodyNotJSONObject)
	}
	if len(raw) == 0 {
		return nil, ErrEmptyBody
	}
	return raw, nil
}

// accountKeys are the names an account's body keeps as sent: "language" is
// the account's language there, where a film's body reads it as its
// main_language (the upload form's name).
var accountKeys = []string{"language"}

// readAccountFields is readFields for an account's body (accountKeys).
func readAccountFields(r *http.Request) (Fields, error) {
	raw, err := readObject(r)
	if err != nil {
		return nil, err
	}
	kept := map[string]json.RawMessage{}
	for _, k := range accountKeys {
		if v, ok := raw[k]; ok {
			kept[k] = v
			delete(raw, k)
		}
	}
	f := Normalize(raw)
	maps.Copy(f, kept)
	return f, nil
}

// Normalize renames keys to their canonical names; spec names win over aliases.
func Normalize(raw map[string]json.RawMessage) Fields {
	out := make(Fields, len(raw))
	for k, v := range raw {
		c := Canonical(k)
		if c == k {
			out[c] = v
			continue
		}
		if _, direct := raw[c]; !direct {
			if _, set := out[c]; !set {
				out[c] = v
			}
		}
	}
	return out
}

// NormalizeForm does the same for multipart form values (first value of each).
func NormalizeForm(values map[string][]string) Fields {
	raw := make(map[string]json.RawMessage, len(values))
	for k, vs := range values {
		if len(vs) == 0 {
			continue
		}
		b, _ := json.Marshal(vs[0])
		raw[k] = b
	}
	return Normalize(raw)
}

// Has reports whether the field was sent (even as null).
func (f Fields) Has(name string) bool {
	_, ok := f[name]
	return ok
}

// IsNull reports whether the field was sent as JSON null.
func (f Fields) IsNull(name string) bool {
	v, ok := f[name]
	return ok && string(bytes.TrimSpace(v)) == "null"
}

// String returns a string field. ok is false when the field is absent or null;
// a non-string value is a 400 naming the field.
func (f Fields) String(name string) (s string, ok bool, err error) {
	v, present := f[name]
	if !present || f.IsNull(name) {
		return "", false, nil
	}
	if err := json.Unmarshal(v, &s); err != nil {
		return "", false, apperr.Ef(apperr.Invalid, texts.FieldNotString, name)
	}
	return s, true, nil
}

// Decode unmarshals one field into dst; a type mismatch is a 400 naming it.
func (f Fields) Decode(name string, dst any) (bool, error) {
	v, present := f[name]
	if !present || f.IsNull(name) {
		return false, nil
	}
	if err := json.Unmarshal(v, dst); err != nil {
		return false, apperr.Ef(apperr.Invalid, texts.FieldBadType, name)
	}
	return true, nil
}

// PathID reads a positive integer path parameter. Anything else is a 400
// naming the parameter: no record can have such an id.
func PathID(r *http.Request, name string) (int64, error) {
	v := r.PathValue(name)
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Ef(apperr.Invalid, texts.BadURLID, v)
	}
	return id, nil
}

// MovieID reads a film route's {id}: an id no film can have is the same 404
// as an unknown film.
func MovieID(r *http.Request) (int64, error) {
	id, err := PathID(r, "id")
	if err != nil {
		return 0, apperr.E(apperr.NotFound, texts.MovieNotFound)
	}
	return id, nil
}

// PageParams reads the optional ?limit=&cursor= of a listing. No limit means
// the whole listing, as the specification's plain calls return everything.
func PageParams(r *http.Request) (festival.Page, error) {
	q := r.URL.Query()
	p := festival.Page{Cursor: q.Get("cursor")}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1000 {
			return p, apperr.E(apperr.Invalid, texts.BadLimit)
		}
		p.Limit = int32(n)
	}
	return p, nil
}
