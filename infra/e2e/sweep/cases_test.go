package sweep_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// route is one operation of docs/openapi.yaml as the sweep sends it.
type route struct {
	openapicheck.Operation
	op    *openapi3.Operation
	roles []string // x-roles; nil for a public operation
}

// sweepCase is one request: a route with one field at one edge.
type sweepCase struct {
	route route
	field string // "path id", "query limit", "body title", ...
	edge  edge
	base  bool // the route's valid request, no edge

	method, path string
	query        url.Values
	body         []byte
	contentType  string
	token        string

	// for the check of what a 2xx stored: the field's schema, the key it is
	// stored under and the value sent.
	schema *openapi3.Schema
	leaf   string
	sent   any
}

func (c sweepCase) String() string {
	if c.base {
		return c.route.String() + " (valid request)"
	}
	return fmt.Sprintf("%s %s = %s", c.route, c.field, c.edge.name)
}

// roles reads an operation's x-roles; an operation with security and no
// roles is a contract the sweep cannot follow.
func roles(t *testing.T, op openapicheck.Operation, o *openapi3.Operation) []string {
	t.Helper()
	raw, ok := o.Extensions["x-roles"]
	if !ok {
		if o.Security != nil && len(*o.Security) > 0 {
			t.Fatalf("%s has security but no x-roles: the sweep cannot tell which role calls it", op)
		}
		return nil
	}
	var out []string
	for _, r := range raw.([]any) {
		out = append(out, r.(string))
	}
	return out
}

// builder makes a route's cases.
type builder struct {
	f     *festival
	doc   *openapicheck.Document
	route route
	token string
	// named values where the schema cannot give a valid one, by field name.
	named func(name string) (any, bool)
	// rebody is the valid body again, with a fresh address.
	rebody func() ([]byte, string)
}

func (b *builder) params() []*openapi3.Parameter {
	var out []*openapi3.Parameter
	item := b.doc.Spec.Paths.Find(b.route.Path)
	for _, p := range append(append(openapi3.Parameters{}, item.Parameters...), b.route.op.Parameters...) {
		if p.Value != nil {
			out = append(out, p.Value)
		}
	}
	return out
}

// request fills the case's URL: every path parameter at its seeded value,
// each required query parameter valid, then over holds the edge.
func (b *builder) request(c *sweepCase, overIn, overName, overValue string) {
	path := b.route.Path
	q := url.Values{}
	for _, p := range b.params() {
		v, ok := b.f.pathValue(b.route.Path, p.Name)
		if !ok {
			v = fmt.Sprint(valid(p.Schema.Value, p.Name, b.named))
		}
		if p.In == overIn && p.Name == overName {
			v, ok = overValue, true
		} else if p.In == "query" && !p.Required {
			continue
		}
		switch p.In {
		case "path":
			path = strings.Replace(path, "{"+p.Name+"}", url.PathEscape(v), 1)
		case "query":
			q.Set(p.Name, v)
		}
	}
	c.method, c.path, c.query, c.token = b.route.Method, path, q, b.token
}

// text is an edge as a form field or a parameter writes it.
func text(raw string) string {
	var s string
	if json.Unmarshal([]byte(raw), &s) == nil {
		return s
	}
	return raw
}

func (b *builder) cases() []sweepCase {
	base := sweepCase{route: b.route, base: true}
	b.request(&base, "", "", "")
	bodyCases := b.bodyCases(&base)
	var out []sweepCase
	for _, p := range b.params() {
		ps := flatten(p.Schema.Value)
		for _, e := range paramEdges(ps) {
			c := base
			c.base, c.field, c.edge = false, p.In+" "+p.Name, e
			if b.rebody != nil {
				c.body, c.contentType = b.rebody() // a new account's address for each
			}
			b.request(&c, p.In, p.Name, text(e.raw))
			out = append(out, c)
		}
	}
	return append(append(out, bodyCases...), base)
}

// paramEdges are a parameter's edges, written as text.
func paramEdges(s *openapi3.Schema) []edge {
	out := edges(s)
	out = append(out, edge{name: "not a number", raw: "abc"}, edge{name: "20 digits", raw: "99999999999999999999"},
		edge{name: "zero", raw: "0"}, edge{name: "negative", raw: "-1"})
	return out
}

