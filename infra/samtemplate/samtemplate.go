// Package samtemplate reads template.yaml, the single source of which
// function serves which route, so that the local server routes exactly as API
// Gateway will.
package samtemplate

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Template is the part of a SAM template the project reads.
type Template struct {
	Globals struct {
		Function FunctionProps `yaml:"Function"`
	} `yaml:"Globals"`
	Resources map[string]Resource `yaml:"Resources"`
}

// Resource is one resource; Properties stays raw because its shape depends on Type.
type Resource struct {
	Type       string         `yaml:"Type"`
	Metadata   map[string]any `yaml:"Metadata"`
	Properties yaml.Node      `yaml:"Properties"`
}

// FunctionProps are the properties of an AWS::Serverless::Function used here.
type FunctionProps struct {
	Runtime       string           `yaml:"Runtime"`
	Architectures []string         `yaml:"Architectures"`
	Handler       string           `yaml:"Handler"`
	CodeUri       string           `yaml:"CodeUri"`
	Timeout       int              `yaml:"Timeout"` // seconds
	Policies      []yaml.Node      `yaml:"Policies"`
	Events        map[string]Event `yaml:"Events"`
}

// Event is a function's event source.
type Event struct {
	Type       string `yaml:"Type"`
	Properties struct {
		Method string `yaml:"Method"`
		Path   string `yaml:"Path"`
	} `yaml:"Properties"`
}

// Route is one HttpApi route and the function that serves it.
type Route struct {
	Method   string // upper case
	Path     string // SAM form: /movies/{id}
	Function string // logical id, e.g. MoviesFunction
}

// Pattern is the Go 1.22 ServeMux pattern of the route. A path that ends in
// "/" matches only itself ({$}); {proxy+} becomes a trailing wildcard.
func (r Route) Pattern() string {
	p := strings.ReplaceAll(r.Path, "+}", "...}")
	if strings.HasSuffix(p, "/") {
		p += "{$}"
	}
	return r.Method + " " + p
}

// Load parses a template file.
func Load(path string) (*Template, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Template
	if err := yaml.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &t, nil
}

// Functions returns the properties of every function, by logical id.
func (t *Template) Functions() (map[string]FunctionProps, error) {
	out := map[string]FunctionProps{}
	for id, r := range t.Resources {
		if r.Type != "AWS::Serverless::Function" {
			continue
		}
		var p FunctionProps
		if err := r.Properties.Decode(&p); err != nil {
			return nil, fmt.Errorf("function %s: %w", id, err)
		}
		out[id] = p
	}
	return out, nil
}

// Routes returns every HttpApi route, sorted by path then method.
func (t *Template) Routes() ([]Route, error) {
	fns, err := t.Functions()
	if err != nil {
		return nil, err
	}
	var routes []Route
	for id, f := range fns {
		for name, ev := range f.Events {
			if ev.Type != "HttpApi" {
				continue
			}
			if ev.Properties.Method == "" || ev.Properties.Path == "" {
				return nil, fmt.Errorf("function %s event %s: Method and Path are required", id, name)
			}
			routes = append(routes, Route{Method: strings.ToUpper(ev.Properties.Method), Path: ev.Properties.Path, Function: id})
		}
	}
	sort.Slice(routes, func(i, j int) bool {
		if routes[i].Path != routes[j].Path {
			return routes[i].Path < routes[j].Path
		}
		return routes[i].Method < routes[j].Method
	})
	return routes, nil
}

// Group returns the route group a function serves: AuthFunction -> auth.
func Group(functionID string) string {
	return strings.ToLower(strings.TrimSuffix(functionID, "Function"))
}
