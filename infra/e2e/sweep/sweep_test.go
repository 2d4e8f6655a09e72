// Package sweep_test is the boundary sweep: it walks docs/openapi.yaml and,
// for every route, every path and query parameter and every body field,
// sends the field's edges one at a time (the other fields valid) as a caller
// with the route's role, against a festival it seeds itself. It fails on any
// 5xx but the specification's 500 on user operations, and on a 2xx that
// stored a value the schema forbids, and on a route whose valid request is
// refused unless the table cannot says why. A route added to the document
// later is swept without a change here.
package sweep_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// userOperations may answer the specification's 500 "Erreur base de
// données" (apperr.Rejected).
var userOperations = map[string]bool{
	"POST /auth/register": true, "POST /users": true, "PUT /users/{id}": true, "PUT /users/me": true,
}

// stateful routes change what the other routes' cases need (the festival's
// settings and windows, the film's status and jury, the current edition):
// they run after the others, one route at a time, and so do every DELETE.
var stateful = map[string]bool{
	"PUT /settings": true, "PUT /settings/form": true, "PUT /movies/{id}/status": true, "PUT /movies/{id}/juries": true,
	"PUT /movies/{id}/categories": true, "POST /movies/{id}/withdraw": true, "POST /movies/{id}/reinstate": true,
	"POST /movies/decisions/apply": true, "POST /movies/assignment/apply": true, "POST /notifications/release": true,
	"POST /editions": true, "POST /movies/{id}/resubmit": true,
}

// ownCaller routes change or delete their caller: each gets an account of
// its own, so that the other routes keep theirs.
var ownCaller = map[string]bool{"PUT /users/me": true, "DELETE /users/me": true}

// baseExtra are the fields a route's valid request carries beyond the
// document's required ones: every field named knows (an account's names,
// address and password, the seeded ids), then, where that leaves the body
// empty, its first text field (an update needs one field to change).
func baseExtra(r route, s *openapi3.Schema, named func(string) (any, bool)) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if v, ok := named(k); ok {
			out[k] = v
		}
	}
	if userOperations[r.String()] && r.Method == http.MethodPost {
		out["role"] = "PRODUCER"
	}
	if len(out) == 0 && len(s.Required) == 0 {
		for _, k := range names {
			if p := flatten(s.Properties[k].Value); p != nil && p.Type.Is("string") && p.Format != "binary" {
				out[k] = valid(p, k, named)
				break
			}
		}
	}
	return out
}

// named gives a valid value by field name where the schema cannot: the
// seeded records' ids, fresh addresses, a span of a film, an end after its start.
func (f *festival) named(r route) func(string) (any, bool) {
	return func(name string) (any, bool) {
		switch name {
		case "email":
			if r.Path == "/auth/login" {
				return f.producer.Email, true
			}
			return freshEmail(), true
		case "password":
			if r.Method != http.MethodPut { // an update need not rehash it (bcrypt is the sweep's dearest step)
				return password, true
			}
		case "first_name":
			return "Agnès", true
		case "last_name":
			return "Varda", true
		case "id_movie":
			return f.film, true
		case "juries", "juryIds", "jurors":
			return []any{f.jury.ID}, true
		case "categories":
			if r.Path == "/movies/assignment/preview" || strings.Contains(r.Path, "jury-profile") || strings.HasPrefix(r.Path, "/movies/") {
				return []any{f.category}, true
			}
		case "id_categorie", "category":
			if r.Path != "/settings/form" {
				return f.category, true
			}
		case "end_date":
			return "2031-05-02T10:00:00Z", true
		case "from":
			if strings.HasSuffix(r.Path, "/viewing") { // away from 0, so that a span from 0 to 1e-131 stands alone
				return 40, true
			}
		case "to":
			if strings.HasSuffix(r.Path, "/viewing") {
				return 50, true
			}
			if strings.HasPrefix(r.Path, "/movies/decisions/") { // a decision: a status the seeded film is not at
				return "to_discuss", true
			}
		case "title": // a film's update needs one field to change, and its first text (admin_comment) is the admins' only
			return "Le Film du balayage", true
		case "preview":
			return true, true // a message composed to everyone is rendered, not queued to the sweep's hundreds of accounts
		case "late_code":
			return f.lateCode, true
		case "ids":
			if strings.HasPrefix(r.Path, "/movies/decisions/") {
				return []any{f.film}, true
			}
		case "all": // notices: every unread one
			return true, true
		case "query": // a saved view: a query the board reads
			return "q=balayage", true
		case "conflicts": // a juror's conflicts: none (one on the film they are assigned to is a 409)
			return []any{}, true
		}
		return nil, false
	}
}

