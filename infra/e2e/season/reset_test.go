package season

import (
	"context"
	"net/http"
	"regexp"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

var resetLink = regexp.MustCompile(`#/mot-de-passe\?jeton=([A-Za-z0-9_-]+)`)

func TestAPasswordIsResetOnceThroughTheMailedLink(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	jury := api.Register("JURY")
	const done = "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient de partir. Le lien vaut une heure."
	api.Do("POST", "/auth/password-reset", "", map[string]any{"email": "personne@example.org"}).Expect(http.StatusOK)
	if r := api.Do("POST", "/auth/password-reset", "", map[string]any{"email": jury.Email}).Expect(http.StatusOK).JSON(); r["message"] != done {
		t.Fatalf("answer %v", r)
	}
	api.Do("POST", "/auth/password-reset", "", map[string]any{}).ExpectError(http.StatusBadRequest, "Le champ email (adresse du compte) est requis")
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	mails := api.Mailbox(t)
	if len(mails) != 1 || mails[0].To != jury.Email {
		t.Fatalf("mailbox: %+v, want one message to the account (none to an unknown e-mail)", mails)
	}
	m := resetLink.FindStringSubmatch(mails[0].Text)
	if m == nil {
		t.Fatalf("no reset link in %q", mails[0].Text)
	}
	token := m[1]
	for _, msg := range api.Do("GET", "/notifications?state=sent", api.Register("ADMIN").Token, nil).Expect(http.StatusOK).List() {
		if msg["params"] != nil {
			t.Errorf("the outbox shows a message's params: %v", msg)
		}
	}

	invalid := "Lien de réinitialisation invalide, déjà utilisé ou expiré : demandez-en un nouveau"
	api.Do("POST", "/auth/password-reset/confirm", "", map[string]any{"token": "forged", "password": "nouveaumotdepasse"}).
		ExpectError(http.StatusBadRequest, invalid)
	api.Do("POST", "/auth/password-reset/confirm", "", map[string]any{"token": token, "password": "court"}).Expect(http.StatusBadRequest)
	if r := api.Do("POST", "/auth/password-reset/confirm", "", map[string]any{"token": token, "password": "nouveaumotdepasse"}).
		Expect(http.StatusOK).JSON(); r["message"] != "Mot de passe modifié : connectez-vous avec le nouveau" {
		t.Errorf("answer %v", r)
	}
	api.Login(jury.Email, "nouveaumotdepasse")
	api.Do("POST", "/auth/login", "", map[string]any{"email": jury.Email, "password": "motdepasse1"}).Expect(http.StatusUnauthorized)
	api.Do("POST", "/auth/password-reset/confirm", "", map[string]any{"token": token, "password": "encoreunautre"}).
		ExpectError(http.StatusBadRequest, invalid)
}
