package season

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

func TestTheProducerAndTheJuryAreMailedAndAdminsSeeTheOutbox(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	prod := api.Register("PRODUCER")
	film := api.Upload(t, prod.Token, "La Pointe Courte")
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", film), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)

	pending := api.Do("GET", "/notifications?state=pending", admin.Token, nil).Expect(http.StatusOK).List()
	if len(pending) != 3 {
		t.Fatalf("pending messages: %v, want the film received, the assignment and the selection", pending)
	}
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range api.Mailbox(t) {
		got[m.To] += m.Subject + "|"
		if strings.Contains(m.Text, "motdepasse") {
			t.Errorf("a message shows a password: %s", m.Text)
		}
	}
	if !strings.Contains(got[prod.Email], "Film reçu : La Pointe Courte") || !strings.Contains(got[prod.Email], "La Pointe Courte : film sélectionné") {
		t.Errorf("the producer's mail: %q", got[prod.Email])
	}
	if !strings.Contains(got[jury.Email], "Un film vous est confié : La Pointe Courte") {
		t.Errorf("the jury member's mail: %q", got[jury.Email])
	}
	if sent := api.Do("GET", "/notifications?state=sent", admin.Token, nil).Expect(http.StatusOK).List(); len(sent) != 3 {
		t.Errorf("sent messages: %v", sent)
	}
	if failed := api.Do("GET", "/notifications", admin.Token, nil).Expect(http.StatusOK).List(); len(failed) != 0 {
		t.Errorf("failed messages (the default queue): %v", failed)
	}
	api.Do("GET", "/notifications?state=lost", admin.Token, nil).
		ExpectError(http.StatusBadRequest, `Paramètre state invalide : "lost" (valeurs possibles : pending, sent, failed)`)
	api.Do("GET", "/notifications", jury.Token, nil).Expect(http.StatusForbidden)

	// Publishing the results tells the producer and the jury member, once each.
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK) // already published: no new message
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	published := map[string]int{}
	for _, m := range api.Mailbox(t) {
		if strings.HasSuffix(m.Subject, "Les résultats sont publiés") {
			published[m.To]++
		}
	}
	if published[prod.Email] != 1 || published[jury.Email] != 1 || len(published) != 2 {
		t.Errorf("results published mailed to %v, want the producer and the jury member once each", published)
	}

	resp, err := http.Get(api.URL + "/_mailbox")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "Boîte aux lettres locale") || !strings.Contains(string(page), "La Pointe Courte") {
		t.Errorf("the mailbox page: %s", page)
	}
}
