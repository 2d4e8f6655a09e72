package entries_test

// A film's withdrawal and its undoing, end to end through HTTP on the local
// API.

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
)

// idsOf are the id_movie (or id_user) of each object of a list.
func idsOf(list []map[string]any, field string) []int64 {
	var out []int64
	for _, m := range list {
		out = append(out, int64(m[field].(float64)))
	}
	return out
}

// fest is a small festival: two admins, a producer with two films, two
// jurors who voted on both, the first film assigned to the first juror.
type fest struct {
	api            *apitest.API
	admin, admin2  apitest.Account
	prod, stranger apitest.Account
	juror, juror2  apitest.Account
	film, other    int64
	filmPath       string
}

func newFest(t *testing.T, api *apitest.API) fest {
	f := fest{api: api, admin: api.Register("ADMIN"), admin2: api.Register("ADMIN"), prod: api.Register("PRODUCER"),
		stranger: api.Register("PRODUCER"), juror: api.Register("JURY"), juror2: api.Register("JURY")}
	f.film = api.StoreMovie(t, f.prod, festival.Movie{Title: "Les Plages d'Agnès"})
	f.other = api.StoreMovie(t, f.prod, festival.Movie{Title: "Daguerréotypes"})
	f.filmPath = fmt.Sprintf("/movies/%d", f.film)
	api.Do("PUT", f.filmPath+"/juries", f.admin.Token, map[string]any{"juries": []int64{f.juror.ID}}).Expect(http.StatusOK)
	for _, j := range []apitest.Account{f.juror, f.juror2} {
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.film), j.Token, map[string]any{"score": 8}).Expect(http.StatusCreated)
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.other), j.Token, map[string]any{"score": 6}).Expect(http.StatusCreated)
	}
	return f
}

// results are the films of GET /votes/results, by id, with their vote counts.
func (f fest) results(t *testing.T) map[int64]float64 {
	t.Helper()
	out := map[int64]float64{}
	for _, r := range f.api.Do("GET", "/votes/results", f.admin.Token, nil).Expect(http.StatusOK).List() {
		out[int64(r["id_movie"].(float64))] = r["vote_count"].(float64)
	}
	return out
}

// publicList is GET /movies as an anonymous caller and as a juror sees it.
func (f fest) publicList(t *testing.T) (anonymous, juror []int64) {
	t.Helper()
	return idsOf(f.api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(), "id_movie"),
		idsOf(f.api.Do("GET", "/movies", f.juror2.Token, nil).Expect(http.StatusOK).List(), "id_movie")
}

// ledger links the pending entries, exports the ledger and checks it holds.
func (f fest) ledger(t *testing.T) []festival.LedgerEntry {
	t.Helper()
	if _, err := f.api.Server.Deps.Store.AppendLedger(context.Background()); err != nil {
		t.Fatal(err)
	}
	var entries []festival.LedgerEntry
	f.api.Do("GET", "/votes/ledger", f.admin.Token, nil).Expect(http.StatusOK).Decode(&entries)
	if head, broken := festival.VerifyLedger(entries); broken != nil {
		t.Fatalf("the ledger breaks at entry %d (%s), head %v", broken.Seq, broken.Reason, head)
	}
	return entries
}

// withdrawnMessages are the movie.withdrawn messages in the outbox.
func (f fest) withdrawnMessages(t *testing.T) []festival.Message {
	t.Helper()
	msgs, _, err := f.api.Server.Deps.Store.ListMessages(context.Background(), festival.MessagePending, festival.Page{})
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(msgs, func(m festival.Message) bool { return m.Kind != festival.MessageMovieWithdrawn })
}