// outcome is what one case found wrong, if anything.
type outcome struct {
	c       sweepCase
	status  int
	problem string
	body    string
}

type sweeper struct {
	api    *apitest.API
	doc    *openapicheck.Document
	client *http.Client
	mu     sync.Mutex
	found  []outcome
	sent   int
	bases  map[string]int           // the valid request's status, by route
	spent  map[string]time.Duration // time in requests, by route
	// atLimit are the values at a documented limit (maxLength, minimum,
	// maximum) that the code refused: a limit the contract and the code may
	// set differently, for a reader to judge (the other fields may be why).
	atLimit []string
}

func (s *sweeper) send(c sweepCase) (int, []byte, error) {
	u := s.api.URL + c.path
	if len(c.query) > 0 {
		u += "?" + c.query.Encode()
	}
	var rd io.Reader
	if c.body != nil {
		rd = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, u, rd)
	if err != nil {
		return 0, nil, err
	}
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, data, err
}

// verbose (SWEEP_VERBOSE=1) prints every case and its answer.
var verbose = os.Getenv("SWEEP_VERBOSE") != ""

var databaseError = regexp.MustCompile(`"error":"Erreur base de données"`)

// run sends one case and records what is wrong with its answer.
func (s *sweeper) run(c sweepCase) {
	began := time.Now()
	status, body, err := s.send(c)
	took := time.Since(began)
	if verbose {
		fmt.Fprintf(os.Stderr, "%s -> %d %.200s\n", c, status, body)
	}
	s.mu.Lock()
	if status == http.StatusBadRequest && !c.edge.forbidden && (strings.HasPrefix(c.edge.name, "maxLength ") || c.edge.name == "minimum" || c.edge.name == "maximum") {
		s.atLimit = append(s.atLimit, fmt.Sprintf("%s -> 400 %.160s", c, body))
	}
	s.sent++
	s.spent[c.route.String()] += took
	if c.base {
		s.bases[c.route.String()] = status
	}
	s.mu.Unlock()
	switch {
	case err != nil:
		s.report(c, status, "no answer: "+err.Error(), nil)
	case status >= 500 && !(status == 500 && userOperations[c.route.String()] && databaseError.Match(body)):
		s.report(c, status, "server error", body)
	case status/100 == 2 && !c.base:
		if p := s.stored(c, body); p != "" {
			s.report(c, status, p, body)
		}
	}
}

func (s *sweeper) report(c sweepCase, status int, problem string, body []byte) {
	if len(body) > 300 {
		body = append(body[:300:300], "…"...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.found = append(s.found, outcome{c: c, status: status, problem: problem, body: string(body)})
}

// stored looks for the edge's value in the answer and in the record read
// back through the route's GET (same path), where the schema forbids it: a
// text over its maxLength, a number past its bounds or with more decimals
// than multipleOf allows, a value outside the enum or the pattern; and a
// -0 kept as -0.
func (s *sweeper) stored(c sweepCase, body []byte) string {
	if c.schema == nil || !(c.edge.forbidden || c.edge.raw == "-0") {
		return ""
	}
	answers := [][]byte{body}
	if s.doc.Spec.Paths.Find(c.route.Path).Get != nil {
		back := c
		back.method, back.body, back.contentType = "GET", nil, ""
		if st, b, err := s.send(back); err == nil && st == http.StatusOK {
			answers = append(answers, b)
		}
	}
	for _, a := range answers {
		if c.edge.raw == "-0" {
			if bytes.Contains(a, []byte(jsonText(c.leaf)+":-0")) {
				return fmt.Sprintf("stored -0 as %s", c.leaf)
			}
			continue
		}
		var v any
		if json.Unmarshal(a, &v) != nil {
			continue
		}
		if bad, ok := findBad(v, c.leaf, c.sent, c.schema); ok {
			return fmt.Sprintf("stored %s = %.80v, which the schema forbids", c.leaf, bad)
		}
	}
	return ""
}

// findBad finds key holding the value sent where that value breaks the
// schema: a value other records hold under the same key is not the case's.
func findBad(v any, key string, sent any, schema *openapi3.Schema) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		if got, ok := x[key]; ok && same(got, sent) && violates(schema, got) {
			return got, true
		}
		for _, c := range x {
			if bad, ok := findBad(c, key, sent, schema); ok {
				return bad, true
			}
		}
	case []any:
		for _, c := range x {
			if bad, ok := findBad(c, key, sent, schema); ok {
				return bad, true
			}
		}
	}
	return nil, false
}

