// Package console serves the festival console, the web client built from
// functions/console/web into a folder of static files (index.html and
// assets/), as the console function does on AWS and the local server does
// on a laptop.
package console

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/texts"

	"github.com/festivalapi/festival/pkg/api/web"
)

// MsgNotBuilt answers when the folder holds no built console.
const MsgNotBuilt = texts.ConsoleNotBuilt

// New serves the built console in dir: "/" is index.html, never cached so a
// new deployment shows at once; "/assets/<name>" are the bundles, whose names
// carry a hash of their content, so they are cached for a year. Nothing else
// is served, and nothing outside dir.
func New(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			web.Refuse(w, r, http.StatusMethodNotAllowed, texts.MethodNotAllowed)
			return
		}
		name, cache := "index.html", "no-cache"
		if r.URL.Path != "/" {
			rel := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
			if !strings.HasPrefix(rel, "assets/") || strings.Contains(rel, "..") {
				web.Refuse(w, r, http.StatusNotFound, texts.FileNotFound)
				return
			}
			name, cache = rel, "public, max-age=31536000, immutable"
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		switch {
		case err != nil && name == "index.html":
			web.Refuse(w, r, http.StatusServiceUnavailable, MsgNotBuilt)
			return
		case err != nil:
			web.Refuse(w, r, http.StatusNotFound, texts.FileNotFound)
			return
		}
		ctype := mime.TypeByExtension(filepath.Ext(name))
		if ctype == "" {
			ctype = http.DetectContentType(b)
		}
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", cache)
		h.Set("X-Content-Type-Options", "nosniff")
		if name == "index.html" {
			// The page loads only its own scripts and styles and talks only
			// to its own origin (the API) and to the film bucket (presigned URLs;
			// the public cards' pictures are links to it too, over http on a
			// local stack, as films are).
			h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: https: http:; media-src 'self' blob: https: http:; connect-src 'self' https: http:; frame-ancestors 'none'")
		}
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			_, _ = w.Write(b)
		}
	})
}
