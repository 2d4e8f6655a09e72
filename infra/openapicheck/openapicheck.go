// Package openapicheck holds the API to its document, docs/openapi.yaml: it
// lists the document's operations (for the contract test against
// template.yaml) and validates real answers against the document's schemas
// with kin-openapi's openapi3filter (for the end-to-end tests).
package openapicheck

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// Operation is one method on one path of the document, in SAM's path form.
type Operation struct {
	Method string // upper case
	Path   string // /movies/{id}
}

func (o Operation) String() string { return o.Method + " " + o.Path }

// Document is a loaded and validated OpenAPI document.
type Document struct {
	Spec *openapi3.T
	mux  *http.ServeMux
}

// HLS playlists (GET /movies/{id}/stream/{file}) are text, checked as a
// string.
func init() {
	openapi3filter.RegisterBodyDecoder("application/vnd.apple.mpegurl", openapi3filter.PlainBodyDecoder)
}

// Load reads, resolves and validates the OpenAPI document at path.
func Load(path string) (*Document, error) {
	loader := openapi3.NewLoader()
	spec, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := spec.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("%s is not a valid OpenAPI document: %w", path, err)
	}
	d := &Document{Spec: spec, mux: http.NewServeMux()}
	for _, op := range d.Operations() {
		item := spec.Paths.Find(op.Path)
		route := &routers.Route{Spec: spec, Path: op.Path, PathItem: item, Method: op.Method, Operation: item.GetOperation(op.Method)}
		d.mux.Handle(pattern(op), routeHandler{route})
	}
	return d, nil
}

// pattern is the ServeMux pattern of an operation: OpenAPI and Go 1.22 write
// path parameters alike; a trailing slash matches only itself, as in
// API Gateway.
func pattern(op Operation) string {
	p := op.Path
	if strings.HasSuffix(p, "/") {
		p += "{$}"
	}
	return op.Method + " " + p
}

type routeHandler struct{ route *routers.Route }

func (routeHandler) ServeHTTP(http.ResponseWriter, *http.Request) {}

// Operations lists every operation of the document, sorted by path then method.
func (d *Document) Operations() []Operation {
	var ops []Operation
	for path, item := range d.Spec.Paths.Map() {
		for method := range item.Operations() {
			ops = append(ops, Operation{Method: strings.ToUpper(method), Path: path})
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops
}

// route returns the documented operation serving req, or nil.
func (d *Document) route(req *http.Request) (*routers.Route, map[string]string) {
	h, pat := d.mux.Handler(req)
	rh, ok := h.(routeHandler)
	if !ok || pat == "" {
		return nil, nil
	}
	params := map[string]string{}
	for _, p := range rh.route.PathItem.Parameters {
		if p.Value != nil && p.Value.In == openapi3.ParameterInPath {
			params[p.Value.Name] = req.PathValue(p.Value.Name)
		}
	}
	for _, p := range rh.route.Operation.Parameters {
		if p.Value != nil && p.Value.In == openapi3.ParameterInPath {
			params[p.Value.Name] = req.PathValue(p.Value.Name)
		}
	}
	return rh.route, params
}

// Documents reports whether the document describes the request's operation.
func (d *Document) Documents(req *http.Request) bool {
	r, _ := d.route(req)
	return r != nil
}

// CheckResponse validates an answer to req against the document: its status
// must be documented (or covered by `default`), its headers and body must
// match the schemas. An undocumented operation is not checked (nil).
func (d *Document) CheckResponse(req *http.Request, status int, header http.Header, body []byte) error {
	route, params := d.route(req)
	if route == nil {
		return nil
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(req.Context(), in); err != nil {
		return fmt.Errorf("%s %s -> %d does not match docs/openapi.yaml (%s %s): %w", req.Method, req.URL.Path, status, route.Method, route.Path, err)
	}
	return nil
}
