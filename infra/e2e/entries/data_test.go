package entries_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// A person's data: their export, and an erasure that keeps the vote record
// true, by the person themselves or by an admin, before and after the
// results are published.

// juryVotes has each juror vote, with a comment, on each film.
func juryVotes(t *testing.T, api *apitest.API, jurors []apitest.Account, films []int64) {
	t.Helper()
	for i, j := range jurors {
		for k, f := range films {
			api.Do("POST", fmt.Sprintf("/votes/mine/%d", f), j.Token,
				map[string]any{"score": 3 + (i*3+k*2)%7, "comment": fmt.Sprintf("Avis de %d sur %d", j.ID, f)}).Expect(http.StatusCreated)
		}
	}
}

// ledgerHolds links the pending entries, reads the ledger as an admin
// exports it (GET /votes/ledger), checks its hashes, and replays it to the
// votes the table holds (GET /votes): the same ids, films, voters, scores.
func ledgerHolds(t *testing.T, api *apitest.API, admin apitest.Account) []festival.LedgerEntry {
	t.Helper()
	if _, err := api.Server.Deps.Store.AppendLedger(context.Background()); err != nil {
		t.Fatal(err)
	}
	var entries []festival.LedgerEntry
	api.Do("GET", "/votes/ledger", admin.Token, nil).Expect(http.StatusOK).Decode(&entries)
	if _, broken := festival.VerifyLedger(entries); broken != nil {
		t.Fatalf("the ledger breaks at %d: %s", broken.Seq, broken.Reason)
	}
	replayed, err := festival.ReplayVotes(entries)
	if err != nil {
		t.Fatal(err)
	}
	var votes []festival.Vote
	api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).Decode(&votes)
	table := map[int64]festival.LedgerVote{}
	for _, v := range votes {
		table[v.ID] = festival.LedgerVote{ID: v.ID, MovieID: v.MovieID, UserID: v.UserID, Score: v.Score.Float64(), IsCandidate: v.IsCandidate}
	}
	if !reflect.DeepEqual(replayed, table) {
		t.Fatalf("the ledger replays to %v, the table holds %v", replayed, table)
	}
	return entries
}

// audit lists the audit entries of one action, newest first.
func audit(t *testing.T, api *apitest.API, admin apitest.Account, action string) []festival.AuditEntry {
	t.Helper()
	var out []festival.AuditEntry
	api.Do("GET", "/audit?limit=500&action="+action, admin.Token, nil).Expect(http.StatusOK).Decode(&out)
	return out
}

