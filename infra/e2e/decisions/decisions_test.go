// Package decisions_test proves bulk decisions end to end, through HTTP on
// the local API: a preview (dry run), then an apply that is all or nothing.
package decisions_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// preview is the answer of POST /movies/decisions/preview.
type preview struct {
	PlanID    string `json:"id_plan"`
	ExpiresAt string `json:"expires_at"`
	To        string `json:"to"`
	Count     int    `json:"count"`
	Unchanged int    `json:"unchanged"`
	Changes   []struct {
		MovieID   int64  `json:"id_movie"`
		Title     string `json:"title"`
		From      string `json:"from"`
		To        string `json:"to"`
		FromLabel string `json:"from_label"`
		ToLabel   string `json:"to_label"`
		Producer  struct {
			ID int64 `json:"id_user"`
		} `json:"producer"`
		Message *struct {
			Kind    string `json:"kind"`
			DueAt   string `json:"due_at"`
			Subject string `json:"subject"`
			Text    string `json:"text"`
		} `json:"message"`
	} `json:"changes"`
}

// festivalOf stores n films, spread over three producers, and returns an
// admin and the films' ids.
func festivalOf(t testing.TB, api *apitest.API, n int) (apitest.Account, []int64) {
	t.Helper()
	admin := api.Register("ADMIN")
	producers := []apitest.Account{api.Register("PRODUCER"), api.Register("PRODUCER"), api.Register("PRODUCER")}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = api.StoreMovie(t, producers[i%3], festival.Movie{Title: fmt.Sprintf("Film n°%d", i+1)})
	}
	return admin, ids
}

// statusMessages are the decision messages in the outbox (every state), by film.
func statusMessages(t testing.TB, st *dynamo.Store) map[int64][]festival.Message {
	t.Helper()
	out := map[int64][]festival.Message{}
	for _, state := range []festival.MessageState{festival.MessagePending, festival.MessageSent, festival.MessageFailed} {
		msgs, _, err := st.ListMessages(context.Background(), state, festival.Page{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if m.Kind == festival.MessageMovieStatus {
				var id int64
				fmt.Sscan(m.Params["id_movie"], &id)
				out[id] = append(out[id], m)
			}
		}
	}
	return out
}

// statusLedger are the status entries of the vote ledger, by film, once
// every pending entry is linked.
func statusLedger(t testing.TB, st *dynamo.Store) map[int64][]festival.LedgerEntry {
	t.Helper()
	ctx := context.Background()
	if _, err := st.AppendLedger(ctx); err != nil {
		t.Fatal(err)
	}
	entries, _, err := st.LedgerEntries(ctx, festival.Page{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64][]festival.LedgerEntry{}
	for _, e := range entries {
		if e.Kind == "movie.status" {
			var id int64
			fmt.Sscan(e.Data["id_movie"], &id)
			out[id] = append(out[id], e)
		}
	}
	return out
}

// statuses are the films' stored statuses, by id.
func statuses(t testing.TB, st *dynamo.Store) map[int64]festival.SelectionStatus {
	t.Helper()
	films, err := st.AllMoviesVersioned(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]festival.SelectionStatus{}
	for _, vm := range films {
		out[vm.Movie.ID] = vm.Movie.SelectionStatus
	}
	return out
}

func TestThreeHundredFilmsDecidedInOnePlanEachTellTheirProducerOnce(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	st := api.Server.Deps.Store
	admin, ids := festivalOf(t, api, 300)

	db.Take()
	start := time.Now()
	var p preview
	api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "selected", "filter": map[string]any{"status": "PENDING"}}).
		Expect(http.StatusOK).Decode(&p)
	previewTook := time.Since(start)
	_, previewRequests := db.Take()
	if p.Count != 300 || len(p.Changes) != 300 || p.Unchanged != 0 || p.To != "selected" {
		t.Fatalf("preview: count %d, %d changes, %d unchanged, to %q", p.Count, len(p.Changes), p.Unchanged, p.To)
	}
	for _, c := range p.Changes {
		if c.From != "submitted" || c.FromLabel != "reçu" || c.ToLabel != "sélectionné" || c.Producer.ID == 0 ||
			c.Message == nil || c.Message.Kind != "movie.status" || !strings.Contains(c.Message.Subject, c.Title) ||
			!strings.Contains(c.Message.Text, "Bonjour Prénom") {
			t.Fatalf("change %+v (message %+v)", c, c.Message)
		}
	}
	if got := statusMessages(t, st); len(got) != 0 {
		t.Fatalf("the preview wrote %d messages", len(got))
	}

	start = time.Now()
	r := api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).Expect(http.StatusOK).JSON()
	applyTook := time.Since(start)
	_, applyRequests := db.Take()
	if r["changed"] != float64(300) || r["message"] != texts.T(texts.French, texts.DecisionsApplied) {
		t.Fatalf("apply = %v", r)
	}
	t.Logf("300 decisions: preview %v (%d DynamoDB requests), apply %v (%d requests, %.2f per film)",
		previewTook.Round(time.Millisecond), previewRequests, applyTook.Round(time.Millisecond), applyRequests, float64(applyRequests)/300)

	now := statuses(t, st)
	msgs := statusMessages(t, st)
	ledger := statusLedger(t, st)
	for _, id := range ids {
		if now[id] != festival.StatusSelected {
			t.Errorf("film %d is %s", id, now[id])
		}
		if len(msgs[id]) != 1 || msgs[id][0].Params["status"] != "selected" {
			t.Errorf("film %d: %d decision messages, want 1", id, len(msgs[id]))
		}
		if l := ledger[id]; len(l) != 1 || l[0].Data["from"] != "submitted" || l[0].Data["to"] != "selected" {
			t.Errorf("film %d: ledger %+v, want one entry submitted → selected", id, l)
		}
	}
	audit := api.Do("GET", "/audit?action=movie.decisions", admin.Token, nil).Expect(http.StatusOK).List()
	if len(audit) != 1 || audit[0]["target"] != "plan:"+p.PlanID {
		t.Errorf("audit = %v, want one entry for the plan", audit)
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.DecisionPlanApplied))
}

