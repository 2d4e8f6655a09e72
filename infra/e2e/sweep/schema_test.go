package sweep_test

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
)

// A step of a field's place in a JSON body: an object key or an array index.
type step struct {
	key   string
	index int // when key is ""
}

// field is one leaf or container of a request body, with its schema.
type field struct {
	path   []step
	schema *openapi3.Schema
}

func (f field) name() string {
	var b strings.Builder
	for i, s := range f.path {
		switch {
		case s.key == "":
			fmt.Fprintf(&b, "[%d]", s.index)
		case i > 0:
			b.WriteString("." + s.key)
		default:
			b.WriteString(s.key)
		}
	}
	return b.String()
}

// leaf is the last key of the field's path (what a read-back record calls it).
func (f field) leaf() string {
	for i := len(f.path) - 1; i >= 0; i-- {
		if f.path[i].key != "" {
			return f.path[i].key
		}
	}
	return ""
}

// flatten merges an allOf schema's parts into one object schema (the
// document composes bodies that way: UserCreate, MovieForm, ...); oneOf and
// anyOf take their first branch that is not null.
func flatten(s *openapi3.Schema) *openapi3.Schema {
	if s == nil {
		return nil
	}
	if len(s.AllOf) == 0 && len(s.OneOf) == 0 && len(s.AnyOf) == 0 {
		return s
	}
	out := *s
	out.Properties = openapi3.Schemas{}
	out.Required = append([]string(nil), s.Required...)
	for k, v := range s.Properties {
		out.Properties[k] = v
	}
	for _, part := range s.AllOf {
		p := flatten(part.Value)
		if p == nil {
			continue
		}
		for k, v := range p.Properties {
			out.Properties[k] = v
		}
		out.Required = append(out.Required, p.Required...)
		if out.Type == nil {
			out.Type = p.Type
		}
		if p.AdditionalProperties.Schema != nil {
			out.AdditionalProperties = p.AdditionalProperties
		}
	}
	for _, branches := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf} {
		for _, b := range branches {
			if b.Value != nil && !b.Value.Type.Is("null") {
				return flatten(b.Value)
			}
		}
	}
	out.AllOf = nil
	return &out
}

func is(s *openapi3.Schema, typ string) bool { return s.Type != nil && s.Type.Includes(typ) }

// fields lists the body's fields, depth first, down to depth levels: an
// array is entered through its first element, an object with
// additionalProperties through the key keyFor names.
func fields(s *openapi3.Schema, prefix []step, depth int, keyFor func(string) string) []field {
	s = flatten(s)
	if s == nil || depth == 0 {
		return nil
	}
	var out []field
	names := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		ps := flatten(s.Properties[k].Value)
		if ps == nil || ps.ReadOnly || is(ps, "string") && ps.Format == "binary" {
			continue
		}
		p := append(append([]step(nil), prefix...), step{key: k})
		out = append(out, field{path: p, schema: ps})
		out = append(out, children(ps, p, depth, keyFor)...)
	}
	return out
}

func children(s *openapi3.Schema, p []step, depth int, keyFor func(string) string) []field {
	var out []field
	if is(s, "array") && s.Items != nil && s.Items.Value != nil {
		item := flatten(s.Items.Value)
		ip := append(append([]step(nil), p...), step{index: 0})
		if is(item, "object") {
			out = append(out, fields(item, ip, depth-1, keyFor)...)
		} else {
			out = append(out, field{path: ip, schema: item})
		}
	}
	if is(s, "object") && s.AdditionalProperties.Schema != nil && s.AdditionalProperties.Schema.Value != nil {
		v := flatten(s.AdditionalProperties.Schema.Value)
		kp := append(append([]step(nil), p...), step{key: keyFor(p[len(p)-1].key)})
		out = append(out, field{path: kp, schema: v})
		out = append(out, children(v, kp, depth-1, keyFor)...)
		out = append(out, fields(v, kp, depth-1, keyFor)...)
	}
	return out
}

