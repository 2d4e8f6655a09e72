package release

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestHeldDecisionsAreRewrittenDiscardedAndReleasedByCategoryThenAll(t *testing.T) {
	t.Parallel()
	api, clock := start(t)
	admin, jury := api.Register("ADMIN"), api.Register("JURY")
	agnes, jacques := api.Register("PRODUCER"), api.Register("PRODUCER")
	short, doc := category(api, admin, "Courts métrages"), category(api, admin, "Documentaires")
	cleo := film(t, api, admin, agnes, "Cléo de 5 à 7", short)
	bonheur := film(t, api, admin, jacques, "Le Bonheur", short)
	dague := film(t, api, admin, agnes, "Daguerréotypes", doc)
	release := clock.now().Add(7 * 24 * time.Hour)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": release.Format(time.RFC3339)}).Expect(http.StatusOK)
	for id, st := range map[int64]string{cleo: "selected", bonheur: "refused", dague: "finalist"} {
		api.Do("PUT", fmt.Sprintf("/movies/%d/status", id), admin.Token, map[string]any{"status": st}).Expect(http.StatusOK)
	}
	deliver(t, api)
	if mails := api.DecisionMails(t); len(mails) != 0 {
		t.Fatalf("before the release the mailbox holds %d mails, want none", len(mails))
	}

	held := api.Do("GET", "/notifications?state=held", admin.Token, nil).Expect(http.StatusOK).List()
	if len(held) != 3 {
		t.Fatalf("held: %v, want the three decisions", held)
	}
	byTitle := map[string]map[string]any{}
	for _, m := range held {
		subject, _ := m["subject"].(string)
		for _, title := range []string{"Cléo de 5 à 7", "Le Bonheur", "Daguerréotypes"} {
			if strings.Contains(subject, title) {
				byTitle[title] = m
			}
		}
		if text, _ := m["text"].(string); !strings.HasPrefix(text, "Bonjour ") || m["kind"] != "movie.status" || m["state"] != "pending" {
			t.Errorf("held message %v: want a decision rendered for its producer", m)
		}
	}
	if len(byTitle) != 3 {
		t.Fatalf("held subjects: %v", held)
	}
	if page := api.Do("GET", "/notifications?state=held&limit=2", admin.Token, nil).Expect(http.StatusOK); len(page.List()) != 2 || page.Header.Get("X-Next-Cursor") == "" {
		t.Errorf("a page of 2 held messages: %v, cursor %q", page.List(), page.Header.Get("X-Next-Cursor"))
	}

	// Rewrite Cléo's selection; refuse bad rewrites.
	cleoMsg := "/notifications/" + byTitle["Cléo de 5 à 7"]["id_message"].(string)
	subject, text := "[Festival] Cléo de 5 à 7 est sélectionné", "Chère Agnès,\n\nLe jury a aimé votre film."
	r := api.Do("PUT", cleoMsg, admin.Token, map[string]any{"subject": subject, "text": text}).Expect(http.StatusOK).JSON()
	if r["message"] != "Message modifié : c'est ce texte qui sera envoyé" || r["notification"].(map[string]any)["subject"] != subject {
		t.Errorf("rewrite: %v", r)
	}
	api.Do("PUT", cleoMsg, admin.Token, map[string]any{}).ExpectError(http.StatusBadRequest, "Envoyez subject ou text (texte non vide)")
	api.Do("PUT", cleoMsg, admin.Token, map[string]any{"subject": " "}).ExpectError(http.StatusBadRequest, "Le champ subject doit faire de 1 à 200 caractères")
	api.Do("PUT", cleoMsg, admin.Token, map[string]any{"text": strings.Repeat("a", 10001)}).ExpectError(http.StatusBadRequest, "Le champ text doit faire de 1 à 10000 caractères")
	api.Do("PUT", cleoMsg, admin.Token, map[string]any{"text": 3}).ExpectError(http.StatusBadRequest, "Le champ text doit être une chaîne de caractères")
	api.Do("PUT", "/notifications/nope", admin.Token, map[string]any{"subject": "x"}).ExpectError(http.StatusNotFound, "Message non trouvé")
	api.Do("PUT", cleoMsg, jury.Token, map[string]any{"subject": "x"}).Expect(http.StatusForbidden)

	// Discard the refusal: never sent, listed as discarded.
	bonheurMsg := "/notifications/" + byTitle["Le Bonheur"]["id_message"].(string)
	api.Do("DELETE", bonheurMsg, admin.Token, nil).Expect(http.StatusOK)
	api.Do("DELETE", bonheurMsg, admin.Token, nil).ExpectError(http.StatusConflict, "Ce message n'est plus en attente (discarded) : il ne peut plus être modifié ni retiré")
	api.Do("PUT", bonheurMsg, admin.Token, map[string]any{"subject": "x"}).Expect(http.StatusConflict)
	if d := api.Do("GET", "/notifications?state=discarded", admin.Token, nil).Expect(http.StatusOK).List(); len(d) != 1 || !strings.Contains(d[0]["subject"].(string), "Le Bonheur") {
		t.Errorf("discarded: %v", d)
	}

	// Release the short films: Cléo goes as rewritten; Le Bonheur stays discarded.
	api.Do("POST", "/notifications/release", admin.Token, map[string]any{"id_categorie": "x"}).
		ExpectError(http.StatusBadRequest, "Le champ id_categorie doit être l'identifiant d'une catégorie (entier positif), ou absent pour tout publier")
	api.Do("POST", "/notifications/release", admin.Token, map[string]any{"id_categorie": 9999}).ExpectError(http.StatusNotFound, "Catégorie non trouvée")
	api.Do("POST", "/notifications/release", jury.Token, map[string]any{}).Expect(http.StatusForbidden)
	r = api.Do("POST", "/notifications/release", admin.Token, map[string]any{"id_categorie": short}).Expect(http.StatusOK).JSON()
	if r["released"] != 1.0 || r["message"] != "Décisions de la catégorie publiées : 1 message(s) partent maintenant" {
		t.Errorf("release of the short films: %v", r)
	}
	deliver(t, api)
	mails := api.DecisionMails(t)
	if len(mails) != 1 || mails[0].To != agnes.Email || mails[0].Subject != subject || mails[0].Text != text {
		t.Fatalf("after releasing the short films: %+v, want Cléo's rewritten message to Agnès alone", mails)
	}
	settings := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()
	if _, ok := settings["released_categories"].(map[string]any)[fmt.Sprint(short)]; !ok {
		t.Errorf("released categories: %v", settings["released_categories"])
	}
	var sentDecisions []map[string]any
	for _, m := range api.Do("GET", "/notifications?state=sent", admin.Token, nil).Expect(http.StatusOK).List() {
		if m["kind"] == "movie.status" {
			sentDecisions = append(sentDecisions, m)
		}
	}
	if len(sentDecisions) != 1 || sentDecisions[0]["subject"] != subject || sentDecisions[0]["text"] != text {
		t.Errorf("sent decisions: %v, want the rewritten message as sent", sentDecisions)
	}

	// Release everything: the documentary goes.
	r = api.Do("POST", "/notifications/release", admin.Token, nil).Expect(http.StatusOK).JSON()
	if r["released"] != 1.0 {
		t.Errorf("release of everything: %v", r)
	}
	deliver(t, api)
	if mails := api.DecisionMails(t); len(mails) != 2 || !strings.Contains(mails[0].Subject+mails[1].Subject, "Daguerréotypes : film finaliste") {
		t.Errorf("after releasing everything: %+v", mails)
	}
	if held := api.Do("GET", "/notifications?state=held", admin.Token, nil).Expect(http.StatusOK).List(); len(held) != 0 {
		t.Errorf("still held: %v", held)
	}
	audit := api.Do("GET", "/audit?action=notifications.release", admin.Token, nil).Expect(http.StatusOK).List()
	if len(audit) != 2 {
		t.Errorf("release audit entries: %v", audit)
	}
	for _, action := range []string{"notification.edit", "notification.discard"} {
		if e := api.Do("GET", "/audit?action="+action, admin.Token, nil).Expect(http.StatusOK).List(); len(e) != 1 {
			t.Errorf("%s audit entries: %v", action, e)
		}
	}
}

