package localserver

import (
	"context"
	"encoding/json"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/mailbox"
)

// openMailbox opens the local mail: under the data folder with `make run`
// (kept between runs), else a temporary folder removed on Close.
func openMailbox(srv *Server, dataDir string, now func() time.Time) (*mailbox.Box, error) {
	dir := filepath.Join(dataDir, "mailbox")
	if dataDir == "" {
		tmp, err := os.MkdirTemp("", "festival-mailbox-")
		if err != nil {
			return nil, err
		}
		srv.closers = append(srv.closers, func() { _ = os.RemoveAll(tmp) })
		dir = tmp
	}
	return mailbox.Open(dir, now)
}

// DeliverNow delivers the messages due now, as the schedule would in a few
// seconds (tests and the load test call it).
func (s *Server) DeliverNow(ctx context.Context) error {
	_, err := s.Outbox.DeliverDue(ctx)
	return err
}

var mailboxPage = template.Must(template.New("mailbox").Parse(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Boîte aux lettres locale</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}
.meta{color:#555;font-size:.9rem}</style></head><body>
<h1>Boîte aux lettres locale</h1>
<p class="meta">Les messages que le festival enverrait par e-mail (Amazon SES en production), du plus récent au plus ancien. Dossier : {{.Dir}}</p>
{{range .Mails}}<article><h2>{{.Subject}}</h2><p class="meta">À {{.To}}, le {{.SentAt.Format "02/01/2006 15:04:05"}} UTC</p><pre>{{.Text}}</pre></article>
{{else}}<p>Aucun message pour l'instant.</p>{{end}}
</body></html>`))

// withMailbox serves the local mailbox at /_mailbox (an HTML page) and
// /_mailbox.json, beside the API: a developer reads there what the festival
// would have mailed. It is the local server's own page, not an API route.
func withMailbox(box *mailbox.Box, api http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", api)
	list := func(w http.ResponseWriter, asJSON bool) {
		mails, err := box.List()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if asJSON {
			w.Header().Set("Content-Type", "application/json")
			if mails == nil {
				mails = []festival.Email{}
			}
			_ = json.NewEncoder(w).Encode(mails)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = mailboxPage.Execute(w, map[string]any{"Dir": box.Dir(), "Mails": mails})
	}
	mux.HandleFunc("GET /_mailbox", func(w http.ResponseWriter, r *http.Request) { list(w, false) })
	mux.HandleFunc("GET /_mailbox.json", func(w http.ResponseWriter, r *http.Request) { list(w, true) })
	return mux
}