func TestAPlanWhoseFilmChangedAfterThePreviewChangesNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	st := api.Server.Deps.Store
	admin, ids := festivalOf(t, api, 70) // three transactions
	var p preview
	api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "REJECTED", "ids": ids}).Expect(http.StatusOK).Decode(&p)
	last := ids[len(ids)-1]
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", last), admin.Token, map[string]any{"status": "to_discuss"}).Expect(http.StatusOK)

	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).
		ExpectError(http.StatusConflict, fmt.Sprintf(texts.T(texts.French, texts.DecisionFilmChanged), last, fmt.Sprintf("Film n°%d", len(ids))))
	now := statuses(t, st)
	for _, id := range ids[:len(ids)-1] {
		if now[id] != festival.StatusSubmitted {
			t.Errorf("film %d is %s after a refused apply", id, now[id])
		}
	}
	if msgs := statusMessages(t, st); len(msgs) != 0 {
		t.Errorf("a refused apply left %d decision messages", len(msgs))
	}
	if l := statusLedger(t, st); len(l) != 1 || len(l[last]) != 1 {
		t.Errorf("ledger %v: want only the change made by hand", l)
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.DecisionPlanNotUsable))
}

// failingDB makes the nth TransactWriteItems that writes films from now
// fail, as a DynamoDB outage part-way through an apply would. Only the
// transactions that write a film item count: the local server's background
// runners (the outbox's deliveries and their notices) write transactions of
// their own at any moment, and must not take the apply's turn.
type failingDB struct {
	dynamo.DB
	countdown atomic.Int32
}

func (d *failingDB) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if writesFilm(in) && d.countdown.Add(-1) == 0 {
		return nil, apitest.ErrInjected
	}
	return d.DB.TransactWriteItems(ctx, in, o...)
}

// writesFilm tells whether a transaction puts or updates a film item (SK MOVIE).
func writesFilm(in *dynamodb.TransactWriteItemsInput) bool {
	for _, it := range in.TransactItems {
		var sk types.AttributeValue
		switch {
		case it.Put != nil:
			sk = it.Put.Item["SK"]
		case it.Update != nil:
			sk = it.Update.Key["SK"]
		}
		if s, ok := sk.(*types.AttributeValueMemberS); ok && s.Value == "MOVIE" {
			return true
		}
	}
	return false
}

