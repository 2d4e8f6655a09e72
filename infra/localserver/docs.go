package localserver

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/local/npmlock"
)

// Swagger UI is taken from the npm registry into the git-ignored cache the
// first time /docs is opened, never from a CDN and never committed: the
// package swagger-ui-dist 5.35.0, pinned with its integrity hash by the
// lockfile in swaggerui/.
var swaggerUIPin = npmlock.Lock{Name: "swagger-ui", Manifest: swaggerUIManifest, Lockfile: swaggerUILockfile}

var (
	//go:embed swaggerui/package.json
	swaggerUIManifest []byte
	//go:embed swaggerui/package-lock.json
	swaggerUILockfile []byte
)

// swaggerUIFiles are the only files of the package the page serves.
var swaggerUIFiles = []string{
	"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
	"favicon-32x32.png", "favicon-16x16.png", "LICENSE",
}

// SwaggerUIDir is where /docs finds Swagger UI's files once installed under a
// cache folder.
func SwaggerUIDir(cacheDir string) string {
	return filepath.Join(swaggerUIPin.NodeModules(cacheDir), "swagger-ui-dist")
}

// mountDocs serves the OpenAPI document next to the template
// (docs/openapi.yaml) as /openapi.yaml and /openapi.json, and a Swagger UI
// page on it at /docs. The document is read on each request, so edits show
// without a restart.
func mountDocs(mux *http.ServeMux, templatePath, cacheDir string) {
	root := filepath.Dir(templatePath)
	spec := filepath.Join(root, "docs", "openapi.yaml")
	if cacheDir == "" {
		cacheDir = filepath.Join(root, ".cache")
	}
	ui := &swaggerUI{cacheDir: cacheDir, dir: SwaggerUIDir(cacheDir)}

	mux.HandleFunc("GET /openapi.yaml", func(w http.ResponseWriter, r *http.Request) {
		b, err := os.ReadFile(spec)
		if err != nil {
			web.JSON(w, http.StatusInternalServerError, web.ErrorBody{Error: "OpenAPI document unreadable", Details: err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
		_, _ = w.Write(b)
	})
	mux.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, r *http.Request) {
		doc, err := readYAMLAsJSON(spec)
		if err != nil {
			web.JSON(w, http.StatusInternalServerError, web.ErrorBody{Error: "OpenAPI document unreadable", Details: err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(doc)
	})
	mux.Handle("GET /docs", http.RedirectHandler("/docs/", http.StatusMovedPermanently))
	mux.HandleFunc("GET /docs/{$}", ui.page)
	mux.HandleFunc("GET /docs/{file}", ui.file)
}

// readYAMLAsJSON converts the document for clients that only read JSON.
func readYAMLAsJSON(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	v, err = jsonable(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return json.MarshalIndent(v, "", "  ")
}

// jsonable turns YAML's maps into JSON objects; a non-string key (an
// unquoted status code, say) becomes its text.
func jsonable(v any) (any, error) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			c, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			t[k] = c
		}
		return t, nil
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			c, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			m[fmt.Sprint(k)] = c
		}
		return m, nil
	case []any:
		for i, e := range t {
			c, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			t[i] = c
		}
		return t, nil
	}
	return v, nil
}

type swaggerUI struct {
	cacheDir string
	dir      string
	mu       sync.Mutex // one installation at a time
}

// installed reports whether every needed file is in the cache.
func (u *swaggerUI) installed() bool {
	for _, f := range swaggerUIFiles {
		if _, err := os.Stat(filepath.Join(u.dir, f)); err != nil {
			return false
		}
	}
	return true
}

// install installs the pinned package with npm ci.
func (u *swaggerUI) install(ctx context.Context) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.installed() {
		return nil
	}
	_, err := swaggerUIPin.Install(ctx, u.cacheDir)
	return err
}

var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Festival API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout"
});
</script>
</body>
</html>
`))

var missingPage = template.Must(template.New("missing").Parse(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Festival API documentation</title></head>
<body>
<h1>Swagger UI is not installed</h1>
<p>This page shows the API's OpenAPI document with Swagger UI, taken once from the npm registry
into <code>{{.Dir}}</code>. Installing it failed: <code>{{.Err}}</code>.</p>
<p>It is installed with <code>npm ci</code> from the lockfile in <code>infra/localserver/swaggerui/</code>
(package {{.Pkg}}), so Node.js and npm are needed once (Debian/Ubuntu: <code>sudo apt-get install -y nodejs npm</code>;
macOS: <code>brew install node</code>). Then reload this page. Meanwhile the document itself is at <a href="/openapi.yaml">/openapi.yaml</a>
and <a href="/openapi.json">/openapi.json</a>.</p>
</body>
</html>
`))

// page answers the Swagger UI page, installing Swagger UI on first use; when
// that is impossible it says how to install it.
func (u *swaggerUI) page(w http.ResponseWriter, r *http.Request) {
	if err := u.install(r.Context()); err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_ = missingPage.Execute(w, map[string]string{"Dir": u.dir, "Err": err.Error(), "Pkg": "swagger-ui-dist 5.35.0"})
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = docsPage.Execute(w, nil)
}

// file serves one of the installed Swagger UI files, and nothing else.
func (u *swaggerUI) file(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	for _, f := range swaggerUIFiles {
		if f == name {
			http.ServeFile(w, r, filepath.Join(u.dir, f))
			return
		}
	}
	notDeclared(w, r)
}
