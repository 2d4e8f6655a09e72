package sweep_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// festival is the records the sweep's requests point at: one of each, made
// through the API, so that a request with valid ids gets past its 404s.
type festival struct {
	admin, producer, jury, spare apitest.Account
	// own accounts for the routes that change or delete their caller
	// (PUT and DELETE /users/me), by route.
	own map[string]apitest.Account

	category, film, event, award, vote int64
	// archived is a film no route changes until POST /editions archives
	// it; then POST /movies/{id}/resubmit submits it again.
	archived                      int64
	note, export, notification    string
	lateCode, question, criterion string
	fileQuestion                  string // a question answered by a file
}

const password = "motdepasse1"

var emails atomic.Int64

// freshEmail is an address no account has yet.
func freshEmail() string {
	return fmt.Sprintf("sweep.%d.%d@example.org", time.Now().UnixNano()%1e9, emails.Add(1))
}

var exportLink = regexp.MustCompile(`export[/=]([0-9a-f]{32})`)

// seed makes the festival the sweep works on.
func seed(t *testing.T, api *apitest.API, ownRoutes map[string]string) *festival {
	t.Helper()
	f := &festival{admin: api.Register("ADMIN"), producer: api.Register("PRODUCER"), jury: api.Register("JURY"),
		spare: api.Register("JURY"), own: map[string]apitest.Account{}, criterion: "jeu", question: "premiere", fileQuestion: "dossier"}
	for route, role := range ownRoutes {
		f.own[route] = api.Register(role)
	}
	adm := f.admin.Token
	past, future := time.Now().Add(-24*time.Hour).UTC().Format(time.RFC3339), time.Now().Add(90*24*time.Hour).UTC().Format(time.RFC3339)
	api.Do("PUT", "/settings", adm, map[string]any{
		"scoring_grid":        []any{map[string]any{"key": f.criterion, "name": "Jeu", "weight": 1}},
		"feedback":            map[string]any{"decision": true, "marks": true, "comments": true, "viewing": true},
		"submissions_open_at": past, "submissions_close_at": future, "voting_open_at": past, "voting_close_at": future,
	}).Expect(http.StatusOK)
	f.putForm(t, api)
	f.category = firstID(t, api.Do("POST", "/categories", adm, map[string]any{"name": "Courts"}).Expect(http.StatusCreated).JSON(), "id_categorie")
	f.film = api.Upload(t, f.producer.Token, "Le Film du balayage")
	api.Do("PUT", fmt.Sprintf("/movies/%d/categories", f.film), adm, map[string]any{"categories": []any{f.category}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", f.film), adm, map[string]any{"juries": []any{f.jury.ID}}).Expect(http.StatusOK)
	ev := api.Do("POST", "/events", adm, map[string]any{"name": "Ouverture", "description": "La soirée", "start_date": future,
		"end_date": time.Now().Add(91 * 24 * time.Hour).UTC().Format(time.RFC3339), "location": "Marseille", "event_type": "MEETUP"}).Expect(http.StatusCreated).JSON()
	f.event = firstID(t, ev, "id_event")
	aw := api.Do("POST", "/awards", adm, map[string]any{"id_movie": f.film, "name": "Grand prix"}).Expect(http.StatusCreated).JSON()
	f.award = firstID(t, aw, "id_award")
	vote := api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.film), f.jury.Token, map[string]any{"score": 7}).Expect(http.StatusCreated).JSON()
	f.vote = firstID(t, vote, "id_vote")
	note := api.Do("POST", fmt.Sprintf("/movies/%d/notes", f.film), adm, map[string]any{"text": "À revoir"}).Expect(http.StatusCreated).JSON()
	f.note = fmt.Sprint(find(note, "id_note"))
	lc := api.Do("POST", "/settings/late-codes", adm, map[string]any{"expires_at": future, "uses": 1000}).Expect(http.StatusCreated).JSON()
	f.lateCode = firstString(t, lc, "code")
	api.Do("GET", "/users/me/export", adm, nil).Expect(http.StatusAccepted)
	f.export = strings.Repeat("0", 32)
	if err := api.Server.DeliverNow(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, m := range api.Mailbox(t) {
		if x := exportLink.FindStringSubmatch(m.Text); x != nil {
			f.export = x[1]
		}
	}
	f.archived = api.Upload(t, f.producer.Token, "Un film reçu") // its message stays pending: the outbox's runner is not called again
	f.notification = f.pendingMessage(t, api)
	return f
}

// pendingMessage is the id of a message of the outbox still pending (one a
// decision waits to release, or one not yet delivered), "0" when none is.
func (f *festival) pendingMessage(t *testing.T, api *apitest.API) string {
	t.Helper()
	for _, state := range []string{"held", "pending"} {
		for _, m := range api.Do("GET", "/notifications?state="+state, f.admin.Token, nil).Expect(http.StatusOK).List() {
			if id, ok := m["id_message"]; ok {
				return fmt.Sprint(id)
			}
		}
	}
	return "0"
}

// putForm asks the films the seeded questions: one answered by a text, one
// by a file.
func (f *festival) putForm(t *testing.T, api *apitest.API) {
	t.Helper()
	api.Do("PUT", "/settings/form", f.admin.Token, map[string]any{"questions": []any{
		map[string]any{"id": f.question, "label": "Première mondiale ?", "kind": "text", "category": 0, "required": false, "visibility": "public"},
		map[string]any{"id": f.fileQuestion, "label": "Dossier de presse", "kind": "file", "category": 0, "required": false, "visibility": "public"},
	}}).Expect(http.StatusOK)
}

// firstID finds key anywhere in m (answers wrap the record: newEvent, vote, ...).
func firstID(t *testing.T, m map[string]any, key string) int64 {
	t.Helper()
	v := find(m, key)
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("seed: no number %q in %v", key, m)
	}
	return int64(f)
}

func firstString(t *testing.T, m map[string]any, key string) string {
	t.Helper()
	s, ok := find(m, key).(string)
	if !ok {
		t.Fatalf("seed: no text %q in %v", key, m)
	}
	return s
}

func find(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		if r, ok := x[key]; ok {
			return r
		}
		for _, c := range x {
			if r := find(c, key); r != nil {
				return r
			}
		}
	case []any:
		for _, c := range x {
			if r := find(c, key); r != nil {
				return r
			}
		}
	}
	return nil
}

// pathValue is the seeded record a path parameter names: by the
// parameter's name, and for {id} by the collection it follows.
func (f *festival) pathValue(path, name string) (string, bool) {
	switch name {
	case "id_movie":
		return fmt.Sprint(f.film), true
	case "id_note":
		return f.note, true
	case "question":
		return f.fileQuestion, true // the only path with a question is a file answer's
	case "code":
		return f.lateCode, true
	case "kind":
		return "movie.status", true
	case "minute":
		return "0", true
	case "file":
		return "index.m3u8", true
	case "id":
		if strings.HasSuffix(path, "/resubmit") {
			return fmt.Sprint(f.archived), true
		}
		for prefix, v := range map[string]any{"/awards/": f.award, "/categories/": f.category, "/events/": f.event,
			"/movies/": f.film, "/notifications/": f.notification, "/users/me/export/": f.export, "/users/": f.spare.ID,
			"/votes/": f.vote} {
			if strings.HasPrefix(path, prefix) && !(prefix == "/users/" && strings.HasPrefix(path, "/users/me/")) {
				return fmt.Sprint(v), true
			}
		}
	}
	return "", false
}