func TestAnApplyThatFailsPartWayPutsBackEveryFilmItWrote(t *testing.T) {
	t.Parallel()
	fail := &failingDB{}
	api := apitest.Start(t, func(o *localserver.Options) {
		o.WrapDB = func(inner dynamo.DB) dynamo.DB { fail.DB = inner; return fail }
	})
	st := api.Server.Deps.Store
	admin, ids := festivalOf(t, api, 70) // 32 films a transaction: the second of three fails
	var p preview
	api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "finalist", "ids": ids}).Expect(http.StatusOK).Decode(&p)
	fail.countdown.Store(2)
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).Expect(http.StatusInternalServerError)

	now := statuses(t, st)
	for _, id := range ids {
		if now[id] != festival.StatusSubmitted {
			t.Errorf("film %d is %s after a failed apply", id, now[id])
		}
	}
	if msgs := statusMessages(t, st); len(msgs) != 0 {
		t.Errorf("a failed apply left %d decision messages", len(msgs))
	}
	// The ledger is append-only: each film written records going there and back.
	for id, l := range statusLedger(t, st) {
		if len(l) != 2 || l[0].Data["to"] != "finalist" || l[1].Data["to"] != "submitted" {
			t.Errorf("film %d: ledger %+v", id, l)
		}
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.DecisionPlanNotUsable))
}

func TestDecisionsHeldUntilTheReleaseDateAreDueThen(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	st := api.Server.Deps.Store
	admin, ids := festivalOf(t, api, 5)
	release := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": release.Format(time.RFC3339)}).Expect(http.StatusOK)
	var p preview
	api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "refused", "ids": ids[:3]}).Expect(http.StatusOK).Decode(&p)
	for _, c := range p.Changes {
		if due, err := time.Parse(time.RFC3339, c.Message.DueAt); err != nil || !due.Equal(release) {
			t.Errorf("film %d: message due %q, want the release date %v", c.MovieID, c.Message.DueAt, release)
		}
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).Expect(http.StatusOK)
	msgs := statusMessages(t, st)
	if len(msgs) != 3 {
		t.Fatalf("%d films with a decision message, want 3", len(msgs))
	}
	for id, m := range msgs {
		if len(m) != 1 || m[0].State != festival.MessagePending || !m[0].NextAttemptAt.Equal(release) {
			t.Errorf("film %d: %+v, want one message pending until the release", id, m)
		}
	}
	due, err := st.DueMessages(context.Background(), time.Now(), 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range due {
		if m.Kind == festival.MessageMovieStatus {
			t.Errorf("decision message %s is due before the release date", m.ID)
		}
	}
}

func TestAFilterSelectsByScoreRankAndTitle(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, ids := festivalOf(t, api, 4)
	jury := api.Register("JURY")
	for i, score := range []float64{9, 5, 7} { // the fourth film gets no vote
		api.Do("POST", fmt.Sprintf("/votes/mine/%d", ids[i]), jury.Token, map[string]any{"score": score}).Expect(http.StatusCreated)
	}
	pick := func(filter map[string]any) []int64 {
		t.Helper()
		var p preview
		api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "selected", "filter": filter}).Expect(http.StatusOK).Decode(&p)
		var got []int64
		for _, c := range p.Changes {
			got = append(got, c.MovieID)
		}
		return got
	}
	if got := pick(map[string]any{"score_min": 6}); fmt.Sprint(got) != fmt.Sprint([]int64{ids[0], ids[2]}) {
		t.Errorf("score ≥ 6: %v", got)
	}
	if got := pick(map[string]any{"rank_from": 2, "rank_to": 3}); fmt.Sprint(got) != fmt.Sprint([]int64{ids[1], ids[2]}) {
		t.Errorf("ranks 2 to 3: %v", got)
	}
	if got := pick(map[string]any{"search": "FILM N°4"}); fmt.Sprint(got) != fmt.Sprint([]int64{ids[3]}) {
		t.Errorf("search: %v", got)
	}
}