func TestAProducerWithdrawsAFilmBeforeADecisionAndAnAdminBringsItBack(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	f := newFest(t, api)
	if anon, _ := f.publicList(t); !slices.Contains(anon, f.film) {
		t.Fatalf("before: public list %v lacks film %d", anon, f.film)
	}
	if r := f.results(t); r[f.film] != 2 {
		t.Fatalf("before: results %v, want film %d with 2 votes", r, f.film)
	}

	// Bad requests change nothing.
	api.Do("POST", f.filmPath+"/withdraw", f.prod.Token, map[string]any{"reason": "  "}).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.WithdrawalReasonLength))
	api.Do("POST", f.filmPath+"/withdraw", f.prod.Token, map[string]any{}).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.WithdrawalReasonLength))
	api.Do("POST", f.filmPath+"/withdraw", f.prod.Token, map[string]any{"reason": strings.Repeat("é", 1001)}).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.WithdrawalReasonLength))
	api.Do("POST", f.filmPath+"/withdraw", f.stranger.Token, map[string]any{"reason": "pas le mien"}).ExpectError(http.StatusForbidden, texts.T(texts.French, texts.NotOwner))
	api.Do("POST", f.filmPath+"/withdraw", f.juror.Token, map[string]any{"reason": "non"}).Expect(http.StatusForbidden)
	api.Do("POST", "/movies/999999/withdraw", f.prod.Token, map[string]any{"reason": "x"}).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.MovieNotFound))

	// The withdrawal: one transaction.
	db.Take()
	got := api.Do("POST", f.filmPath+"/withdraw", f.prod.Token, map[string]any{"reason": "Retenu en première mondiale par un autre festival"}).
		Expect(http.StatusOK).JSON()
	byOp, n := db.Take()
	t.Logf("POST /movies/{id}/withdraw: %d DynamoDB requests %v", n, byOp)
	if byOp["TransactWriteItems"] != 1 {
		t.Errorf("the withdrawal took %d transactions, want one write", byOp["TransactWriteItems"])
	}
	movie := got["movie"].(map[string]any)
	w, _ := movie["withdrawn"].(map[string]any)
	if got["message"] != texts.T(texts.French, texts.MovieWithdrawnDone) || w == nil || w["reason"] != "Retenu en première mondiale par un autre festival" ||
		w["by"] != float64(f.prod.ID) || w["status"] != "submitted" || len(movie["Juries"].([]any)) != 0 {
		t.Fatalf("withdrawal answered %v", got)
	}
	api.Do("POST", f.filmPath+"/withdraw", f.prod.Token, map[string]any{"reason": "encore"}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieAlreadyWithdrawn))

	// Out of the public list and of the film's public page; its producer and
	// the admins still read it.
	anon, asJuror := f.publicList(t)
	if slices.Contains(anon, f.film) || slices.Contains(asJuror, f.film) || !slices.Contains(anon, f.other) {
		t.Errorf("after: public list %v, a juror's %v; want %d gone, %d there", anon, asJuror, f.film, f.other)
	}
	api.Do("GET", f.filmPath, "", nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.MovieNotFound))
	api.Do("GET", f.filmPath, f.juror.Token, nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.MovieNotFound))
	for _, who := range []apitest.Account{f.prod, f.admin} {
		if m := api.Do("GET", f.filmPath, who.Token, nil).Expect(http.StatusOK).JSON(); m["withdrawn"] == nil {
			t.Errorf("user %d reads the film without its withdrawal: %v", who.ID, m)
		}
	}
	if mine := idsOf(api.Do("GET", "/movies/mine", f.prod.Token, nil).Expect(http.StatusOK).List(), "id_movie"); !slices.Contains(mine, f.film) {
		t.Errorf("the producer's films %v lack the withdrawn one", mine)
	}

	// Its jury link went in the same write: the juror's list, the progress.
	if assigned := api.Do("GET", "/movies/assigned", f.juror.Token, nil).Expect(http.StatusOK).List(); len(assigned) != 0 {
		t.Errorf("the juror is still assigned %v", idsOf(assigned, "id_movie"))
	}
	for _, p := range api.Do("GET", "/votes/progress", f.admin.Token, nil).Expect(http.StatusOK).List() {
		if p["id_user"] == float64(f.juror.ID) && p["assigned"] != 0.0 {
			t.Errorf("progress still counts the withdrawn film: %v", p)
		}
	}
	if mine := api.Do("GET", "/votes/progress/mine", f.juror.Token, nil).Expect(http.StatusOK).JSON(); mine["assigned"] != 0.0 {
		t.Errorf("the juror's progress still counts it: %v", mine)
	}

	// Held from the assignment, with the reason.
	var preview struct {
		Films []struct {
			ID int64 `json:"id_movie"`
		} `json:"films"`
		Held []struct {
			ID     int64  `json:"id_movie"`
			Reason string `json:"reason"`
		} `json:"held"`
	}
	api.Do("POST", "/movies/assignment/preview", f.admin.Token, map[string]any{"jurors_per_film": 1}).Expect(http.StatusOK).Decode(&preview)
	if len(preview.Films) != 1 || preview.Films[0].ID != f.other || len(preview.Held) != 1 || preview.Held[0].ID != f.film ||
		preview.Held[0].Reason != texts.T(texts.French, texts.HeldWithdrawnByProducer) {
		t.Errorf("assignment preview staffs %v, holds %v; want %d staffed, %d held as withdrawn", preview.Films, preview.Held, f.other, f.film)
	}

	// Out of the results; no jury, vote, mark or award on it.
	if r := f.results(t); len(r) != 1 || r[f.other] != 2 {
		t.Errorf("after: results %v, want film %d alone", r, f.other)
	}
	api.Do("PUT", f.filmPath+"/juries", f.admin.Token, map[string]any{"juries": []int64{f.juror2.ID}}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieOutWithdrawn))
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.film), f.juror.Token, map[string]any{"score": 9}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieOutWithdrawn))
	api.Do("PUT", f.filmPath+"/jury-candidate", f.juror.Token, nil).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieOutWithdrawn))
	api.Do("POST", "/awards", f.admin.Token, map[string]any{"id_movie": f.film, "name": "Grand prix"}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieOutWithdrawn))

	// The ledger holds and records it; the admins are told, once.
	entries := f.ledger(t)
	last := entries[len(entries)-1]
	if last.Kind != "movie.withdraw" || last.Data["id_movie"] != fmt.Sprint(f.film) || last.Data["by"] != fmt.Sprint(f.prod.ID) {
		t.Errorf("last ledger entry %+v, want movie.withdraw of film %d by %d", last, f.film, f.prod.ID)
	}
	msgs := f.withdrawnMessages(t)
	if len(msgs) != 1 || !slices.Equal(msgs[0].To, []int64{f.admin.ID, f.admin2.ID}) || msgs[0].Params["title"] != "Les Plages d'Agnès" ||
		msgs[0].Params["by"] != texts.T(texts.French, texts.HeldWithdrawnByProducer) {
		t.Errorf("withdrawn messages %+v, want one to both admins", msgs)
	}
	audit := api.Do("GET", "/audit?action=movie.withdraw", f.admin.Token, nil).Expect(http.StatusOK).List()
	if len(audit) != 1 || audit[0]["target"] != fmt.Sprintf("movie:%d", f.film) {
		t.Errorf("audit of the withdrawal: %v", audit)
	}

	// Only an admin brings it back, once.
	api.Do("POST", f.filmPath+"/reinstate", f.prod.Token, nil).Expect(http.StatusForbidden)
	back := api.Do("POST", f.filmPath+"/reinstate", f.admin.Token, nil).Expect(http.StatusOK).JSON()
	if back["message"] != texts.T(texts.French, texts.MovieReinstated) || back["movie"].(map[string]any)["withdrawn"] != nil {
		t.Fatalf("reinstate answered %v", back)
	}
	api.Do("POST", f.filmPath+"/reinstate", f.admin.Token, nil).ExpectError(http.StatusConflict, texts.T(texts.French, texts.MovieNotWithdrawn))
	if anon, _ := f.publicList(t); !slices.Contains(anon, f.film) {
		t.Errorf("reinstated: public list %v lacks film %d", anon, f.film)
	}
	api.Do("GET", f.filmPath, "", nil).Expect(http.StatusOK)
	if r := f.results(t); r[f.film] != 2 || r[f.other] != 2 {
		t.Errorf("reinstated: results %v, want both films with their 2 votes", r)
	}
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", f.film), f.juror.Token, map[string]any{"score": 9}).Expect(http.StatusOK)
	entries = f.ledger(t)
	kinds := []string{}
	for _, e := range entries[len(entries)-2:] {
		kinds = append(kinds, e.Kind)
	}
	if !slices.Equal(kinds, []string{"movie.reinstate", "vote.update"}) {
		t.Errorf("last ledger entries %v, want the reinstatement then the vote", kinds)
	}
}

