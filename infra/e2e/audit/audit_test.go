// Package audit_test proves the audit trail a person reads on the local
// stack: names, worded actions, changes before and after, filters, the CSV
// export, and what one page costs.
package audit_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// person registers an account with its own name and signs it in.
func person(api *apitest.API, first, last, role string) apitest.Account {
	email := strings.ToLower(fmt.Sprintf("%s.%s.%s@example.org", first, last, dynamotest.RandomSuffix()))
	r := api.Do("POST", "/auth/register", "", map[string]any{
		"first_name": first, "last_name": last, "email": email, "password": "motdepasse1", "role": role,
	}).Expect(http.StatusCreated)
	id := int64(r.JSON()["newUser"].(map[string]any)["id_user"].(float64))
	return apitest.Account{ID: id, Email: email, Token: api.Login(email, "motdepasse1")}
}

// entry is an audit entry as GET /audit answers it.
type entry struct {
	ID          string            `json:"id_audit"`
	ActorID     int64             `json:"actor_id"`
	Action      string            `json:"action"`
	Target      string            `json:"target"`
	ActorName   string            `json:"actor_name"`
	TargetLabel string            `json:"target_label"`
	Summary     string            `json:"summary"`
	Details     map[string]string `json:"details"`
	Changes     []struct {
		Field, Label, Before, After string
	} `json:"changes"`
}

func trail(api *apitest.API, token string, q url.Values) []entry {
	var out []entry
	api.Do("GET", "/audit?"+q.Encode(), token, nil).Expect(http.StatusOK).Decode(&out)
	return out
}

func find(entries []entry, action string) *entry {
	for i := range entries {
		if entries[i].Action == action {
			return &entries[i]
		}
	}
	return nil
}

func change(e *entry, field string) string {
	for _, c := range e.Changes {
		if c.Field == field {
			return c.Label + " : " + c.Before + " → " + c.After
		}
	}
	return ""
}

