package sweep_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// cannot are the routes whose valid request the sweep cannot make, and why.
// Every other route's valid request must succeed (the test fails otherwise):
// a route whose valid request is refused has its edges refused at the same
// door, before the code under test, and a route added later is seen, not
// swept past.
var cannot = map[string]string{
	"POST /auth/setup":               "setup is closed once an admin exists, and the sweep's festival has its admins",
	"GET /movies/{id}/stream":        "a film plays once its media job has encoded it (ffmpeg and the packager: infra/e2e/screening does it), and the sweep's API runs no media job (409)",
	"GET /movies/{id}/stream/{file}": "its ticket comes from GET /movies/{id}/stream, which no film answers without a media job",
	"GET /movies/{id}/keys/{minute}": "as GET /movies/{id}/stream/{file}: no playback ticket without a media job",
	"PUT /events":                    "the specification's route without an id: it answers 400 missing_id to every request (docs/openapi.yaml says so)",
	"PUT /events/":                   "as PUT /events: no id, always 400 missing_id",
}

// preparer makes what a route's valid request needs just before it is sent
// (in the test's goroutine, after the route's edges): a record of its own
// for a DELETE, a fresh plan for an apply, a film in the state a change of
// state needs.
type preparer struct {
	t   *testing.T
	api *apitest.API
	f   *festival
	// bases are the routes' valid requests, by route (an apply's preview).
	bases map[string]sweepCase
}

var names atomic.Int64

var (
	resetLink   = regexp.MustCompile(`#/mot-de-passe\?jeton=([A-Za-z0-9_-]+)`)
	confirmLink = regexp.MustCompile(`#/confirmer\?jeton=([A-Za-z0-9_-]+)`)
)

// fresh is a name no record has yet.
func fresh(prefix string) string { return fmt.Sprintf("%s %d", prefix, names.Add(1)) }