func same(got, sent any) bool {
	if sent == nil || got == nil {
		return false
	}
	if g, ok := got.(string); ok {
		if s, ok := sent.(string); ok {
			return g == s || strings.TrimSpace(g) == strings.TrimSpace(s) && g != ""
		}
	}
	if g, ok := got.(float64); ok {
		switch s := sent.(type) {
		case float64:
			return g == s
		case string: // a form's text
			return fmt.Sprint(g) == s
		}
	}
	return reflect.DeepEqual(got, sent) // an object, an array, a boolean sent where the schema wants another type
}

// pool sends the cases on n workers.
func (s *sweeper) pool(cases []sweepCase, n int) {
	ch := make(chan sweepCase)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range ch {
				s.run(c)
			}
		}()
	}
	for _, c := range cases {
		ch <- c
	}
	close(ch)
	wg.Wait()
}

func TestEveryFieldOfEveryRouteAnswersItsEdgesWithoutServerErrorsOrForbiddenValues(t *testing.T) {
	start := time.Now()
	only := regexp.MustCompile(os.Getenv("SWEEP_ROUTES")) // e.g. SWEEP_ROUTES='^PUT /users/me$' sweeps those routes only
	api := apitest.Start(t, func(o *localserver.Options) {
		if os.Getenv("SWEEP_LOG") != "" { // the server's log on stderr, to see what a 5xx met
			o.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		}
	})
	doc, err := openapicheck.Load(repoFile(t, "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var routes []route
	own := map[string]string{}
	for _, op := range doc.Operations() {
		o := doc.Spec.Paths.Find(op.Path).GetOperation(op.Method)
		r := route{Operation: op, op: o, roles: roles(t, op, o)}
		routes = append(routes, r)
		if ownCaller[r.String()] {
			own[r.String()] = r.roles[0]
		}
	}
	documented := map[string]bool{}
	for _, r := range routes {
		documented[r.String()] = true
	}
	for r := range cannot {
		if !documented[r] {
			t.Errorf("cannot names %s, which docs/openapi.yaml does not have", r)
		}
	}
	for r := range prepare {
		if !documented[r] {
			t.Errorf("prepare names %s, which docs/openapi.yaml does not have", r)
		}
	}
	f := seed(t, api, own)
	seeded := time.Since(start)

	var first, later [][]sweepCase
	p := &preparer{t: t, api: api, f: f, bases: map[string]sweepCase{}}
	for _, r := range routes {
		if !only.MatchString(r.String()) {
			continue
		}
		b := &builder{f: f, doc: doc, route: r, token: f.token(r), named: f.named(r)}
		cases := b.cases()
		p.bases[r.String()] = cases[len(cases)-1]
		if stateful[r.String()] || r.Method == http.MethodDelete {
			later = append(later, cases)
		} else {
			first = append(first, cases)
		}
	}
	// POST /editions starts the next edition: last of all but the
	// resubmission of a film it archived; DELETEs after the other stateful
	// routes.
	sort.SliceStable(later, func(i, j int) bool { return rank(later[i][0].route) < rank(later[j][0].route) })

	s := &sweeper{api: api, doc: doc, client: &http.Client{Timeout: 60 * time.Second}, bases: map[string]int{}, spent: map[string]time.Duration{}}
	// Round robin over the routes: the workers' requests at any moment go
	// to different routes, not all to one record (one account, one film,
	// the registration counter), where they would only wait on each other.
	var all, prepared []sweepCase
	for i := 0; len(all)+len(prepared) < total(first); i++ {
		for _, cs := range first {
			switch {
			case i >= len(cs):
			case i == len(cs)-1 && prepare[cs[i].route.String()] != nil:
				prepared = append(prepared, cs[i])
			default:
				all = append(all, cs[i])
			}
		}
	}
	s.pool(all, 8)
	for _, c := range prepared { // what a valid request needs is made after the route's edges
		s.runValid(p, c)
	}
	t.Logf("first pass: %d cases in %v", len(all), time.Since(start).Round(time.Millisecond))
	// A late-entry code is read only while submissions are closed: its
	// cases run again in a closed window.
	var late []sweepCase
	for _, c := range all {
		if strings.HasSuffix(c.field, " late_code") {
			c.field += " (submissions closed)"
			late = append(late, c)
		}
	}
	setWindow(t, api, f, -48*time.Hour, -24*time.Hour)
	s.pool(late, 8)
	setWindow(t, api, f, -24*time.Hour, 90*24*time.Hour)
	for _, cs := range later {
		// The edges first, the valid request (which may delete the record) last.
		if rank(cs[0].route) == 4 {
			p.open() // the new edition's windows start cleared
		}
		s.pool(cs[:len(cs)-1], 4)
		s.runValid(p, cs[len(cs)-1])
	}
	t.Logf("stateful routes done at %v", time.Since(start).Round(time.Millisecond))
	elapsed := time.Since(start)
	t.Logf("boundary sweep: %d (route, field, edge) cases over %d routes in %v (seeding %v)", s.sent, len(routes), elapsed.Round(time.Millisecond), seeded.Round(time.Millisecond))
	s.checkBases(t)
	t.Logf("values at a documented limit refused: %d (SWEEP_VERBOSE=1 lists them)", len(s.atLimit))
	if verbose {
		s.logSpent(t)
		sort.Strings(s.atLimit)
		t.Logf("values at a documented limit refused:\n%s", strings.Join(s.atLimit, "\n"))
	}
	sort.Slice(s.found, func(i, j int) bool { return s.found[i].c.String() < s.found[j].c.String() })
	for _, o := range s.found {
		t.Errorf("%s -> %d: %s %s", o.c, o.status, o.problem, o.body)
	}
}

func rank(r route) int {
	switch {
	case r.String() == "POST /movies/{id}/resubmit": // a film of the edition POST /editions archived
		return 4
	case r.String() == "POST /editions":
		return 3
	case r.String() == "DELETE /users/me":
		return 2
	case r.Method == http.MethodDelete:
		return 1
	}
	return 0
}

// runValid sends a route's valid request after making what it needs.
func (s *sweeper) runValid(p *preparer, c sweepCase) {
	if prep := prepare[c.route.String()]; prep != nil {
		p.open()
		prep(p, &c)
	}
	s.run(c)
}

// checkBases fails the test for each route whose valid request was refused
// but for those listed in cannot (their edges meet that refusal first and
// test less of the route), and for a route in cannot whose valid request
// succeeded (the list would no longer be true).
func (s *sweeper) checkBases(t *testing.T) {
	var refused []string
	for r, st := range s.bases {
		_, excused := cannot[r]
		switch {
		case st/100 == 2 && excused:
			t.Errorf("%s: its valid request answered %d, but the table cannot says the sweep cannot make it: take it out", r, st)
		case st/100 != 2 && !excused:
			t.Errorf("%s: its valid request was refused (%d): its edges are refused at the same door; seed what it needs (prepare, named) or say why in cannot", r, st)
		}
		if st/100 != 2 {
			refused = append(refused, fmt.Sprintf("%s -> %d", r, st))
		}
	}
	sort.Strings(refused)
	t.Logf("valid request succeeded on %d of %d routes; refused on %d: %s", len(s.bases)-len(refused), len(s.bases), len(refused), strings.Join(refused, "; "))
}

// token is the route's caller: its first x-roles role (the producer owns the
// film, the juror is assigned to it), an account of its own where the route
// changes its caller, none for a public route.
func (f *festival) token(r route) string {
	if a, ok := f.own[r.String()]; ok {
		return a.Token
	}
	if len(r.roles) == 0 {
		return ""
	}
	switch r.roles[0] {
	case "ADMIN":
		return f.admin.Token
	case "JURY":
		return f.jury.Token
	case "PRODUCER":
		return f.producer.Token
	}
	return ""
}

func repoFile(t *testing.T, parts ...string) string {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root + "/" + strings.Join(parts, "/")
}

// setWindow opens the submissions from open to close (from now).
func setWindow(t *testing.T, api *apitest.API, f *festival, open, close time.Duration) {
	t.Helper()
	at := func(d time.Duration) string { return time.Now().Add(d).UTC().Format(time.RFC3339) }
	api.Do("PUT", "/settings", f.admin.Token, map[string]any{"submissions_open_at": at(open), "submissions_close_at": at(close)}).
		Expect(http.StatusOK)
}

// logSpent lists the routes that took the most request time.
func (s *sweeper) logSpent(t *testing.T) {
	routes := make([]string, 0, len(s.spent))
	for r := range s.spent {
		routes = append(routes, r)
	}
	sort.Slice(routes, func(i, j int) bool { return s.spent[routes[i]] > s.spent[routes[j]] })
	for _, r := range routes[:min(15, len(routes))] {
		t.Logf("%v in %s", s.spent[r].Round(time.Millisecond), r)
	}
}

func total(groups [][]sweepCase) int {
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	return n
}
