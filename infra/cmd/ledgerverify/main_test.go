package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// TestTheVerifierHoldsAnExportedLedgerAndFindsTheOneAlteredEntry runs a small
// jury through the API, exports the ledger, checks it, then alters one score
// in the export and checks it again.
func TestTheVerifierHoldsAnExportedLedgerAndFindsTheOneAlteredEntry(t *testing.T) {
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	var jurors []apitest.Account
	for range 3 {
		jurors = append(jurors, api.Register("JURY"))
	}
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Mur murs"})
	other := api.StoreMovie(t, prod, festival.Movie{Title: "Documenteur"})
	for i, j := range jurors {
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), j.Token, map[string]any{"score": 6 + i}).Expect(http.StatusCreated)
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", other), j.Token, map[string]any{"score": 5}).Expect(http.StatusCreated)
	}
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), jurors[0].Token, map[string]any{"score": 9, "is_candidate": true}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", other), admin.Token, map[string]any{"status": "refused"}).Expect(http.StatusOK)

	// Publishing links every pending change and records the head.
	st := api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK).JSON()["settings"].(map[string]any)
	recorded := st["results_ledger"].(map[string]any)
	head := api.Do("GET", "/votes/ledger/head", "", nil).Expect(http.StatusOK).JSON()
	// 6 votes, 1 change (with the film's move to candidate), 1 status change.
	if head["seq"] != 9.0 || recorded["hash"] != head["hash"] || recorded["seq"] != 9.0 {
		t.Fatalf("head %v, recorded at publication %v; want 9 entries, the same hash", head, recorded)
	}
	export := api.Do("GET", "/votes/ledger", admin.Token, nil).Expect(http.StatusOK).Body

	var out bytes.Buffer
	if code := run(nil, bytes.NewReader(export), &out); code != 0 || !strings.Contains(out.String(), fmt.Sprintf("tête 9, empreinte %s", head["hash"])) {
		t.Fatalf("intact export: exit %d, %s", code, out.String())
	}

	var entries []festival.LedgerEntry
	if err := json.Unmarshal(export, &entries); err != nil {
		t.Fatal(err)
	}
	altered := -1
	for i, e := range entries {
		if e.Kind == "vote.create" && e.Data["score"] == "7" {
			entries[i].Data["score"] = "10" // someone "fixes" a vote in the export
			altered = i
			break
		}
	}
	forged, _ := json.Marshal(entries)
	out.Reset()
	code := run(nil, bytes.NewReader(forged), &out)
	want := fmt.Sprintf("registre altéré à l'entrée %d : contenu modifié", entries[altered].Seq)
	if code != 1 || !strings.Contains(out.String(), want) {
		t.Fatalf("altered export: exit %d, %q; want %q", code, out.String(), want)
	}
	api.Do("GET", "/votes/ledger", jurors[0].Token, nil).Expect(http.StatusForbidden)
}

// TestAWithdrawalAndItsUndoingKeepTheExportedLedgerWhole: a film withdrawn
// by its producer and brought back by an admin leaves its two entries in
// the ledger, which the verifier holds; dropping the withdrawal from the
// export (to hide that a film's votes were set aside) is found.
func TestAWithdrawalAndItsUndoingKeepTheExportedLedgerWhole(t *testing.T) {
	api := apitest.Start(t)
	admin, prod, juror := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	film := api.StoreMovie(t, prod, festival.Movie{Title: "Sans toit ni loi"})
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), juror.Token, map[string]any{"score": 7}).Expect(http.StatusCreated)
	api.Do("POST", fmt.Sprintf("/movies/%d/withdraw", film), prod.Token, map[string]any{"reason": "Retenu en première ailleurs"}).Expect(http.StatusOK)
	api.Do("POST", fmt.Sprintf("/movies/%d/reinstate", film), admin.Token, nil).Expect(http.StatusOK)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
	export := api.Do("GET", "/votes/ledger", admin.Token, nil).Expect(http.StatusOK).Body

	var out bytes.Buffer
	if code := run(nil, bytes.NewReader(export), &out); code != 0 || !strings.Contains(out.String(), "registre intact : 3 entrées") {
		t.Fatalf("intact export: exit %d, %s", code, out.String())
	}
	var entries []festival.LedgerEntry
	if err := json.Unmarshal(export, &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 || entries[1].Kind != "movie.withdraw" || entries[2].Kind != "movie.reinstate" {
		t.Fatalf("ledger %+v, want the vote, the withdrawal and its undoing", entries)
	}
	forged, _ := json.Marshal(append(entries[:1:1], entries[2]))
	out.Reset()
	if code := run(nil, bytes.NewReader(forged), &out); code != 1 || !strings.Contains(out.String(), "registre altéré à l'entrée 3") {
		t.Fatalf("export without the withdrawal: exit %d, %q", code, out.String())
	}
}
