// Package messages tests, end to end, what the festival writes in its own
// words: the message templates (GET/PUT/DELETE /settings/templates) and the
// composer (POST /notifications/compose).
package messages

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

func deliver(t *testing.T, api *apitest.API) {
	t.Helper()
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// mailTo is the last message the address received (the mailbox lists the
// newest first).
func mailTo(t *testing.T, api *apitest.API, to string) festival.Email {
	t.Helper()
	for _, m := range api.Mailbox(t) {
		if m.To == to {
			return m
		}
	}
	t.Fatalf("no message to %s", to)
	return festival.Email{}
}

func TestAFestivalRewritesItsMessagesAndPutsThemBack(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, jury, prod := api.Register("ADMIN"), api.Register("JURY"), api.Register("PRODUCER")

	list := api.Do("GET", "/settings/templates", admin.Token, nil).Expect(http.StatusOK).List()
	if len(list) != 11 {
		t.Fatalf("%d templates, want one per kind of message (11)", len(list))
	}
	for _, v := range list {
		if v["customised"] != false || v["subject"] != v["default_subject"] || v["body"] != v["default_body"] || len(v["fields"].([]any)) < 4 {
			t.Errorf("a default template: %v", v)
		}
	}
	api.Do("GET", "/settings/templates", jury.Token, nil).Expect(http.StatusForbidden)
	api.Do("PUT", "/settings/templates/movie.received", prod.Token, map[string]any{"subject": "s", "body": "b"}).Expect(http.StatusForbidden)

	// Refused on save, each with its reason.
	put := func(kind string, body any) *apitest.Response {
		return api.Do("PUT", "/settings/templates/"+kind, admin.Token, body)
	}
	put("movie.received", map[string]any{"subject": "Reçu", "body": "{{.Score}}"}).
		ExpectError(http.StatusBadRequest, "Le corps du message : champ inconnu {{.Score}} (champs permis : Festival, FirstName, LastName, Link, Title)")
	put("movie.received", map[string]any{"subject": "{{.Title", "body": "b"}).ExpectErrorAbout(http.StatusBadRequest, "Le sujet ne se lit pas : ligne 1")
	put("movie.received", map[string]any{"subject": strings.Repeat("a", 201), "body": "b"}).
		ExpectError(http.StatusBadRequest, "Le sujet doit faire de 1 à 200 caractères")
	put("movie.received", map[string]any{"subject": "s", "body": strings.Repeat("b", 10001)}).
		ExpectError(http.StatusBadRequest, "Le corps du message doit faire de 1 à 10000 caractères")
	put("movie.received", map[string]any{"subject": "s"}).ExpectErrorAbout(http.StatusBadRequest, `Le corps doit être {"subject": texte, "body": texte}`)
	put("movie.received", map[string]any{"subject": "s", "body": "b", "to": "x"}).ExpectErrorAbout(http.StatusBadRequest, `Le corps doit être {"subject"`)
	put("password.reset", map[string]any{"subject": "Mot de passe", "body": "Ouvrez {{.Link}}"}).
		ExpectErrorAbout(http.StatusBadRequest, "Le message de réinitialisation doit contenir le lien {{.ResetLink}}")
	put("festival.message", map[string]any{"subject": "s", "body": "b"}).ExpectError(http.StatusNotFound, `Modèle de message inconnu : "festival.message"`)
	put("movie.lost", map[string]any{"subject": "s"}).ExpectError(http.StatusNotFound, `Modèle de message inconnu : "movie.lost"`)
	api.Do("DELETE", "/settings/templates/movie.lost", admin.Token, nil).Expect(http.StatusNotFound)

	// Saved: the next message of the kind reads it.
	saved := put("movie.received", map[string]any{
		"subject": "{{.Festival}} a bien reçu « {{.Title}} »",
		"body":    "{{if .FirstName}}Chère, cher {{.FirstName}} {{.LastName}}{{else}}Bonjour{{end}},\nMerci pour {{.Title}}.",
	}).Expect(http.StatusOK).JSON()
	tpl := saved["template"].(map[string]any)
	if saved["message"] != "Modèle de message enregistré" || tpl["customised"] != true || tpl["kind"] != "movie.received" || tpl["updatedAt"] == nil {
		t.Fatalf("saved: %v", saved)
	}
	api.Upload(t, prod.Token, "Documenteur")
	deliver(t, api)
	m := mailTo(t, api, prod.Email)
	if m.Subject != "Festival du film a bien reçu « Documenteur »" || m.Text != "Chère, cher PrénomPRODUCER Nom,\nMerci pour Documenteur." {
		t.Fatalf("the rewritten message: %+v", m)
	}
	if audit := api.Do("GET", "/audit?action=template.update", admin.Token, nil).Expect(http.StatusOK).List(); len(audit) != 1 || audit[0]["target"] != "template:movie.received" {
		t.Errorf("audit of the save: %v", audit)
	}

	// Put back: the default again.
	reset := api.Do("DELETE", "/settings/templates/movie.received", admin.Token, nil).Expect(http.StatusOK).JSON()
	if tpl := reset["template"].(map[string]any); tpl["customised"] != false || tpl["subject"] != tpl["default_subject"] {
		t.Fatalf("reset: %v", reset)
	}
	api.Upload(t, prod.Token, "Mur murs")
	deliver(t, api)
	if m := mailTo(t, api, prod.Email); m.Subject != "[Festival du film] Film reçu : Mur murs" || !strings.HasPrefix(m.Text, "Bonjour PrénomPRODUCER,\n\nNous avons bien reçu") {
		t.Fatalf("the default again: %+v", m)
	}
	if audit := api.Do("GET", "/audit?action=template.reset", admin.Token, nil).Expect(http.StatusOK).List(); len(audit) != 1 {
		t.Errorf("audit of the reset: %v", audit)
	}
}

func TestAnAdminWritesToAGroupAfterAPreview(t *testing.T) {
	t.Parallel()
	// The mail goes out when the test says (deliver) only: the schedule's
	// own run (every 5 s by default) also reminds the late juror, and under
	// load it ran between two counts of the mailbox (one message too many).
	api := apitest.Start(t, func(o *localserver.Options) { o.JobsEvery = time.Hour })
	admin := api.Register("ADMIN")
	selectedProd, refusedProd, otherProd := api.Register("PRODUCER"), api.Register("PRODUCER"), api.Register("PRODUCER")
	diligent, late := api.Register("JURY"), api.Register("JURY")
	cat := int64(api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Documentaire"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
	inCat := func(id int64) {
		api.Do("PUT", fmt.Sprintf("/movies/%d/categories", id), admin.Token, map[string]any{"categories": []int64{cat}}).Expect(http.StatusOK)
	}
	a := api.StoreMovie(t, selectedProd, festival.Movie{Title: "Salut les Cubains", SelectionStatus: festival.StatusSelected})
	b := api.StoreMovie(t, selectedProd, festival.Movie{Title: "Ydessa, les ours et etc.", SelectionStatus: festival.StatusSelected})
	c := api.StoreMovie(t, refusedProd, festival.Movie{Title: "Oncle Yanco", SelectionStatus: festival.StatusRefused})
	api.StoreMovie(t, otherProd, festival.Movie{Title: "Black Panthers", SelectionStatus: festival.StatusSelected})
	inCat(a)
	inCat(b)
	inCat(c)
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", a), admin.Token, map[string]any{"juries": []int64{diligent.ID, late.ID}}).Expect(http.StatusOK)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", a), diligent.Token, map[string]any{"score": 8}).Expect(http.StatusCreated)
	deliver(t, api) // the assignments' messages
	before := len(api.Mailbox(t))

	compose := func(to map[string]any, preview bool) *apitest.Response {
		return api.Do("POST", "/notifications/compose", admin.Token, map[string]any{
			"to": to, "subject": "{{.Festival}} : vos films sélectionnés", "preview": preview,
			"body": "Bonjour {{.FirstName}},\n\nVos films :\n{{.Titles}}\n\nLa console : {{.Link}}",
		})
	}
	selected := map[string]any{"role": "PRODUCER", "statuses": []string{"selected"}, "id_categorie": cat}
	p := compose(selected, true).Expect(http.StatusOK).JSON()
	samples := p["samples"].([]any)
	if p["recipients"] != 1.0 || len(samples) != 1 {
		t.Fatalf("preview of the selected producers of the category: %v", p)
	}
	s := samples[0].(map[string]any)
	if s["id_user"] != float64(selectedProd.ID) || s["first_name"] != "PrénomPRODUCER" || s["subject"] != "Festival du film : vos films sélectionnés" ||
		!strings.Contains(s["text"].(string), "Bonjour PrénomPRODUCER,\n\nVos films :\n- Salut les Cubains\n- Ydessa, les ours et etc.\n\nLa console : http://") {
		t.Fatalf("sample: %v", s)
	}
	if n := compose(map[string]any{"role": "PRODUCER", "statuses": []string{"selected"}}, true).Expect(http.StatusOK).JSON()["recipients"]; n != 2.0 {
		t.Errorf("selected producers of every category: %v, want 2", n)
	}
	if n := compose(map[string]any{"role": "JURY", "behind": true}, true).Expect(http.StatusOK).JSON()["recipients"]; n != 1.0 {
		t.Errorf("jurors behind: %v, want 1 (the late one)", n)
	}
	if n := compose(map[string]any{"role": "jury", "id_categorie": cat}, true).Expect(http.StatusOK).JSON()["recipients"]; n != 2.0 {
		t.Errorf("jurors of the category: %v, want 2", n)
	}
	if pending := api.Do("GET", "/notifications?state=pending", admin.Token, nil).Expect(http.StatusOK).List(); len(pending) != 0 {
		t.Fatalf("a preview wrote messages: %v", pending)
	}

	// Refusals.
	compose(map[string]any{"role": "PRODUCER", "statuses": []string{"awarded"}}, false).
		ExpectError(http.StatusBadRequest, "Aucun destinataire ne correspond à ce groupe : rien n'est écrit")
	compose(map[string]any{"role": "ADMIN"}, true).ExpectErrorAbout(http.StatusBadRequest, "Le champ to.role doit valoir PRODUCER")
	compose(map[string]any{"role": "JURY", "statuses": []string{"selected"}}, true).ExpectErrorAbout(http.StatusBadRequest, "to.statuses ne vaut que pour les producteurs")
	compose(map[string]any{"role": "PRODUCER", "behind": true}, true).ExpectErrorAbout(http.StatusBadRequest, "to.behind ne vaut que pour les jurés")
	compose(map[string]any{"role": "PRODUCER", "statuses": []string{"CANDIDATE"}}, true).ExpectError(http.StatusBadRequest, `Statut inconnu dans to.statuses : "CANDIDATE"`)
	compose(map[string]any{"role": "PRODUCER", "colour": "red"}, true).ExpectErrorAbout(http.StatusBadRequest, `Le corps doit être {"to"`)
	api.Do("POST", "/notifications/compose", admin.Token, map[string]any{"to": selected, "subject": "{{.Status}}", "body": "b"}).
		ExpectErrorAbout(http.StatusBadRequest, "Le sujet : champ inconnu {{.Status}}")
	api.Do("POST", "/notifications/compose", diligent.Token, map[string]any{"to": selected, "subject": "s", "body": "b"}).Expect(http.StatusForbidden)

	// Written: one message each, through the outbox, rendered when delivered.
	w := compose(map[string]any{"role": "PRODUCER", "statuses": []string{"selected"}}, false).Expect(http.StatusOK).JSON()
	if w["recipients"] != 2.0 || w["message"] != "Message écrit pour 2 destinataire(s) : il part avec la file d'envoi" {
		t.Fatalf("written: %v", w)
	}
	pending := api.Do("GET", "/notifications?state=pending", admin.Token, nil).Expect(http.StatusOK).List()
	if len(pending) != 2 || pending[0]["kind"] != "festival.message" {
		t.Fatalf("pending: %v", pending)
	}
	deliver(t, api)
	mails := api.Mailbox(t)
	if len(mails) != before+2 {
		t.Fatalf("%d messages mailed, want 2 more than %d", len(mails), before)
	}
	if m := mailTo(t, api, otherProd.Email); m.Subject != "Festival du film : vos films sélectionnés" || !strings.Contains(m.Text, "Vos films :\n- Black Panthers\n\nLa console : http://") {
		t.Errorf("the other producer's message: %+v", m)
	}
	for _, m := range mails[:len(mails)-before] { // the newest first
		if m.To == refusedProd.Email {
			t.Errorf("a producer outside the group was written to: %+v", m)
		}
	}
	if audit := api.Do("GET", "/audit?action=notifications.compose", admin.Token, nil).Expect(http.StatusOK).List(); len(audit) != 1 {
		t.Errorf("audit: %v", audit)
	} else if d := audit[0]["details"].(map[string]any); d["role"] != "PRODUCER" || d["statuses"] != "selected" || d["messages"] != "2" {
		t.Errorf("audit details: %v", d)
	}
}