func TestAnErasedJurorsVotesLeaveLedgerAndAuditEntriesBeforePublication(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	self, other, stays := api.Register("JURY"), api.Register("JURY"), api.Register("JURY")
	// More votes than one transaction takes (votesPerErasure: 33).
	var films []int64
	for i := range 35 {
		films = append(films, api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i)}))
	}
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", films[0]), admin.Token,
		map[string]any{"juries": []int64{self.ID, other.ID, stays.ID}}).Expect(http.StatusOK)
	juryVotes(t, api, []apitest.Account{self}, films)
	juryVotes(t, api, []apitest.Account{other, stays}, films[:3])
	ledgerHolds(t, api, admin)

	// The juror's own erasure asks for their current password.
	api.Do("DELETE", "/users/me", self.Token, nil).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.ErasePasswordMissing))
	api.Do("DELETE", "/users/me", self.Token, map[string]any{"password": "pas le bon"}).ExpectError(http.StatusForbidden, texts.T(texts.French, texts.ErasePasswordWrong))
	api.Do("DELETE", "/users/me", self.Token, map[string]any{"password": 12}).Expect(http.StatusBadRequest)
	api.Do("DELETE", "/users/me", "", map[string]any{"password": "motdepasse1"}).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
	api.Do("DELETE", "/users/me", self.Token, map[string]any{"password": "motdepasse1"}).Expect(http.StatusOK)
	api.Do("GET", "/users/me", self.Token, nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
	// An admin deletes the other one: the same erasure.
	api.Do("DELETE", fmt.Sprintf("/users/%d", other.ID), admin.Token, nil).Expect(http.StatusOK)

	entries := ledgerHolds(t, api, admin)
	deleted := map[int64][]string{}
	for _, e := range entries {
		if e.Kind == "vote.delete" {
			var uid int64
			fmt.Sscan(e.Data["id_user"], &uid)
			deleted[uid] = append(deleted[uid], e.Data["id_movie"])
		}
	}
	if len(deleted[self.ID]) != 35 || len(deleted[other.ID]) != 3 || len(deleted) != 2 {
		t.Fatalf("vote.delete ledger entries by juror: %v, want one per vote of each erased juror", deleted)
	}
	byUser := map[string]int{}
	for _, a := range audit(t, api, admin, "vote.delete") {
		byUser[a.Details["id_user"]]++
	}
	if byUser[fmt.Sprint(self.ID)] != 35 || byUser[fmt.Sprint(other.ID)] != 3 {
		t.Fatalf("vote.delete audit entries by juror: %v", byUser)
	}
	erase := audit(t, api, admin, "user.erase")
	if len(erase) != 1 || erase[0].ActorID != self.ID || erase[0].Target != fmt.Sprintf("user:%d", self.ID) || erase[0].Details["email"] != "" {
		t.Fatalf("user.erase audit entries %+v: want the juror's, without their e-mail", erase)
	}
	if del := audit(t, api, admin, "user.delete"); len(del) != 1 || del[0].Target != fmt.Sprintf("user:%d", other.ID) {
		t.Fatalf("user.delete audit entries %+v", del)
	}
	// Only the remaining juror's votes and jury place are left.
	var votes []festival.Vote
	api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).Decode(&votes)
	for _, v := range votes {
		if v.UserID != stays.ID {
			t.Errorf("a vote of an erased juror is left: %+v", v)
		}
	}
	m := api.Do("GET", fmt.Sprintf("/movies/%d", films[0]), admin.Token, nil).Expect(http.StatusOK).JSON()
	if juries := m["Juries"].([]any); len(juries) != 1 || int64(juries[0].(map[string]any)["id_user"].(float64)) != stays.ID {
		t.Fatalf("the film's jury after the erasures: %v", juries)
	}
}

func TestAnErasedJurorsPublishedVotesStayUnderTheirNumber(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	jurors := []apitest.Account{api.Register("JURY"), api.Register("JURY"), api.Register("JURY")}
	var films []int64
	duration := int64(600)
	for i := range 4 {
		films = append(films, api.StoreMovie(t, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i), Duration: &duration}))
	}
	juryVotes(t, api, jurors, films)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
	before := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).Body
	gone := jurors[1]

	api.Do("DELETE", "/users/me", gone.Token, map[string]any{"password": "motdepasse1"}).Expect(http.StatusOK)
	api.Do("GET", fmt.Sprintf("/users/%d", gone.ID), admin.Token, nil).ExpectError(http.StatusNotFound, "Utilisateur non trouvé")
	if after := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).Body; !bytes.Equal(before, after) {
		t.Fatalf("the published results changed:\n%s\n%s", before, after)
	}
	var votes []festival.Vote
	api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).Decode(&votes)
	kept := 0
	for _, v := range votes {
		if v.UserID == gone.ID {
			kept++
			if v.Comment != nil {
				t.Errorf("a kept vote keeps its comment: %+v", v)
			}
		} else if v.Comment == nil {
			t.Errorf("another juror's vote lost its comment: %+v", v)
		}
	}
	if kept != len(films) {
		t.Fatalf("%d votes of the erased juror kept, want %d", kept, len(films))
	}
	if n := len(audit(t, api, admin, "vote.anonymise")); n != len(films) {
		t.Fatalf("%d vote.anonymise audit entries, want %d", n, len(films))
	}
	for _, e := range ledgerHolds(t, api, admin) {
		if e.Kind == "vote.delete" {
			t.Fatalf("a published vote was deleted: %+v", e)
		}
	}
	// Nothing hangs off the account any more: an admin's deletion finds no one.
	api.Do("DELETE", fmt.Sprintf("/users/%d", gone.ID), admin.Token, nil).ExpectError(http.StatusNotFound, "Utilisateur non trouvé")
}