func TestADecisionWaitsForItsReleaseDateWhereverItMoves(t *testing.T) {
	t.Parallel()
	api, clock := start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	cat := category(api, admin, "Courts métrages")
	id := film(t, api, admin, prod, "Sans toit ni loi", cat)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", id), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK) // no date: due now
	later := clock.now().Add(48 * time.Hour)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": later.Format(time.RFC3339)}).Expect(http.StatusOK)
	deliver(t, api)
	if mails := api.DecisionMails(t); len(mails) != 0 {
		t.Fatalf("mails %+v: the decision must wait for the new date", mails)
	}
	held := api.Do("GET", "/notifications?state=held", admin.Token, nil).Expect(http.StatusOK).List()
	if len(held) != 1 || held[0]["attempts"] != 0.0 {
		t.Fatalf("held: %v, want the decision, not attempted", held)
	}
	// Brought forward, the held decision waits for the new date; without a
	// date it goes at once.
	sooner := clock.now().Add(time.Hour).Truncate(time.Second)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": sooner.Format(time.RFC3339)}).Expect(http.StatusOK)
	held = api.Do("GET", "/notifications?state=held", admin.Token, nil).Expect(http.StatusOK).List()
	if len(held) != 1 || held[0]["next_attempt_at"] != sooner.UTC().Format("2006-01-02T15:04:05.000Z") {
		t.Fatalf("held after bringing the date forward: %v, want it due at %s", held, sooner)
	}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": nil}).Expect(http.StatusOK)
	deliver(t, api)
	if mails := api.DecisionMails(t); len(mails) != 1 || !strings.Contains(mails[0].Subject, "film sélectionné") {
		t.Errorf("without a release date: %+v", mails)
	}
	if audit := api.Do("GET", "/audit?action=notifications.release&target=settings", admin.Token, nil).Expect(http.StatusOK).List(); len(audit) != 2 {
		t.Errorf("release audit entries of the settings: %v", audit)
	}
}