// prepare are the routes whose valid request needs a record or a state made
// just before it.
var prepare = map[string]func(p *preparer, c *sweepCase){
	"GET /movies/{id}/answers/{question}": func(p *preparer, c *sweepCase) { p.answerFile(p.f.film) },
	"DELETE /movies/{id}/answers/{question}": func(p *preparer, c *sweepCase) {
		film := p.film() // the seeded film may be gone (an edge of DELETE /movies/{id})
		p.answerFile(film)
		p.setPath(c, map[string]string{"id": fmt.Sprint(film)})
	},
	"POST /movies/{id}/resubmit": func(p *preparer, c *sweepCase) {
		// A category of the new edition: the film's own may have gone (an
		// edge of DELETE /categories/{id}), and the seeded id is the archived edition's.
		cats := p.api.Do("GET", "/categories", p.f.admin.Token, nil).Expect(http.StatusOK).List()
		if len(cats) == 0 {
			cats = []map[string]any{p.api.Do("POST", "/categories", p.f.admin.Token, map[string]any{"name": fresh("Catégorie")}).Expect(http.StatusCreated).JSON()}
		}
		p.setBody(c, "categories", []any{find(cats[0], "id_categorie")})
	},
	"POST /categories": func(p *preparer, c *sweepCase) { p.setBody(c, "name", fresh("Catégorie")) },
	"POST /editions": func(p *preparer, c *sweepCase) {
		p.setBody(c, "id", fmt.Sprintf("ed-%d", names.Add(1)))
	},
	"DELETE /awards/{id}": func(p *preparer, c *sweepCase) {
		aw := p.api.Do("POST", "/awards", p.f.admin.Token, map[string]any{"id_movie": p.film(), "name": fresh("Prix")}).Expect(http.StatusCreated).JSON()
		p.setPath(c, map[string]string{"id": fmt.Sprint(firstID(p.t, aw, "id_award"))})
	},
	"DELETE /categories/{id}": func(p *preparer, c *sweepCase) {
		cat := p.api.Do("POST", "/categories", p.f.admin.Token, map[string]any{"name": fresh("Catégorie")}).Expect(http.StatusCreated).JSON()
		p.setPath(c, map[string]string{"id": fmt.Sprint(firstID(p.t, cat, "id_categorie"))})
	},
	"DELETE /events/{id}": func(p *preparer, c *sweepCase) {
		ev := p.api.Do("POST", "/events", p.f.admin.Token, map[string]any{"name": fresh("Soirée"), "description": "La soirée",
			"start_date": "2031-05-01T10:00:00Z", "end_date": "2031-05-02T10:00:00Z", "location": "Marseille", "event_type": "MEETUP"}).
			Expect(http.StatusCreated).JSON()
		p.setPath(c, map[string]string{"id": fmt.Sprint(firstID(p.t, ev, "id_event"))})
	},
	"DELETE /movies/{id}": func(p *preparer, c *sweepCase) { p.setPath(c, map[string]string{"id": fmt.Sprint(p.film())}) },
	"DELETE /movies/{id}/notes/{id_note}": func(p *preparer, c *sweepCase) {
		film := p.film()
		note := p.api.Do("POST", fmt.Sprintf("/movies/%d/notes", film), p.f.admin.Token, map[string]any{"text": "À revoir"}).Expect(http.StatusCreated).JSON()
		p.setPath(c, map[string]string{"id": fmt.Sprint(film), "id_note": fmt.Sprint(find(note, "id_note"))})
	},
	"DELETE /notifications/{id}": func(p *preparer, c *sweepCase) {
		p.film() // a film received: a message to its producer, pending
		p.setPath(c, map[string]string{"id": p.f.pendingMessage(p.t, p.api)})
	},
	"PUT /notifications/{id}": func(p *preparer, c *sweepCase) {
		p.film()
		p.setPath(c, map[string]string{"id": p.f.pendingMessage(p.t, p.api)})
	},
	"DELETE /votes/{id}": func(p *preparer, c *sweepCase) {
		film, vote := p.voted()
		p.setPath(c, map[string]string{"id": fmt.Sprint(vote), "id_movie": fmt.Sprint(film)})
	},
	"DELETE /votes/movie/{id_movie}": func(p *preparer, c *sweepCase) {
		film, _ := p.voted()
		p.setPath(c, map[string]string{"id_movie": fmt.Sprint(film)})
	},
	"DELETE /users/me": func(p *preparer, c *sweepCase) {
		a := p.register(c.route.roles[0]) // the edges may have deleted the route's own account
		c.token = a.Token
	},
	"POST /movies/{id}/withdraw": func(p *preparer, c *sweepCase) {
		p.api.Do("POST", fmt.Sprintf("/movies/%d/reinstate", p.f.film), p.f.admin.Token, nil) // withdrawn by an edge, or not: either way not withdrawn now
	},
	"POST /movies/{id}/reinstate": func(p *preparer, c *sweepCase) {
		p.api.Do("POST", fmt.Sprintf("/movies/%d/withdraw", p.f.film), p.f.admin.Token, map[string]any{"reason": "Le balayage"})
	},
	"POST /movies/decisions/apply":  func(p *preparer, c *sweepCase) { p.plan(c, "POST /movies/decisions/preview", "id_plan") },
	"POST /movies/assignment/apply": func(p *preparer, c *sweepCase) { p.plan(c, "POST /movies/assignment/preview", "plan_id") },
	"POST /movies/{id}/uploads/complete": func(p *preparer, c *sweepCase) {
		start := fmt.Sprintf("/movies/%d/uploads", p.f.film)
		srt := filestest.SRT()
		started := p.api.Do("POST", start, c.token, map[string]any{"part": "subtitlesSrt", "size": len(srt)}).Expect(http.StatusCreated).JSON()
		done := apitest.PutParts(p.t, started, srt)
		c.body = mustJSON(map[string]any{"part": "subtitlesSrt", "name": started["name"], "upload_id": started["upload_id"], "parts": done})
	},
	"POST /auth/confirm": func(p *preparer, c *sweepCase) {
		a := p.unconfirmed()
		p.setBody(c, "token", p.mailed(confirmLink, a.Email))
	},
	"POST /auth/confirm/resend": func(p *preparer, c *sweepCase) { c.token = p.unconfirmed().Token },
	"POST /auth/password-reset/confirm": func(p *preparer, c *sweepCase) {
		a := p.register("PRODUCER")
		p.api.Do("POST", "/auth/password-reset", "", map[string]any{"email": a.Email}).Expect(http.StatusOK)
		p.setBody(c, "token", p.mailed(resetLink, a.Email))
	},
}