func TestTheLastAdminCannotEraseThemselves(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	api.Do("DELETE", "/users/me", admin.Token, map[string]any{"password": "motdepasse1"}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.EraseLastAdmin))
	second := api.Register("ADMIN")
	api.Do("DELETE", "/users/me", admin.Token, map[string]any{"password": "motdepasse1"}).Expect(http.StatusOK)
	api.Do("DELETE", "/users/me", second.Token, map[string]any{"password": "motdepasse1"}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.EraseLastAdmin))
}

// exportLink delivers the outbox and finds the export's id in the person's
// last mail.
func exportLink(t *testing.T, api *apitest.API, email string) string {
	t.Helper()
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`#/mes-donnees\?export=([0-9a-f]{32})`)
	id := ""
	for _, m := range api.Mailbox(t) {
		if m.To == email && strings.Contains(m.Subject, "Vos données sont prêtes") {
			if sm := link.FindStringSubmatch(m.Text); sm != nil {
				id = sm[1]
			}
		}
	}
	if id == "" {
		t.Fatalf("no export link mailed to %s", email)
	}
	return id
}

// download follows GET /users/me/export/{id} by hand: its 302, then the
// presigned link, and opens the zip.
func download(t *testing.T, api *apitest.API, token, id string) (int, *zip.Reader) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest("GET", api.URL+"/users/me/export/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var link struct{ URL string }
	_ = json.NewDecoder(resp.Body).Decode(&link)
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		return resp.StatusCode, nil
	}
	if link.URL == "" || link.URL != resp.Header.Get("Location") {
		t.Fatalf("the 302's body names %q, Location %q", link.URL, resp.Header.Get("Location"))
	}
	zipped, err := http.Get(link.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer zipped.Body.Close()
	data, _ := io.ReadAll(zipped.Body)
	if zipped.StatusCode != http.StatusOK {
		t.Fatalf("the presigned link answers %d: %s", zipped.StatusCode, data)
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip (%d bytes): %v", len(data), err)
	}
	t.Logf("the export is %d bytes", len(data))
	return http.StatusFound, z
}

