// Package contract checks that the API's two descriptions agree: template.yaml
// (what API Gateway routes) and docs/openapi.yaml (what clients are told).
package contract

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/infra/samtemplate"
)

var root = filepath.Join("..", "..")

func load(t *testing.T) (*openapicheck.Document, []samtemplate.Route, map[string]samtemplate.FunctionProps) {
	t.Helper()
	doc, err := openapicheck.Load(filepath.Join(root, "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := samtemplate.Load(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	all, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	// The console function's routes serve the web client (pkg/api/console and
	// the browser test check them), not the API: they are the only routes
	// left out of the API's contract, and exactly these two.
	var routes []samtemplate.Route
	var consoleRoutes []string
	for _, r := range all {
		if r.Function == "ConsoleFunction" {
			consoleRoutes = append(consoleRoutes, r.Method+" "+r.Path)
			continue
		}
		routes = append(routes, r)
	}
	if strings.Join(consoleRoutes, ", ") != "GET /, GET /assets/{proxy+}" {
		t.Fatalf("the console function serves %v, want GET / and GET /assets/{proxy+} only", consoleRoutes)
	}
	fns, err := tpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	return doc, routes, fns
}

func TestEveryTemplateRouteIsDocumentedInOpenAPI(t *testing.T) {
	doc, routes, _ := load(t)
	documented := map[string]bool{}
	for _, op := range doc.Operations() {
		documented[op.String()] = true
	}
	for _, r := range routes {
		if !documented[r.Method+" "+r.Path] {
			t.Errorf("%s %s (%s) is in template.yaml but not in docs/openapi.yaml", r.Method, r.Path, r.Function)
		}
	}
}

func TestEveryDocumentedOperationIsARouteOfTheTemplate(t *testing.T) {
	doc, routes, _ := load(t)
	declared := map[string]bool{}
	for _, r := range routes {
		declared[r.Method+" "+r.Path] = true
	}
	for _, op := range doc.Operations() {
		if !declared[op.String()] {
			t.Errorf("%s is in docs/openapi.yaml but not in template.yaml", op)
		}
	}
}

func TestEveryProtectedOperationNamesItsRolesAndEveryOperationItsAnswers(t *testing.T) {
	doc, _, _ := load(t)
	roles := map[string]bool{"ADMIN": true, "JURY": true, "PRODUCER": true}
	for path, item := range doc.Spec.Paths.Map() {
		for method, op := range item.Operations() {
			name := strings.ToUpper(method) + " " + path
			secured := op.Security != nil && len(*op.Security) > 0
			xr, hasRoles := op.Extensions["x-roles"].([]any)
			switch {
			case secured && !hasRoles:
				t.Errorf("%s needs a token but lists no x-roles", name)
			case !secured && hasRoles:
				t.Errorf("%s lists x-roles but needs no token (no security)", name)
			}
			for _, r := range xr {
				if s, _ := r.(string); !roles[s] {
					t.Errorf("%s: x-roles has %v, not a role of the specification", name, r)
				}
			}
			if secured && op.Responses.Status(401) == nil {
				t.Errorf("%s needs a token but documents no 401", name)
			}
			explicit := 0
			for code, resp := range op.Responses.Map() {
				if code == "default" {
					continue
				}
				explicit++
				if resp.Value == nil || len(resp.Value.Content) == 0 {
					t.Errorf("%s: answer %s has no body schema", name, code)
				}
			}
			if explicit == 0 {
				t.Errorf("%s documents no answer besides default", name)
			}
			if op.Responses.Default() == nil {
				t.Errorf("%s has no default (error) answer", name)
			}
		}
	}
}