func TestTheAuditReadsAsSentences(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	anne := person(api, "Anne", "Martin", "ADMIN")
	paul := person(api, "Paul", "Grimault", "ADMIN")
	prod := person(api, "Agnès", "Varda", "PRODUCER")
	juror := person(api, "Jean", "Vigo", "JURY")
	film := api.Upload(t, prod.Token, "Cléo de 5 à 7")
	other := api.Upload(t, prod.Token, "Le Bonheur")

	api.Do("PUT", "/settings", anne.Token, map[string]any{"blind_judging": true, "submissions_open_at": "2026-03-01T00:00:00Z"}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", film), anne.Token, map[string]any{"selection_status": "selected"}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d", film), anne.Token, map[string]any{"title": "Cléo de 5 à 7 (restauré)"}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", other), paul.Token, map[string]any{"selection_status": "refused"}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", other), anne.Token, map[string]any{"juries": []int64{juror.ID}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/users/%d", prod.ID), anne.Token, map[string]any{"role": "JURY"}).Expect(http.StatusOK)

	t.Run("names, words, before and after", func(t *testing.T) {
		all := trail(api.For(t), anne.Token, url.Values{"actor": {fmt.Sprint(anne.ID)}})
		settings := find(all, "settings.update")
		if settings == nil || settings.ActorName != "Anne Martin" || settings.Summary != "a changé les réglages du festival" {
			t.Fatalf("settings entry %+v", settings)
		}
		if got := change(settings, "blind_judging"); got != "Jugement à l'aveugle : non → oui" {
			t.Errorf("blind judging: %q", got)
		}
		if got := change(settings, "submissions_open_at"); got != "Ouverture des inscriptions : (vide) → 1 mars 2026 à 00:00 UTC" {
			t.Errorf("submissions open: %q", got)
		}
		if len(settings.Changes) != 2 {
			t.Errorf("settings record %d changes, want the 2 made: %+v", len(settings.Changes), settings.Changes)
		}
		status := find(all, "movie.status")
		if status == nil || status.TargetLabel != "Cléo de 5 à 7 (restauré)" ||
			status.Summary != "a donné le statut « sélectionné » au film « Cléo de 5 à 7 (restauré) »" {
			t.Fatalf("status entry %+v", status)
		}
		if got := change(status, "selection_status"); got != "Statut : reçu → sélectionné" {
			t.Errorf("status change %q", got)
		}
		edit := find(all, "movie.update")
		if got := change(edit, "title"); got != "Titre : Cléo de 5 à 7 → Cléo de 5 à 7 (restauré)" {
			t.Errorf("title change %q", got)
		}
		if jury := find(all, "movie.juries"); jury == nil || change(jury, "Juries") != "Jury : (vide) → Jean Vigo" {
			t.Errorf("jury entry %+v", jury)
		}
		role := find(all, "user.role")
		if role == nil || role.Summary != "a changé le rôle de Agnès Varda" || change(role, "role") != "Rôle : producteur → membre du jury" {
			t.Errorf("role entry %+v", role)
		}
	})

	t.Run("in English", func(t *testing.T) {
		en := api.For(t).WithHeader("Accept-Language", "en")
		all := trail(en, anne.Token, url.Values{"action": {"settings.update"}})
		if len(all) != 1 || all[0].Summary != "changed the festival's settings" || change(&all[0], "blind_judging") != "Blind judging : no → yes" {
			t.Errorf("English entry %+v", all)
		}
	})

	t.Run("filters: film, family, exact action, person", func(t *testing.T) {
		a := api.For(t)
		byFilm := trail(a, anne.Token, url.Values{"target": {fmt.Sprintf("movie:%d", film)}})
		if len(byFilm) != 2 || find(byFilm, "movie.status") == nil || find(byFilm, "movie.update") == nil {
			t.Errorf("film %d: %+v", film, byFilm)
		}
		family := trail(a, anne.Token, url.Values{"action": {"movie."}})
		if len(family) != 4 {
			t.Errorf("movie.: %d entries, want 4: %+v", len(family), family)
		}
		for _, e := range family {
			if !strings.HasPrefix(e.Action, "movie.") {
				t.Errorf("movie. selected %q", e.Action)
			}
		}
		paulOnly := trail(a, anne.Token, url.Values{"actor": {fmt.Sprint(paul.ID)}, "action": {"movie.status"}})
		if len(paulOnly) != 1 || paulOnly[0].TargetLabel != "Le Bonheur" {
			t.Errorf("Paul's status changes: %+v", paulOnly)
		}
		a.Do("GET", "/audit?action=DROP%20TABLE", anne.Token, nil).ExpectErrorAbout(http.StatusBadRequest, "action")
		a.Do("GET", "/audit?target="+strings.Repeat("m", 101), anne.Token, nil).ExpectErrorAbout(http.StatusBadRequest, "target")
		a.Do("GET", "/audit.csv?action=movie..status", anne.Token, nil).ExpectErrorAbout(http.StatusBadRequest, "action")
	})

	t.Run("the filter's choices", func(t *testing.T) {
		var choices []struct{ Action, Label string }
		api.For(t).Do("GET", "/audit/actions", anne.Token, nil).Expect(http.StatusOK).Decode(&choices)
		labels := map[string]string{}
		for _, c := range choices {
			labels[c.Action] = c.Label
		}
		if labels["movie."] != "Films : toutes les actions" || labels["settings.update"] != "a changé les réglages du festival" {
			t.Errorf("choices %v", labels)
		}
		api.For(t).Do("GET", "/audit/actions", prod.Token, nil).Expect(http.StatusForbidden)
	})

	t.Run("the CSV export", func(t *testing.T) {
		r := api.For(t).Do("GET", fmt.Sprintf("/audit.csv?target=movie:%d", film), anne.Token, nil).Expect(http.StatusOK)
		if !bytes.HasPrefix(r.Body, []byte("\uFEFF")) || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("not a UTF-8 CSV with its byte order mark: %q %q", r.Header.Get("Content-Type"), r.Body[:min(20, len(r.Body))])
		}
		rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\uFEFF")))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || !slices.Equal(rows[0][:4], []string{"Date", "Personne", "Rôle", "Action"}) {
			t.Fatalf("rows %q", rows)
		}
		body := string(r.Body)
		for _, want := range []string{"Anne Martin", "a donné le statut « sélectionné » au film « Cléo de 5 à 7 (restauré) »", "Statut : reçu → sélectionné"} {
			if !strings.Contains(body, want) {
				t.Errorf("the CSV lacks %q:\n%s", want, body)
			}
		}
		en := api.For(t).WithHeader("Accept-Language", "en").Do("GET", "/audit.csv?action=settings.update", anne.Token, nil).Expect(http.StatusOK)
		if !strings.Contains(string(en.Body), "Date,Person,Role,Action,Changes") {
			t.Errorf("English header: %s", en.Body)
		}
		if r.Header.Get("X-Audit-Truncated") != "" {
			t.Errorf("a small export says it is truncated")
		}
	})

	t.Run("an erased account", func(t *testing.T) {
		api.For(t).Do("DELETE", fmt.Sprintf("/users/%d", paul.ID), anne.Token, nil).Expect(http.StatusOK)
		paulOnly := trail(api.For(t), anne.Token, url.Values{"actor": {fmt.Sprint(paul.ID)}, "action": {"movie.status"}})
		if len(paulOnly) != 1 || paulOnly[0].ActorName != "compte supprimé" {
			t.Errorf("the erased admin's entry: %+v", paulOnly)
		}
		deleted := trail(api.For(t), anne.Token, url.Values{"action": {"user.delete"}})
		if len(deleted) != 1 || deleted[0].ActorName != "Anne Martin" {
			t.Errorf("the deletion: %+v", deleted)
		}
	})

	t.Run("a page's requests", func(t *testing.T) {
		db.Take()
		all := trail(api.For(t), anne.Token, url.Values{})
		byOp, n := db.Take()
		// The token check, the page's Query, one BatchGetItem of its names.
		if n > 3 || len(all) < 7 {
			t.Errorf("a page of %d entries took %d DynamoDB requests %v, want at most 3", len(all), n, byOp)
		}
		t.Logf("GET /audit: %d entries, %d requests %v", len(all), n, byOp)
	})
}