func TestABulkDecisionRefusesWhatItCannotDo(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, ids := festivalOf(t, api, 2)
	prod := api.Register("PRODUCER")
	post := func(path, token string, body any) *apitest.Response { return api.Do("POST", path, token, body) }
	post("/movies/decisions/preview", prod.Token, map[string]any{"to": "selected", "ids": ids}).Expect(http.StatusForbidden)
	post("/movies/decisions/preview", "", map[string]any{"to": "selected", "ids": ids}).Expect(http.StatusUnauthorized)
	post("/movies/decisions/preview", admin.Token, nil).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.DecisionToRequired))
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "selected"}).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.DecisionNoSelection))
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "selected", "filter": map[string]any{"search": "introuvable"}}).
		ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.DecisionEmpty))
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "submitted", "ids": ids}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf(texts.T(texts.French, texts.DecisionNothingToDo), 2))
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "selected", "ids": []int64{ids[0], 999}}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf(texts.T(texts.French, texts.DecisionUnknownFilms), "999"))
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "gagnant", "ids": ids}).ExpectErrorAbout(http.StatusBadRequest, "gagnant")
	post("/movies/decisions/apply", admin.Token, nil).ExpectError(http.StatusBadRequest, texts.T(texts.French, texts.DecisionPlanRequired))
	post("/movies/decisions/apply", admin.Token, map[string]any{"id_plan": "PLAN#1"}).
		ExpectError(http.StatusBadRequest, "id_plan : "+fmt.Sprintf(texts.T(texts.French, texts.PlanIDForm), festival.MaxPlanID))
	post("/movies/decisions/apply", admin.Token, map[string]any{"id_plan": "20260101T000000000Z-000000000000"}).
		ExpectError(http.StatusNotFound, texts.T(texts.French, texts.DecisionPlanNotFound))
	// An assignment's plan is not a decision's.
	api.Register("JURY")
	a := post("/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 1, "statuses": []string{"submitted"}}).Expect(http.StatusOK).JSON()
	post("/movies/decisions/apply", admin.Token, map[string]any{"id_plan": a["plan_id"]}).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.DecisionPlanNotFound))
	post("/movies/assignment/apply", admin.Token, map[string]any{"plan_id": a["plan_id"]}).Expect(http.StatusOK)
	// A film deleted after the preview is named as gone.
	var p preview
	post("/movies/decisions/preview", admin.Token, map[string]any{"to": "selected", "ids": ids}).Expect(http.StatusOK).Decode(&p)
	api.Do("DELETE", fmt.Sprintf("/movies/%d", ids[1]), admin.Token, nil).Expect(http.StatusOK)
	post("/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).
		ExpectError(http.StatusConflict, fmt.Sprintf(texts.T(texts.French, texts.DecisionFilmGone), ids[1]))
}

// dyingDB stops an apply dead at its nth TransactWriteItems from now, as a
// Lambda timeout would: nothing after it runs, no undo either.
type dyingDB struct {
	dynamo.DB
	countdown atomic.Int32
}

func (d *dyingDB) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if d.countdown.Add(-1) == 0 {
		panic("the function died")
	}
	return d.DB.TransactWriteItems(ctx, in, o...)
}

func TestAnApplyThatDiedPartWayIsPutBackOnceItsLeaseRunsOut(t *testing.T) {
	t.Parallel()
	dying := &dyingDB{}
	var ahead atomic.Int64 // how far the test moved the clock
	api := apitest.Start(t, func(o *localserver.Options) {
		o.WrapDB = func(inner dynamo.DB) dynamo.DB { dying.DB = inner; return dying }
		o.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
		o.JobsEvery = time.Hour // the test runs the recovery itself
	})
	st := api.Server.Deps.Store
	admin, ids := festivalOf(t, api, 70)
	var p preview
	api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": "awarded", "ids": ids}).Expect(http.StatusOK).Decode(&p)
	dying.countdown.Store(3) // two transactions of films written, then nothing
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).Expect(http.StatusInternalServerError)
	written := 0
	for _, s := range statuses(t, st) {
		if s == festival.StatusAwarded {
			written++
		}
	}
	if written != 2*32 {
		t.Fatalf("%d films written before the apply died, want 64", written)
	}
	// Within its lease the plan is still being applied: nothing is put back.
	if n, err := st.RecoverPlans(context.Background()); err != nil || n != 0 {
		t.Fatalf("recover within the lease = %d, %v", n, err)
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.DecisionPlanApplying))

	// An admin puts the first film up for discussion meanwhile: that change stands.
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", ids[0]), admin.Token, map[string]any{"status": "to_discuss"}).Expect(http.StatusOK)

	ahead.Store(int64(festival.PlanLease + time.Minute))
	if n, err := st.RecoverPlans(context.Background()); err != nil || n != 1 {
		t.Fatalf("recover after the lease = %d, %v; want the one plan", n, err)
	}
	for id, s := range statuses(t, st) {
		if want := map[bool]festival.SelectionStatus{true: festival.StatusToDiscuss, false: festival.StatusSubmitted}[id == ids[0]]; s != want {
			t.Errorf("film %d is %s after the recovery, want %s", id, s, want)
		}
	}
	if msgs := statusMessages(t, st); len(msgs) > 1 || (len(msgs) == 1 && msgs[ids[0]] == nil) {
		t.Errorf("the recovery left decision messages %v", msgs)
	}
	for id, l := range statusLedger(t, st) {
		if want := map[bool]string{true: "to_discuss", false: "submitted"}[id == ids[0]]; len(l) != 2 || l[1].Data["to"] != want {
			t.Errorf("film %d: ledger %+v, want there and back to %s", id, l, want)
		}
	}
	api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).ExpectError(http.StatusConflict, texts.T(texts.French, texts.DecisionPlanNotUsable))
}