// TestAMessageAboutADecisionWaitsForTheRelease: before the decisions'
// release date, a message to the producers of selected films would tell
// them the decision: it waits in the outbox until the release.
func TestAMessageAboutADecisionWaitsForTheRelease(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	release := festival.NewTime(time.Now().Add(72 * time.Hour).Truncate(time.Second))
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": release.String()}).Expect(http.StatusOK)
	api.StoreMovie(t, prod, festival.Movie{Title: "Cléo de 5 à 7", SelectionStatus: festival.StatusSelected})
	write := func(to map[string]any) string {
		r := api.Do("POST", "/notifications/compose", admin.Token, map[string]any{"to": to, "subject": "Programme", "body": "{{.Titles}}"}).Expect(http.StatusOK)
		return r.JSON()["message"].(string)
	}
	want := "Message écrit pour 1 destinataire(s) : il part avec la file d'envoi ; 1 message(s) annonçant une décision attendent sa publication (au plus tard le " +
		festival.FrenchDate(release) + ")"
	if msg := write(map[string]any{"role": "PRODUCER", "statuses": []string{"selected"}}); msg != want {
		t.Errorf("answer %q, want %q", msg, want)
	}
	if msg := write(map[string]any{"role": "PRODUCER"}); msg != "Message écrit pour 1 destinataire(s) : il part avec la file d'envoi" {
		t.Errorf("answer %q", msg)
	}
	due := map[string]int{}
	for _, m := range api.Do("GET", "/notifications?state=pending", admin.Token, nil).Expect(http.StatusOK).List() {
		if m["kind"] == "festival.message" {
			at, _ := time.Parse(time.RFC3339, m["next_attempt_at"].(string))
			due[fmt.Sprint(at.Equal(release.Time))]++
		}
	}
	if due["true"] != 1 || due["false"] != 1 {
		t.Fatalf("composed messages due at the release: %v, want the one naming the selection", due)
	}
}
