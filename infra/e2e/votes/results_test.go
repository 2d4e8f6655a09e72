package votes_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestJuryResultsRankMoviesAndExportCSV(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	admin := api.Register("ADMIN")
	juries := []apitest.Account{api.Register("JURY"), api.Register("JURY"), api.Register("JURY")}
	shorts := api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Courts"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)
	a := newMovie(t, api, prod, "=Alpha")
	b := newMovie(t, api, prod, "Beta")
	c := newMovie(t, api, prod, "Gamma (sans vote)")
	api.Do("PUT", path("/movies/%d/categories", b), admin.Token, map[string]any{"categories": []any{shorts["id_categorie"]}}).Expect(http.StatusOK)
	scores := map[int64][]float64{a: {6, 8, 10}, b: {9, 9.5}}
	for movie, ss := range scores {
		for i, s := range ss {
			api.Do("POST", path("/votes/mine/%d", movie), juries[i].Token, map[string]any{"score": s, "is_candidate": s >= 9}).Expect(http.StatusCreated)
		}
	}
	res := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).List()
	if len(res) != 3 {
		t.Fatalf("results = %v", res)
	}
	// Beta (mean 9.25) before Alpha (mean 8), Gamma unranked last.
	if res[0]["id_movie"] != float64(b) || res[0]["rank"] != float64(1) || res[0]["mean"] != 9.25 || res[0]["vote_count"] != float64(2) ||
		res[0]["min"] != float64(9) || res[0]["max"] != 9.5 || res[0]["spread"] != 0.25 || res[0]["candidate_flags"] != float64(2) {
		t.Fatalf("first = %v", res[0])
	}
	if res[1]["id_movie"] != float64(a) || res[1]["rank"] != float64(2) || res[1]["mean"] != float64(8) || res[1]["spread"] != 1.63 || res[1]["candidate_flags"] != float64(1) {
		t.Fatalf("second = %v", res[1])
	}
	if res[2]["id_movie"] != float64(c) || res[2]["rank"] != nil || res[2]["mean"] != nil || res[2]["vote_count"] != float64(0) {
		t.Fatalf("third = %v", res[2])
	}
	per := api.Do("GET", path("/votes/results?id_categorie=%v", shorts["id_categorie"]), admin.Token, nil).Expect(http.StatusOK).List()
	if len(per) != 1 || per[0]["id_movie"] != float64(b) || per[0]["rank"] != float64(1) {
		t.Fatalf("results of the category = %v", per)
	}
	api.Do("GET", "/votes/results?id_categorie=999", admin.Token, nil).ExpectError(http.StatusNotFound, "Catégorie non trouvée")
	api.Do("GET", "/votes/results?id_categorie=abc", admin.Token, nil).Expect(http.StatusBadRequest)

	r := api.Do("GET", "/votes/results.csv", admin.Token, nil).Expect(http.StatusOK)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Fatalf("Content-Type %q", ct)
	}
	rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Fatalf("CSV = %q, %v", r.Body, err)
	}
	if strings.Join(rows[0], ",") != "rank,id_movie,title,selection_status,categories,vote_count,mean,min,max,spread,candidate_flags,"+
		"rank_low,rank_high,normalized_mean,normalized_rank,normalized_rank_low,normalized_rank_high,watched_share_min" {
		t.Fatalf("header %v", rows[0])
	}
	if strings.Join(rows[1][:11], ",") != fmt.Sprintf("1,%d,Beta,candidate,Courts,2,9.25,9,9.5,0.25,2", b) || rows[1][14] != "1" {
		t.Fatalf("row 1 %v", rows[1])
	}
	// A title that a spreadsheet would run as a formula is neutralized.
	if rows[2][2] != "'=Alpha" || rows[3][0] != "" {
		t.Fatalf("rows %v", rows[2:])
	}
}