// open puts back what the edges of PUT /settings may have changed and a
// preparation needs: the submissions and the votes open, the throttles
// raised.
func (p *preparer) open() {
	past, future := time.Now().Add(-24*time.Hour).UTC().Format(time.RFC3339), time.Now().Add(90*24*time.Hour).UTC().Format(time.RFC3339)
	p.api.Do("PUT", "/settings", p.f.admin.Token, map[string]any{"registrations_per_address": 1_000_000,
		"login_failures_per_address": 1_000_000, "login_failures_per_account": 1_000_000, "self_registration_roles": []any{"ADMIN", "JURY", "PRODUCER"}, "email_confirmation": false,
		"submissions_open_at": past, "submissions_close_at": future, "voting_open_at": past, "voting_close_at": future}).Expect(http.StatusOK)
}

func (p *preparer) register(role string) apitest.Account { return p.api.Register(role) }

// answerFile gives the film's file question an answer (the form
// asked again: the edges of PUT /settings/form may have replaced it).
func (p *preparer) answerFile(film int64) {
	p.f.putForm(p.t, p.api)
	form := apitest.NewMultipart().File("file", "a.png", filestest.PNG()).Close()
	p.api.Do("PUT", fmt.Sprintf("/movies/%d/answers/%s", film, p.f.fileQuestion), p.f.producer.Token, form).Expect(http.StatusOK)
}

// unconfirmed is a self-registered account whose address awaits its
// confirmation (the festival asks for one from then until the next open).
func (p *preparer) unconfirmed() apitest.Account {
	p.api.Do("PUT", "/settings", p.f.admin.Token, map[string]any{"email_confirmation": true}).Expect(http.StatusOK)
	return p.register("PRODUCER")
}

// mailed delivers the outbox and gives the token of the last link to email.
func (p *preparer) mailed(link *regexp.Regexp, email string) string {
	if err := p.api.Server.DeliverNow(p.t.Context()); err != nil {
		p.t.Fatal(err)
	}
	token := ""
	for _, m := range p.api.Mailbox(p.t) {
		if g := link.FindStringSubmatch(m.Text); m.To == email && g != nil {
			token = g[1]
		}
	}
	return token
}

// film is a new film of the producer, categorised, with the sweep's juror.
func (p *preparer) film() int64 {
	id := p.api.Upload(p.t, p.f.producer.Token, fresh("Film"))
	p.api.Do("PUT", fmt.Sprintf("/movies/%d/juries", id), p.f.admin.Token, map[string]any{"juries": []any{p.f.jury.ID}}).Expect(http.StatusOK)
	return id
}

// voted is a new film and the juror's vote on it.
func (p *preparer) voted() (film, vote int64) {
	film = p.film()
	v := p.api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), p.f.jury.Token, map[string]any{"score": 7}).Expect(http.StatusCreated).JSON()
	return film, firstID(p.t, v, "id_vote")
}

// plan sends the preview route's valid request and gives its plan (under
// key, in the answer and the apply's body) to the apply.
func (p *preparer) plan(c *sweepCase, preview, key string) {
	b, ok := p.bases[preview]
	if !ok {
		return
	}
	r := p.api.Do(b.method, b.path, b.token, apitest.Raw{Body: b.body, ContentType: b.contentType})
	if r.Status != http.StatusOK && r.Status != http.StatusCreated {
		p.t.Errorf("%s for %s: %d %s", preview, c.route, r.Status, r.Body)
		return
	}
	p.setBody(c, key, find(r.JSON(), key))
}

// setBody sets a top-level key of the case's JSON body.
func (p *preparer) setBody(c *sweepCase, key string, v any) {
	var body map[string]any
	if err := json.Unmarshal(c.body, &body); err != nil || body == nil {
		body = map[string]any{}
	}
	body[key] = v
	c.body, c.contentType = mustJSON(body), "application/json"
}

// setPath points the case's path parameters at values (the others keep
// their seeded records).
func (p *preparer) setPath(c *sweepCase, values map[string]string) {
	path := c.route.Path
	for {
		i := strings.Index(path, "{")
		if i < 0 {
			break
		}
		j := strings.Index(path[i:], "}") + i
		name := path[i+1 : j]
		v, ok := values[name]
		if !ok {
			v, _ = p.f.pathValue(c.route.Path, name)
		}
		path = path[:i] + url.PathEscape(v) + path[j+1:]
	}
	c.path = path
}
