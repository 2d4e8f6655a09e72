// Package decisions proves, end to end on the local stack, that a festival
// decides hundreds of films in one plan, holds every decision until its
// release date, shows the public only its curated selection, and gives each
// filmmaker feedback without the comments jurors kept to themselves.
package decisions

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// producers makes n producers, each with one film, straight through the
// store (an HTTP sign-up each would spend minutes hashing passwords), and
// signs each in with a token of the API's own (signIn).
func producers(t *testing.T, api *apitest.API, n int) ([]apitest.Account, []int64) {
	t.Helper()
	ctx := context.Background()
	st := api.Server.Deps.Store
	accounts, films := make([]apitest.Account, n), make([]int64, n)
	for i := range n {
		id, err := st.NewUserID(ctx)
		if err != nil {
			t.Fatal(err)
		}
		u := festival.User{ID: id, FirstName: "Prod", LastName: fmt.Sprint(i), Email: fmt.Sprintf("prod%d.%d@example.org", i, id),
			PasswordHash: "$2a$04$unusedunusedunusedunuseduOb8m4yBq0lL3nL7GdJxF1n4C3k6x2", Role: festival.RoleProducer,
			CreatedAt: festival.NewTime(time.Now())}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		accounts[i] = apitest.Account{ID: id, Email: u.Email}
		signIn(t, api, &accounts[i])
		films[i] = api.StoreMovie(t, accounts[i], festival.Movie{Title: fmt.Sprintf("Film %03d", i)})
	}
	return accounts, films
}

// signIn gives a an API token valid from the API's now (tokens expire: the
// test's clock moves by days).
func signIn(t *testing.T, api *apitest.API, a *apitest.Account) {
	t.Helper()
	u, err := api.Server.Deps.Store.GetUser(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if a.Token, err = api.Server.Deps.Tokens.Issue(u); err != nil {
		t.Fatal(err)
	}
}

// decide previews a plan giving every film of ids the status to, and applies it.
func decide(t *testing.T, api *apitest.API, admin string, ids []int64, to string) {
	t.Helper()
	plan := api.Do("POST", "/movies/decisions/preview", admin, map[string]any{"to": to, "ids": ids}).Expect(http.StatusOK).JSON()
	if n := len(plan["changes"].([]any)); n != len(ids) {
		t.Fatalf("the preview lists %d changes, want %d", n, len(ids))
	}
	api.Do("POST", "/movies/decisions/apply", admin, map[string]any{"id_plan": plan["id_plan"]}).Expect(http.StatusOK)
}

func ids(list []map[string]any) []int64 {
	out := make([]int64, len(list))
	for i, m := range list {
		out[i] = int64(m["id_movie"].(float64))
	}
	slices.Sort(out)
	return out
}

func TestDecisionsHeldUntilReleaseThenToldOnceWithACuratedSelectionAndFeedback(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin := api.Register("ADMIN").Token
	release := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	api.Do("PUT", "/settings", admin, map[string]any{
		"decisions_release_at": release.Format(time.RFC3339), "public_selection": "curated",
		"feedback": map[string]bool{"decision": true, "marks": true, "comments": true, "viewing": true},
	}).Expect(http.StatusOK)

	const chosen, others = 300, 40
	people, films := producers(t, api, chosen+others)

	// Two jurors judge the first film; one shares their comment, one does not.
	judged := films[0]
	shared, private := api.Register("JURY"), api.Register("JURY")
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", judged), admin, map[string]any{"juries": []int64{shared.ID, private.ID}}).Expect(http.StatusOK)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", judged), shared.Token,
		map[string]any{"score": 8, "comment": "Un plan-séquence inoubliable.", "comment_shared": true}).Expect(http.StatusCreated)
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", judged), private.Token,
		map[string]any{"score": 6, "comment": "Note pour le jury seulement."}).Expect(http.StatusCreated)

	// A plan whose film changed after the preview changes nothing.
	stale := api.Do("POST", "/movies/decisions/preview", admin, map[string]any{"to": "selected", "ids": films[:chosen]}).Expect(http.StatusOK).JSON()
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", films[5]), admin, map[string]any{"status": "to_discuss"}).Expect(http.StatusOK)
	api.Do("POST", "/movies/decisions/apply", admin, map[string]any{"id_plan": stale["id_plan"]}).Expect(http.StatusConflict)
	for _, m := range api.Do("GET", "/movies", admin, nil).Expect(http.StatusOK).List() {
		if id := int64(m["id_movie"].(float64)); m["selection_status"] == "selected" {
			t.Fatalf("film %d is selected by a plan refused as stale", id)
		}
	}

	// 300 films selected in one plan, the others refused.
	decide(t, api, admin, films[:chosen], "selected")
	decide(t, api, admin, films[chosen:], "refused")

	// Before the release date: nobody is told, the public sees nothing,
	// each producer reads their film as under review.
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	if told := api.DecisionMails(t); len(told) != 0 {
		t.Fatalf("before the release %d decisions went out: %+v", len(told), told[0])
	}
	if public := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(public) != 0 {
		t.Fatalf("before the release the public reads %d films, e.g. %v", len(public), public[0])
	}
	for i, p := range people {
		mine := api.Do("GET", "/movies/mine", p.Token, nil).Expect(http.StatusOK).List()
		if len(mine) != 1 || mine[0]["status_label"] != "en cours d'examen" || mine[0]["selection_status"] != "submitted" {
			t.Fatalf("before the release producer %d reads %v", i, mine)
		}
	}
	api.Do("GET", fmt.Sprintf("/movies/%d/feedback", judged), people[0].Token, nil).Expect(http.StatusForbidden)

	// After it: each producer is told exactly once, the public reads the
	// selection only, and the feedback keeps unshared comments out.
	clock.Add(49 * time.Hour)
	for range 20 {
		if err := api.Server.DeliverNow(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for i := range people {
		signIn(t, api, &people[i])
	}
	told := map[string]int{}
	for _, m := range api.DecisionMails(t) {
		told[m.To]++
	}
	for i, p := range people {
		if told[p.Email] != 1 {
			t.Errorf("producer %d was told %d times, want once", i, told[p.Email])
		}
	}
	public := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List()
	want := slices.Sorted(slices.Values(films[:chosen]))
	if got := ids(public); !slices.Equal(got, want) {
		t.Errorf("after the release the public reads %d films, want the %d selected", len(got), len(want))
	}
	for _, m := range public {
		if m["selection_status"] != "selected" || m["status_label"] != "sélectionné" {
			t.Fatalf("the public reads %v", m)
		}
	}
	refused := api.Do("GET", "/movies/mine", people[chosen].Token, nil).Expect(http.StatusOK).List()
	if refused[0]["status_label"] != "non retenu" {
		t.Errorf("after the release a refused film's producer reads %v", refused[0]["status_label"])
	}
	fb := api.Do("GET", fmt.Sprintf("/movies/%d/feedback", judged), people[0].Token, nil).Expect(http.StatusOK)
	text := string(fb.Body)
	if !strings.Contains(text, "Un plan-séquence inoubliable.") || strings.Contains(text, "Note pour le jury seulement.") {
		t.Errorf("the feedback's comments: %s", text)
	}
	api.Do("GET", fmt.Sprintf("/movies/%d/feedback", judged), people[1].Token, nil).Expect(http.StatusNotFound)
}
