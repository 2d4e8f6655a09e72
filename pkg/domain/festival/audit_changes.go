package festival

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// AuditChange is one field an audited change moved, with its value before
// and after as text ("" for none): what the audit trail shows a person as
// "label : before → after" (WordAudit words it).
type AuditChange struct {
	Field  string `json:"field" dynamodbav:"field"`
	Before string `json:"before" dynamodbav:"before"`
	After  string `json:"after" dynamodbav:"after"`
}

// MaxAuditValue bounds each value an audit entry keeps, in runes: a
// synopsis rewritten is recorded as its first words, not whole, so an
// entry stays small whatever the field.
const MaxAuditValue = 200

// settingsUnaudited are the settings' JSON fields that no person changes:
// the time of the write itself, and what publishing the results records.
var settingsUnaudited = []string{"updatedAt", "results_ledger", "released_categories"}

// SettingsChanges lists every setting whose value differs between before
// and after, in the settings' JSON order. Every field of the settings'
// JSON is compared, so a setting added later is recorded without a change
// here; a list or a map is recorded by its number of entries.
func SettingsChanges(before, after Settings) []AuditChange {
	return jsonChanges(before, after, nil, settingsUnaudited)
}

// movieAudited are the fields of a film a change records before and after:
// what a person edits or decides. Files, copies of other records (the
// producer, the jury) and derived words are recorded by their own actions.
var movieAudited = []string{
	"title", "selection_status", "duration", "main_language", "release_year", "nationality", "description",
	"youtube_link", "production", "workshop", "translation", "synopsis", "synopsis_anglais", "subtitle",
	"ai_tool", "jury_comment", "admin_comment", "Categories", "Collaborators", "Awards", "Juries", "draft",
	"withdrawn", "original_language", "subtitle_languages",
}

// MovieChanges lists the fields of movieAudited that differ between the film
// as read (before) and as an edit left it (after).
func MovieChanges(before, after Movie) []AuditChange {
	return jsonChanges(before, after, movieAudited, nil)
}

// EventChanges lists what an edit of an event changed.
func EventChanges(before, after Event) []AuditChange {
	return jsonChanges(before, after, []string{"name", "description", "start_date", "end_date", "location", "event_type"}, nil)
}

// CategoriesChange is a film's categories before and after, by name.
func CategoriesChange(before, after []MovieCategory) []AuditChange {
	name := func(c MovieCategory) string { return c.Name }
	return namesChange("Categories", mapNames(before, name), mapNames(after, name))
}

// JuriesChange is a film's jury before and after, by name.
func JuriesChange(before, after []Jury) []AuditChange {
	name := func(j Jury) string { return strings.TrimSpace(j.FirstName + " " + j.LastName) }
	return namesChange("Juries", mapNames(before, name), mapNames(after, name))
}

func mapNames[T any](xs []T, name func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = name(x)
	}
	return out
}

// namesChange records a list of names that changed, each side joined by
// ", " (clipped); the same names are no change.
func namesChange(field string, before, after []string) []AuditChange {
	if slices.Equal(before, after) {
		return nil
	}
	return []AuditChange{{Field: field, Before: clip(strings.Join(before, ", ")), After: clip(strings.Join(after, ", "))}}
}

// UserChanges lists what an edit of an account changed of its name, e-mail
// and role.
func UserChanges(before, after User) []AuditChange {
	var out []AuditChange
	for _, f := range []struct{ field, before, after string }{
		{"first_name", before.FirstName, after.FirstName}, {"last_name", before.LastName, after.LastName},
		{"email", before.Email, after.Email}, {"role", string(before.Role), string(after.Role)},
	} {
		if f.before != f.after {
			out = append(out, AuditChange{Field: f.field, Before: clip(f.before), After: clip(f.after)})
		}
	}
	return out
}

// jsonChanges compares a and b field by field as their JSON objects say
// them: only the fields listed in only when it is set, else every field but
// those in skip. A value that cannot be marshalled records nothing (every
// caller passes plain records).
func jsonChanges(a, b any, only, skip []string) []AuditChange {
	before, order := jsonFields(a)
	after, _ := jsonFields(b)
	if only != nil {
		order = only
	}
	var out []AuditChange
	for _, f := range order {
		if slices.Contains(skip, f) || bytes.Equal(before[f], after[f]) {
			continue
		}
		// A list or map of the same length changed inside records the
		// same count twice: the words then say "changed" (WordAudit).
		x, counted := auditValue(before[f])
		y, _ := auditValue(after[f])
		if x != y || (counted && x != "") {
			out = append(out, AuditChange{Field: f, Before: x, After: y})
		}
	}
	return out
}

// jsonFields returns v's JSON object's fields and their order.
func jsonFields(v any) (map[string]json.RawMessage, []string) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, nil
	}
	fields := map[string]json.RawMessage{}
	if json.Unmarshal(raw, &fields) != nil {
		return nil, nil
	}
	// The order of the JSON text: decode its keys one by one.
	dec := json.NewDecoder(bytes.NewReader(raw))
	var order []string
	if _, err := dec.Token(); err != nil {
		return fields, nil
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			break
		}
		if k, ok := t.(string); ok {
			order = append(order, k)
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			break
		}
	}
	return fields, order
}

// auditValue is the text a JSON value is recorded as: a string as it is
// (clipped), a number or a boolean as written, null or absent as "", a list
// of strings sorted and joined by commas, any other list or object as its number of
// entries (none: "").
// counted says the text is such a number.
func auditValue(raw json.RawMessage) (text string, counted bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		_ = json.Unmarshal(raw, &s)
		return clip(s), false
	case '[':
		var words []string
		if json.Unmarshal(raw, &words) == nil {
			// Roles, languages: sets, whose order says nothing.
			slices.Sort(words)
			return clip(strings.Join(words, ",")), false
		}
		var items []json.RawMessage
		_ = json.Unmarshal(raw, &items)
		return count(len(items)), true
	case '{':
		var m map[string]json.RawMessage
		_ = json.Unmarshal(raw, &m)
		return count(len(m)), true
	}
	return string(raw), false
}

// count is a number of entries, "" for none (an empty list is no value).
func count(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// clip bounds s to MaxAuditValue runes, marking a cut with "…".
func clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxAuditValue {
		return s
	}
	r := []rune(s)
	return string(r[:MaxAuditValue-1]) + "…"
}