// valid is a value the schema accepts, as plain as possible: the enum's
// first, the minimum, a short text, the required properties of an object.
// named gives a value by field name where the schema cannot (ids of seeded
// records, an end after a start).
func valid(s *openapi3.Schema, name string, named func(string) (any, bool)) any {
	if v, ok := named(name); ok {
		return v
	}
	s = flatten(s)
	if s == nil {
		return "x"
	}
	for _, e := range s.Enum {
		if e != nil {
			return e
		}
	}
	if s.Const != nil {
		return s.Const
	}
	switch {
	case is(s, "object"):
		o := map[string]any{}
		for _, k := range s.Required {
			if p := s.Properties[k]; p != nil {
				o[k] = valid(p.Value, k, named)
			}
		}
		return o
	case is(s, "array"):
		if s.Items == nil {
			return []any{}
		}
		return []any{valid(s.Items.Value, name, named)}
	case is(s, "integer"), is(s, "number"):
		if s.Min != nil {
			return *s.Min
		}
		if s.ExclusiveMin.Value != nil {
			return *s.ExclusiveMin.Value + 1
		}
		return 1
	case is(s, "boolean"):
		return false
	case is(s, "string"):
		return validString(s)
	}
	return nil
}

func validString(s *openapi3.Schema) string {
	switch s.Format {
	case "date-time":
		return "2031-05-01T10:00:00Z"
	case "date":
		return "1990-05-01"
	case "email":
		return "sweep@example.org"
	case "uri", "url":
		return "https://example.org/sweep"
	}
	if s.Pattern != "" {
		for _, c := range []string{"sweep", "abc", "a1", "ABC-123", "1", "fr"} {
			if ok, _ := regexp.MatchString(s.Pattern, c); ok {
				return c
			}
		}
	}
	v := "Valeur"
	for uint64(len(v)) < s.MinLength {
		v += "x"
	}
	return v
}