// mediaFiles are the files a form's binary parts carry, by part name.
func mediaFile(part string) (string, []byte) {
	switch {
	case part == "filmFile":
		return "film.mp4", filestest.MP4()
	case part == "subtitlesSrt":
		return "st.srt", filestest.SRT()
	case strings.HasPrefix(part, "thumbnail"), part == "poster", part == "file":
		return "a.png", filestest.PNG()
	}
	return "", nil
}

func (b *builder) bodyCases(base *sweepCase) []sweepCase {
	if b.route.op.RequestBody == nil || b.route.op.RequestBody.Value == nil {
		return nil
	}
	content := b.route.op.RequestBody.Value.Content
	if mt := content.Get("application/json"); mt != nil && mt.Schema != nil {
		return b.jsonCases(base, mt.Schema.Value)
	}
	if mt := content.Get("multipart/form-data"); mt != nil && mt.Schema != nil {
		return b.formCases(base, mt.Schema.Value)
	}
	return nil
}

func (b *builder) keyFor(parent string) string {
	switch parent {
	case "criteria":
		return b.f.criterion
	case "answers":
		return b.f.question
	}
	return fmt.Sprint(b.f.category) // category_grids, category_windows, category_rules, per_category
}

func (b *builder) jsonBase(s *openapi3.Schema, extra map[string]any) map[string]any {
	body, _ := valid(s, "", b.named).(map[string]any)
	if body == nil {
		body = map[string]any{}
	}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

func (b *builder) jsonCases(base *sweepCase, s *openapi3.Schema) []sweepCase {
	body := b.jsonBase(s, baseExtra(b.route, flatten(s), b.named))
	base.body, base.contentType = mustJSON(body), "application/json"
	b.rebody = func() ([]byte, string) { return mustJSON(b.freshen(body)), "application/json" }
	all := fields(s, nil, 4, b.keyFor)
	byName := map[string]field{}
	for _, f := range all {
		byName[f.name()] = f
	}
	var out []sweepCase
	for _, f := range all {
		// The field's containers exist, each valid.
		withParents := any(body)
		for i := 1; i < len(f.path); i++ {
			if get(withParents, f.path[:i]) == nil {
				pf := byName[field{path: f.path[:i]}.name()]
				withParents = set(withParents, f.path[:i], valid(pf.schema, pf.leaf(), b.named))
			}
		}
		for _, e := range edges(f.schema) {
			c := *base
			c.base, c.field, c.edge = false, "body "+f.name(), e
			c.body = mustJSON(set(b.freshen(withParents), f.path, json.RawMessage(e.raw)))
			c.schema, c.leaf = f.schema, f.leaf()
			_ = json.Unmarshal([]byte(e.raw), &c.sent)
			out = append(out, c)
		}
		if len(f.path) == 1 {
			out = append(out, b.duplicates(base, withParents, f)...)
		}
	}
	return out
}

// duplicates send a top-level key twice: the edge first then a valid value,
// and a valid value first then the edge.
func (b *builder) duplicates(base *sweepCase, body any, f field) []sweepCase {
	es := edges(f.schema)
	e := es[0]
	for _, x := range es {
		if x.forbidden && !strings.HasPrefix(x.name, "wrong type") {
			e = x
			break
		}
	}
	key := jsonText(f.path[0].key)
	good := jsonText(valid(f.schema, f.leaf(), b.named))
	withGood := mustJSON(set(b.freshen(body), f.path, json.RawMessage(good)))
	withEdge := mustJSON(set(b.freshen(body), f.path, json.RawMessage(e.raw)))
	var out []sweepCase
	for i, raw := range [][]byte{
		append([]byte("{"+key+":"+e.raw+","), withGood[1:]...),
		append([]byte("{"+key+":"+good+","), withEdge[1:]...),
	} {
		c := *base
		c.base, c.field = false, "body "+f.name()
		c.edge = edge{name: [2]string{"duplicated key, edge first (", "duplicated key, edge last ("}[i] + e.name + ")", raw: e.raw, forbidden: e.forbidden}
		c.body, c.schema, c.leaf = raw, f.schema, f.leaf()
		_ = json.Unmarshal([]byte(e.raw), &c.sent)
		out = append(out, c)
	}
	return out
}

func (b *builder) formCases(base *sweepCase, s *openapi3.Schema) []sweepCase {
	s = flatten(s)
	values := map[string]string{}
	for _, k := range s.Required {
		if p := s.Properties[k]; p != nil && p.Value.Format != "binary" {
			values[k] = fmt.Sprint(valid(p.Value, k, b.named))
		}
	}
	for k, v := range baseExtra(b.route, s, b.named) {
		if s.Properties[k] != nil {
			values[k] = fmt.Sprint(v)
		}
	}
	var files []string
	for k, p := range s.Properties {
		if p.Value.Format == "binary" {
			if name, _ := mediaFile(k); name != "" && slices.Contains(s.Required, k) { // a file costs a write to the bucket
				files = append(files, k)
			}
		}
	}
	sort.Strings(files)
	form := func(override map[string][]string) *apitest.Multipart {
		m := apitest.NewMultipart()
		names := make([]string, 0, len(values))
		for k := range values {
			names = append(names, k)
		}
		for k := range override {
			if _, ok := values[k]; !ok {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		for _, k := range names {
			vs, ok := override[k]
			if !ok {
				vs = []string{values[k]}
				if k == "email" && strings.Contains(values[k], "@") {
					vs = []string{freshEmail()} // each case a new account, not "user exists"
				}
			}
			for _, v := range vs {
				m.Field(k, v)
			}
		}
		for _, k := range files {
			name, data := mediaFile(k)
			m.File(k, name, data)
		}
		return m.Close()
	}
	encode := func(c *sweepCase, m *apitest.Multipart) {
		raw := m.Cut(m.Len())
		c.body, c.contentType = raw.Body, raw.ContentType
	}
	encode(base, form(nil))
	b.rebody = func() ([]byte, string) {
		var c sweepCase
		encode(&c, form(nil))
		return c.body, c.contentType
	}
	var out []sweepCase
	for _, f := range fields(s, nil, 1, b.keyFor) {
		good := values[f.leaf()]
		if good == "" {
			good = fmt.Sprint(valid(f.schema, f.leaf(), b.named))
		}
		for _, e := range edges(f.schema) {
			if is(f.schema, "string") && strings.HasPrefix(e.name, "wrong type") {
				continue // a form's fields are all text: "true" is a text like another
			}
			c := *base
			c.base, c.field, c.edge, c.schema, c.leaf = false, "form "+f.name(), e, f.schema, f.leaf()
			c.sent = text(e.raw)
			encode(&c, form(map[string][]string{f.leaf(): {text(e.raw)}}))
			out = append(out, c)
		}
		es := edges(f.schema)
		c := *base
		c.base, c.field, c.schema, c.leaf = false, "form "+f.name(), f.schema, f.leaf()
		c.edge = edge{name: "field sent twice (" + es[0].name + " last)", raw: es[0].raw, forbidden: es[0].forbidden}
		c.sent = text(es[0].raw)
		encode(&c, form(map[string][]string{f.leaf(): {good, text(es[0].raw)}}))
		out = append(out, c)
	}
	return out
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// get reads the value at path p of body (nil when absent).
func get(body any, p []step) any {
	for _, s := range p {
		if s.key == "" {
			a, _ := body.([]any)
			if len(a) <= s.index {
				return nil
			}
			body = a[s.index]
			continue
		}
		o, _ := body.(map[string]any)
		body = o[s.key]
	}
	return body
}

// freshen gives a body's top-level email a new address, so that each case
// of an account route makes a new account rather than meet "user exists".
func (b *builder) freshen(body any) any {
	o, ok := body.(map[string]any)
	if !ok {
		return body
	}
	if e, has := o["email"]; !has || e == b.f.producer.Email {
		return body
	}
	return set(o, []step{{key: "email"}}, freshEmail())
}
