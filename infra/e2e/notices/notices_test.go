// Package notices proves, over HTTP on the local stack, the notices in the
// app that the outbox's delivery writes: a held decision only after its
// release, one notice per message and recipient whatever the runs, none
// for a password reset, read state, paging, retention and erasure.
package notices

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// deliver runs the outbox once.
func deliver(t *testing.T, api *apitest.API) {
	t.Helper()
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// notices lists a person's notices (the query may say ?unread=true...).
func notices(api *apitest.API, token, query string) []map[string]any {
	return api.Do("GET", "/users/me/notices"+query, token, nil).Expect(http.StatusOK).List()
}

// unread is a person's unread count.
func unread(api *apitest.API, token string) float64 {
	return api.Do("GET", "/users/me/notices/unread", token, nil).Expect(http.StatusOK).JSON()["unread"].(float64)
}

// kinds are the notices' kinds, newest first.
func kinds(ns []map[string]any) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n["kind"].(string)
	}
	return out
}

func TestAHeldDecisionBecomesANoticeOnlyOnceReleasedAndDelivered(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": clock.Now().Add(7 * 24 * time.Hour).Format(time.RFC3339)}).Expect(http.StatusOK)
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Cléo de 5 à 7"})
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", film), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)

	if got := unread(api, prod.Token); got != 0 {
		t.Fatalf("before any delivery the producer has %v unread notices", got)
	}
	deliver(t, api)
	deliver(t, api) // a second run finds nothing new to tell
	ns := notices(api, prod.Token, "")
	if fmt.Sprint(kinds(ns)) != "[movie.received]" || unread(api, prod.Token) != 1 {
		t.Fatalf("before the release the producer's notices are %v, want the film received only", kinds(ns))
	}
	received := ns[0]
	if !strings.HasSuffix(received["subject"].(string), "Film reçu : Cléo de 5 à 7") || received["link"] != fmt.Sprintf("#/films/%d", film) || received["read"] != false {
		t.Errorf("the film received: %v", received)
	}
	assigned := notices(api, jury.Token, "")
	if len(assigned) != 1 || assigned[0]["kind"] != "jury.assigned" || assigned[0]["link"] != fmt.Sprintf("#/films/%d", film) ||
		!strings.Contains(assigned[0]["subject"].(string), "Cléo de 5 à 7") {
		t.Errorf("the juror's notices: %v", assigned)
	}

	api.Do("POST", "/notifications/release", admin.Token, nil).Expect(http.StatusOK)
	if ns := notices(api, prod.Token, ""); len(ns) != 1 {
		t.Fatalf("released but not delivered yet, the producer reads %v", kinds(ns))
	}
	deliver(t, api)
	ns = notices(api, prod.Token, "")
	if fmt.Sprint(kinds(ns)) != "[movie.status movie.received]" || unread(api, prod.Token) != 2 {
		t.Fatalf("after the release the producer's notices are %v, unread %v", kinds(ns), unread(api, prod.Token))
	}
	decision := ns[0]
	var mail festival.Email
	for _, m := range api.DecisionMails(t) {
		if m.To == prod.Email {
			mail = m
		}
	}
	if decision["subject"] != mail.Subject || decision["text"] != mail.Text || !strings.Contains(mail.Subject, "sélectionné") {
		t.Errorf("the decision's notice %v is not its mail %+v", decision, mail)
	}

	// Read state: one, then all.
	r := api.Do("POST", "/users/me/notices/read", prod.Token, map[string]any{"ids": []string{decision["id"].(string)}}).Expect(http.StatusOK).JSON()
	if r["unread"] != 1.0 || r["message"] != "Avis marqués comme lus" {
		t.Errorf("marking the decision read: %v", r)
	}
	api.Do("POST", "/users/me/notices/read", prod.Token, map[string]any{"ids": []string{decision["id"].(string)}}).Expect(http.StatusOK) // again: nothing changes
	if got := unread(api, prod.Token); got != 1 {
		t.Errorf("a notice marked read twice counts twice: unread %v", got)
	}
	if ns := notices(api, prod.Token, "?unread=true"); fmt.Sprint(kinds(ns)) != "[movie.received]" {
		t.Errorf("unread notices: %v", kinds(ns))
	}
	// Another's notice id names none of the caller's: nothing changes for either.
	api.Do("POST", "/users/me/notices/read", prod.Token, map[string]any{"ids": []string{assigned[0]["id"].(string)}}).Expect(http.StatusOK)
	if unread(api, jury.Token) != 1 {
		t.Error("a producer marked a juror's notice read")
	}
	if r := api.Do("POST", "/users/me/notices/read", prod.Token, map[string]any{"all": true}).Expect(http.StatusOK).JSON(); r["unread"] != 0.0 {
		t.Errorf("all read: %v", r)
	}
	if ns := notices(api, prod.Token, "?unread=true"); len(ns) != 0 {
		t.Errorf("unread notices after all read: %v", kinds(ns))
	}
	if ns := notices(api, prod.Token, ""); len(ns) != 2 || ns[0]["read"] != true || ns[1]["read"] != true {
		t.Errorf("the notices after all read: %v", ns)
	}
}

func TestAPasswordResetIsMailedButNeverANotice(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	jury := api.Register("JURY")
	api.Do("POST", "/auth/password-reset", "", map[string]any{"email": jury.Email}).Expect(http.StatusOK)
	deliver(t, api)
	mails := api.Mailbox(t)
	if len(mails) != 1 || mails[0].To != jury.Email {
		t.Fatalf("mailbox: %+v, want the reset's link", mails)
	}
	if ns := notices(api, jury.Token, ""); len(ns) != 0 || unread(api, jury.Token) != 0 {
		t.Errorf("the reset became a notice: %v", ns)
	}
}