func readJSON(t *testing.T, z *zip.Reader, name string, v any) {
	t.Helper()
	f, err := z.Open(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	if err := json.NewDecoder(f).Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestAProducerDownloadsTheirExportThroughTheLinkTheyAreSent(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	prod, other := api.Register("PRODUCER"), api.Register("PRODUCER")
	uploaded := api.Upload(t, prod.Token, "Les Plages d'Agnès") // with its file, and its "Film reçu" message
	titles := []string{"Les Plages d'Agnès"}
	synopsis := strings.Repeat("Une histoire. ", 40)
	for i := range 19 {
		titles = append(titles, fmt.Sprintf("Court n°%d", i+1))
		api.StoreMovie(t, prod, festival.Movie{Title: titles[i+1], Synopsis: &synopsis})
	}
	api.StoreMovie(t, other, festival.Movie{Title: "Pas le sien"})

	start := time.Now()
	if msg := api.Do("GET", "/users/me/export", prod.Token, nil).Expect(http.StatusAccepted).JSON()["message"]; msg != texts.T(texts.French, texts.ExportStarted) {
		t.Fatalf("message %q", msg)
	}
	t.Logf("the export of a producer of 20 films took %s in the request", time.Since(start).Round(time.Millisecond))
	id := exportLink(t, api, prod.Email)

	status, z := download(t, api, prod.Token, id)
	if status != http.StatusFound {
		t.Fatalf("download: %d", status)
	}
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	want := []string{"account.json", "films.json", "messages.json", "viewings.json", "votes.json", "README.txt"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("the zip holds %v, want %v", names, want)
	}
	var account map[string]any
	readJSON(t, z, "account.json", &account)
	if account["email"] != prod.Email || account["password"] != nil {
		t.Fatalf("account.json: %v", account)
	}
	var films []map[string]any
	readJSON(t, z, "films.json", &films)
	var got []string
	for _, f := range films {
		got = append(got, f["title"].(string))
		if int64(f["id_movie"].(float64)) == uploaded {
			// The video is not in the zip: its stored name is.
			if name, _ := f["trailer"].(string); !strings.HasPrefix(name, "filmFile-") {
				t.Errorf("films.json does not name the film's file: %v", f)
			}
		}
	}
	slices.Sort(got)
	slices.Sort(titles)
	if !reflect.DeepEqual(got, titles) {
		t.Fatalf("films.json: %v, want the producer's 20 films", got)
	}
	var msgs []map[string]any
	readJSON(t, z, "messages.json", &msgs)
	kinds := map[string]int{}
	for _, m := range msgs {
		kinds[m["kind"].(string)]++
	}
	if kinds["movie.received"] != 20 || len(msgs) != 20 {
		t.Fatalf("messages.json: %v, want each film's acknowledgement", msgs)
	}
	readme, _ := z.Open("README.txt")
	text, _ := io.ReadAll(readme)
	if !strings.Contains(string(text), "films.json") || !strings.Contains(string(text), "Vos données au festival") {
		t.Fatalf("README.txt: %s", text)
	}

	// Nobody else reaches it, no made-up id either; it expires after 7 days.
	if status, _ := download(t, api, other.Token, id); status != http.StatusNotFound {
		t.Fatalf("another producer's download: %d", status)
	}
	api.Do("GET", "/users/me/export/"+strings.Repeat("0", 32), prod.Token, nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.ExportNotFound))
	api.Do("GET", "/users/me/export/abc", prod.Token, nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.ExportNotFound))
	api.Do("GET", "/users/me/export/"+id, "", nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
	if audits := audit(t, api, api.Register("ADMIN"), "user.export"); len(audits) != 1 || audits[0].ActorID != prod.ID {
		t.Fatalf("user.export audit entries %+v", audits)
	}
	clock.Add(festival.ExportLifetime)
	api.Do("GET", "/users/me/export/"+id, api.Login(prod.Email, "motdepasse1"), nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.ExportNotFound))
}

func TestAJurorsExportHoldsTheirVotesAndViewings(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod, jury := api.Register("PRODUCER"), api.Register("JURY")
	films := []int64{api.StoreMovie(t, prod, festival.Movie{Title: "Cléo"}), api.StoreMovie(t, prod, festival.Movie{Title: "Le Bonheur"})}
	juryVotes(t, api, []apitest.Account{jury}, films)
	if err := api.Server.Deps.Store.RecordWatch(context.Background(), films[0], jury.ID); err != nil {
		t.Fatal(err)
	}
	api.Do("GET", "/users/me/export", jury.Token, nil).Expect(http.StatusAccepted)
	_, z := download(t, api, jury.Token, exportLink(t, api, jury.Email))
	var votes []festival.Vote
	readJSON(t, z, "votes.json", &votes)
	if len(votes) != 2 || votes[0].UserID != jury.ID || votes[0].Comment == nil {
		t.Fatalf("votes.json: %+v", votes)
	}
	var viewings []map[string]any
	readJSON(t, z, "viewings.json", &viewings)
	if len(viewings) != 1 || int64(viewings[0]["id_movie"].(float64)) != films[0] {
		t.Fatalf("viewings.json: %v", viewings)
	}
	var films2 []any
	readJSON(t, z, "films.json", &films2)
	if len(films2) != 0 {
		t.Fatalf("a juror's films.json: %v", films2)
	}
}