// edge is one boundary value of a field: its JSON text and whether the
// schema forbids it (a 2xx must then not store it).
type edge struct {
	name      string
	raw       string // JSON text (for a form or a parameter: the text itself)
	forbidden bool
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// edges are the boundary values of a field of schema s.
func edges(s *openapi3.Schema) []edge {
	var out []edge
	add := func(name string, v any, forbidden bool) {
		out = append(out, edge{name: name, raw: jsonText(v), forbidden: forbidden})
	}
	switch {
	case is(s, "string"):
		out = append(out, stringEdges(s)...)
	case is(s, "integer"), is(s, "number"):
		out = append(out, numberEdges(s)...)
	case is(s, "array"):
		add("empty array", []any{}, s.MinItems > 0)
		if s.MaxItems != nil && s.Items != nil {
			over := make([]any, *s.MaxItems+1)
			for i := range over {
				over[i] = valid(s.Items.Value, "", noName)
			}
			add("over maxItems", over, true)
		}
	case is(s, "object"):
		add("empty object", map[string]any{}, false)
	}
	// Wrong types: every JSON kind the schema does not allow.
	kinds := []struct {
		typ string
		v   any
	}{{"string", "texte"}, {"number", 12.5}, {"object", map[string]any{"a": 1}}, {"array", []any{1}}, {"null", nil}, {"boolean", true}}
	for _, k := range kinds {
		allowed := is(s, k.typ) || (k.typ == "number" && is(s, "integer")) || s.Nullable && k.typ == "null"
		if !allowed {
			add("wrong type "+k.typ, k.v, true)
		}
	}
	return out
}

func noName(string) (any, bool) { return nil, false }

func stringEdges(s *openapi3.Schema) []edge {
	var out []edge
	add := func(name, v string, forbidden bool) {
		out = append(out, edge{name: name, raw: jsonText(v), forbidden: forbidden})
	}
	add("empty", "", s.MinLength > 0 || s.Pattern != "" || len(s.Enum) > 0)
	if s.MaxLength != nil {
		m := int(*s.MaxLength)
		add(fmt.Sprintf("maxLength %d bytes", m), strings.Repeat("a", m), false)
		add(fmt.Sprintf("maxLength+1 %d bytes", m+1), strings.Repeat("a", m+1), true)
		add(fmt.Sprintf("maxLength %d 4-byte characters", m), strings.Repeat("😀", m), false)
		add(fmt.Sprintf("maxLength+1 %d 4-byte characters", m+1), strings.Repeat("😀", m+1), true)
	}
	add("2048 bytes", strings.Repeat("b", 2048), s.MaxLength != nil && *s.MaxLength < 2048)
	add("512 4-byte characters (2048 bytes)", strings.Repeat("😀", 512), s.MaxLength != nil && *s.MaxLength < 512)
	if len(s.Enum) > 0 {
		add("not in enum", "zz_pas_dans_la_liste", true)
	}
	if s.Format == "date-time" {
		add("not a date-time", "31/12/2030", true)
		add("year 99999", "99999-01-01T00:00:00Z", true)
	}
	return out
}

func numberEdges(s *openapi3.Schema) []edge {
	var out []edge
	add := func(name, raw string) {
		out = append(out, edge{name: name, raw: raw, forbidden: forbidsNumber(s, raw)})
	}
	// The values DynamoDB cannot store come first: a record that keeps
	// what it is sent (a viewing's spans) would otherwise hold a plain value
	// around them already and merge them away.
	add("1e-131", "1e-131")
	add("5e-324", "5e-324")
	add("1e308", "1e308")
	add("-1e308", "-1e308")
	add("-0", "-0")
	step := 1.0
	if !is(s, "integer") {
		step = 0.01
	}
	if s.Min != nil {
		add("minimum", num(*s.Min))
		add("below minimum", num(*s.Min-step))
	}
	if s.ExclusiveMin.Value != nil {
		add("exclusive minimum", num(*s.ExclusiveMin.Value))
	}
	if s.Max != nil {
		add("maximum", num(*s.Max))
		add("above maximum", num(*s.Max+step))
	}
	add("three decimals", "1.005")
	add("2^63", "9223372036854775808")
	return out
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// forbidsNumber says whether the schema refuses the number written raw.
func forbidsNumber(s *openapi3.Schema, raw string) bool {
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil {
		return true
	}
	return numberViolates(s, f)
}

func numberViolates(s *openapi3.Schema, f float64) bool {
	switch {
	case is(s, "integer") && f != math.Trunc(f):
		return true
	case s.Min != nil && f < *s.Min, s.Max != nil && f > *s.Max:
		return true
	case s.ExclusiveMin.Value != nil && f <= *s.ExclusiveMin.Value, s.ExclusiveMax.Value != nil && f >= *s.ExclusiveMax.Value:
		return true
	case s.MultipleOf != nil:
		q := f / *s.MultipleOf
		return math.Abs(q-math.Round(q)) > 1e-6
	}
	return false
}

// violates says whether a stored value breaks the schema: its type, its
// limits, its enum or pattern.
func violates(s *openapi3.Schema, v any) bool {
	kind := "string"
	switch v.(type) {
	case float64:
		kind = "number"
	case bool:
		kind = "boolean"
	case map[string]any:
		kind = "object"
	case []any:
		kind = "array"
	case nil:
		kind = "null"
	}
	if s.Type != nil && !is(s, kind) && !(kind == "number" && is(s, "integer")) && !(kind == "null" && s.Nullable) {
		return true
	}
	switch x := v.(type) {
	case string:
		if s.MaxLength != nil && uint64(utf8.RuneCountInString(x)) > *s.MaxLength {
			return true
		}
		if len(s.Enum) > 0 && !inEnum(s, x) {
			return true
		}
		if s.Pattern != "" {
			if ok, err := regexp.MatchString(s.Pattern, x); err == nil && !ok {
				return true
			}
		}
	case float64:
		return numberViolates(s, x)
	}
	return false
}

func inEnum(s *openapi3.Schema, x any) bool {
	for _, e := range s.Enum {
		if e == x {
			return true
		}
	}
	return false
}

// set puts v at path p inside body (objects and arrays made as needed).
func set(body any, p []step, v any) any {
	if len(p) == 0 {
		return v
	}
	s := p[0]
	if s.key == "" {
		a, _ := body.([]any)
		if len(a) == 0 {
			a = []any{map[string]any{}}
		}
		a = append([]any(nil), a...)
		a[0] = set(a[0], p[1:], v)
		return a
	}
	o, _ := body.(map[string]any)
	c := make(map[string]any, len(o)+1)
	for k, x := range o {
		c[k] = x
	}
	c[s.key] = set(c[s.key], p[1:], v)
	return c
}