func TestNoticesPageNewestFirstAndRefuseBadInput(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Le Bonheur"})
	for _, st := range []string{"selected", "refused", "selected", "refused", "selected", "refused"} {
		api.Do("PUT", fmt.Sprintf("/movies/%d/status", film), admin.Token, map[string]any{"status": st}).Expect(http.StatusOK)
		deliver(t, api) // one delivery each, so that they are delivered in order
	}
	all := notices(api, prod.Token, "")
	if len(all) != 7 || all[6]["kind"] != "movie.received" {
		t.Fatalf("notices: %v, want 6 decisions and the film received", kinds(all))
	}
	var paged []map[string]any
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 3 {
			t.Fatal("more pages than 7 notices by 3 make")
		}
		r := api.Do("GET", "/users/me/notices?limit=3&cursor="+cursor, prod.Token, nil).Expect(http.StatusOK)
		paged = append(paged, r.List()...)
		if cursor = r.Header.Get("X-Next-Cursor"); cursor == "" {
			break
		}
	}
	if len(paged) != 7 {
		t.Fatalf("paged %d notices, want 7", len(paged))
	}
	for i := range paged {
		if paged[i]["id"] != all[i]["id"] {
			t.Errorf("page order differs at %d: %v / %v", i, paged[i]["id"], all[i]["id"])
		}
		if i > 0 && paged[i]["createdAt"].(string) > paged[i-1]["createdAt"].(string) {
			t.Errorf("notice %d is newer than the one before it", i)
		}
	}
	// Unread ones, paged too, after reading three.
	api.Do("POST", "/users/me/notices/read", prod.Token, map[string]any{"ids": []string{all[1]["id"].(string), all[3]["id"].(string), all[5]["id"].(string)}}).Expect(http.StatusOK)
	r := api.Do("GET", "/users/me/notices?unread=true&limit=2", prod.Token, nil).Expect(http.StatusOK)
	first := r.List()
	second := api.Do("GET", "/users/me/notices?unread=true&limit=2&cursor="+r.Header.Get("X-Next-Cursor"), prod.Token, nil).Expect(http.StatusOK).List()
	if len(first) != 2 || first[0]["id"] != all[0]["id"] || first[1]["id"] != all[2]["id"] || len(second) != 2 || second[0]["id"] != all[4]["id"] {
		t.Errorf("unread pages: %v then %v", first, second)
	}

	other := api.Register("JURY")
	api.Do("GET", "/users/me/notices", "", nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
	api.Do("GET", "/users/me/notices?unread=oui", prod.Token, nil).ExpectError(http.StatusBadRequest, "Le paramètre unread doit valoir true ou false")
	api.Do("GET", "/users/me/notices?limit=0", prod.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre limit invalide (entier de 1 à 1000)")
	api.Do("GET", "/users/me/notices?limit=3&cursor="+cursor+"x", prod.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre cursor invalide")
	// A cursor of one person's notices is refused to another.
	c := api.Do("GET", "/users/me/notices?limit=3", prod.Token, nil).Header.Get("X-Next-Cursor")
	api.Do("GET", "/users/me/notices?limit=3&cursor="+c, other.Token, nil).ExpectError(http.StatusBadRequest, "Paramètre cursor invalide")
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{}, `Corps de requête vide : envoyez {"ids": [...]} ou {"all": true}`},
		{map[string]any{"all": false}, "Envoyez ids (une liste d'identifiants d'avis) ou all: true"},
		{map[string]any{"all": true, "ids": []string{all[0]["id"].(string)}}, "Envoyez soit ids (les avis à marquer lus), soit all: true (tous les avis), pas les deux"},
		{map[string]any{"ids": []string{"MOVIE#1"}}, `Identifiant d'avis invalide : "MOVIE#1"`},
		{map[string]any{"ids": []string{strings.Repeat("a", 200)}}, `Identifiant d'avis invalide : "` + strings.Repeat("a", 40) + `…"`},
		{map[string]any{"ids": make([]string, 51)}, "Au plus 50 avis à la fois : envoyez all: true pour les marquer tous lus"},
		{map[string]any{"ids": "tous"}, "Le champ ids a un type invalide"},
	} {
		r := api.Do("POST", "/users/me/notices/read", prod.Token, c.body).Expect(http.StatusBadRequest)
		if got := r.JSON()["error"]; got != c.want {
			t.Errorf("%v: %v, want %q", c.body, got, c.want)
		}
	}
}

func TestErasingAnAccountDeletesItsNotices(t *testing.T) {
	t.Parallel()
	api, _ := apitest.StartOnClock(t)
	jury := api.Register("JURY")
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Sans toit ni loi"})
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", film), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
	deliver(t, api)
	if unread(api, jury.Token) != 1 {
		t.Fatal("the juror has no notice to erase")
	}
	api.Do("DELETE", "/users/me", jury.Token, map[string]any{"password": "motdepasse1"}).Expect(http.StatusOK)
	users := api.Server.Deps.Store.Users
	ns, _, err := users.Notices(context.Background(), jury.ID, false, festival.Page{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := users.UnreadNotices(context.Background(), jury.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) != 0 || n != 0 {
		t.Errorf("after the erasure the table keeps %d notices of the juror, unread counter %d", len(ns), n)
	}
}