func TestAfterADecisionOnlyAnAdminWithdrawsAFilm(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	f := newFest(t, api)
	other := fmt.Sprintf("/movies/%d", f.other)
	api.Do("PUT", other+"/status", f.admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)
	api.Do("POST", other+"/withdraw", f.prod.Token, map[string]any{"reason": "trop tard"}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.WithdrawAfterDecision))
	got := api.Do("POST", other+"/withdraw", f.admin.Token, map[string]any{"reason": "Hors règlement : déjà diffusé en ligne"}).Expect(http.StatusOK).JSON()
	w := got["movie"].(map[string]any)["withdrawn"].(map[string]any)
	if w["by"] != float64(f.admin.ID) || w["status"] != "selected" || got["movie"].(map[string]any)["selection_status"] != "selected" {
		t.Fatalf("the admin's withdrawal answered %v", got)
	}
	if r := f.results(t); len(r) != 1 || r[f.film] != 2 {
		t.Errorf("results %v, want film %d alone", r, f.film)
	}
	msgs := f.withdrawnMessages(t)
	if len(msgs) != 1 || msgs[0].Params["by"] != texts.T(texts.French, texts.HeldWithdrawnByAdmin) || msgs[0].Params["reason"] != "Hors règlement : déjà diffusé en ligne" {
		t.Errorf("withdrawn messages %+v", msgs)
	}
	f.ledger(t)
	// Back with the status it had.
	back := api.Do("POST", other+"/reinstate", f.admin2.Token, nil).Expect(http.StatusOK).JSON()
	if back["movie"].(map[string]any)["selection_status"] != "selected" {
		t.Errorf("reinstated film %v, want it selected still", back)
	}
}