// TestResultsNeedNoRequestPerFilm measures the DynamoDB requests of one
// GET /votes/results with 100 films and 5 jurors' votes on each.
func TestResultsNeedNoRequestPerMovie(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	prod := api.Register("PRODUCER")
	admin := api.Register("ADMIN")
	st := api.Server.Deps.Store
	ctx := context.Background()
	var jurors []festival.Actor
	for i := 0; i < 5; i++ {
		jurors = append(jurors, festival.Actor{ID: api.Register("JURY").ID, Role: festival.RoleJury})
	}
	movies := make([]int64, 100)
	for i := range movies {
		movies[i] = newMovie(t, api, prod, fmt.Sprintf("Film %03d with a title of a realistic length", i))
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i, f := range movies {
		for j, who := range jurors {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				s := festival.WholeDecimal(int64((i*7 + j*3) % 11))
				comment := strings.Repeat("Commentaire détaillé du juré. ", 8)
				if _, err := st.SaveVote(ctx, who, f, festival.VoteChange{Score: &s, Comment: &comment, CommentSet: true}, nil); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	db.Take()
	start := time.Now()
	res := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).List()
	elapsed := time.Since(start)
	ops, total := db.Take()
	if len(res) != 100 || res[0]["vote_count"] != float64(5) {
		t.Fatalf("results: %d films, first %v", len(res), res[0])
	}
	t.Logf("GET /votes/results, 100 films x 5 jurors: %d DynamoDB requests %v in %s", total, ops, elapsed)
	// 1 GetItem (token check) + 1 Query of the films + 1 Query of the 500 votes
	// (each under 1 MB): the count does not grow with the number of films.
	if total > 4 {
		t.Fatalf("%d requests %v, want at most 4", total, ops)
	}
	api.Do("GET", "/votes/results.csv", admin.Token, nil).Expect(http.StatusOK)
	if _, total := db.Take(); total > 4 {
		t.Fatalf("CSV: %d requests", total)
	}
}

func TestTheAuditTrailIsReadByAdminsWithFilters(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	admin := api.Register("ADMIN")
	jury := api.Register("JURY")
	movie := newMovie(t, api, prod, "Audité")
	api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 8, "is_candidate": true}).Expect(http.StatusCreated)
	api.Do("POST", path("/votes/mine/%d", movie), jury.Token, map[string]any{"score": 7}).Expect(http.StatusOK)
	api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Animation"}).Expect(http.StatusCreated)

	api.Do("GET", "/audit", "", nil).ExpectError(http.StatusUnauthorized, msgToken)
	api.Do("GET", "/audit", jury.Token, nil).ExpectError(http.StatusForbidden, msgAdminOnly)

	all := api.Do("GET", "/audit", admin.Token, nil).Expect(http.StatusOK).List()
	if len(all) != 4 || all[0]["action"] != "category.create" {
		t.Fatalf("GET /audit = %v", all)
	}
	for _, e := range all {
		for _, k := range []string{"id_audit", "at", "actor_id", "actor_role", "action", "target"} {
			if _, ok := e[k]; !ok {
				t.Fatalf("entry without %s: %v", k, e)
			}
		}
	}
	mine := api.Do("GET", path("/audit?actor=%d", jury.ID), admin.Token, nil).Expect(http.StatusOK).List()
	if len(mine) != 3 || mine[0]["action"] != "vote.update" || mine[0]["actor_role"] != "JURY" {
		t.Fatalf("audit of the juror = %v", mine)
	}
	cand := api.Do("GET", path("/audit?action=movie.candidate&target=movie:%d", movie), admin.Token, nil).Expect(http.StatusOK).List()
	if len(cand) != 1 || cand[0]["details"].(map[string]any)["from"] != "submitted" {
		t.Fatalf("candidate entries = %v", cand)
	}
	// Pages follow X-Next-Cursor.
	var got []any
	url := "/audit?limit=3"
	for {
		r := api.Do("GET", url, admin.Token, nil).Expect(http.StatusOK)
		for _, e := range r.List() {
			got = append(got, e["id_audit"])
		}
		next := r.Header.Get("X-Next-Cursor")
		if next == "" {
			break
		}
		url = "/audit?limit=3&cursor=" + next
	}
	if len(got) != 4 || got[0] != all[0]["id_audit"] || got[3] != all[3]["id_audit"] {
		t.Fatalf("paged ids %v", got)
	}
	future := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	if l := api.Do("GET", "/audit?from="+future, admin.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Fatalf("entries from the future: %v", l)
	}
	if l := api.Do("GET", "/audit?to="+future+"&from=2020-01-01", admin.Token, nil).Expect(http.StatusOK).List(); len(l) != 4 {
		t.Fatalf("entries in range: %d", len(l))
	}
	for _, q := range []string{"actor=abc", "from=yesterday", "to=2020-01-01&from=2021-01-01", "limit=0", "limit=5000", "cursor=garbage"} {
		api.Do("GET", "/audit?"+q, admin.Token, nil).Expect(http.StatusBadRequest)
	}
}
