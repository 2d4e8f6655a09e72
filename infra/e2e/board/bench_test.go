package board_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// BenchmarkBoard times GET /movies/board over 500 and 5,000 films, each
// with three votes, through HTTP on the local stack, and counts its
// DynamoDB requests (the token check included). Run it with
//
//	go run ./infra/cmd/withdynamo go test -run '^$' -bench Board ./infra/e2e/board/
//
// "first" is the call after a write (the list kept in memory is read
// again); past 2,000 film ids the list is not kept and each call pages the
// index.
func BenchmarkBoard(b *testing.B) {
	for _, n := range []int{500, 5000} {
		b.Run(fmt.Sprintf("films=%d", n), func(b *testing.B) {
			api, db := apitest.StartCounting(b)
			admin := seedBoard(b, api, n)
			query := "/movies/board?sort=mean&order=desc&per_page=50&around=7"
			db.Take()
			start := time.Now()
			api.Do("GET", query, admin.Token, nil).Expect(http.StatusOK)
			firstMS := float64(time.Since(start).Microseconds()) / 1000
			_, first := db.Take()
			requests := 0
			for b.Loop() {
				api.Do("GET", query, admin.Token, nil).Expect(http.StatusOK)
				_, n := db.Take()
				requests += n
			}
			// Reported after the loop: b.Loop's first call resets the metrics.
			b.ReportMetric(firstMS, "first-ms")
			b.ReportMetric(float64(first), "first-requests")
			b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
		})
	}
}

// seedBoard writes n films straight through the store (as many at once as
// DynamoDB Local takes well), in three categories, and three jurors' votes
// on each, and returns an admin.
func seedBoard(b *testing.B, api *apitest.API, n int) apitest.Account {
	b.Helper()
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	var jurors []apitest.Account
	for range 3 {
		jurors = append(jurors, api.Register("JURY"))
	}
	var cats []festival.MovieCategory
	for _, name := range []string{"Fiction", "Documentaire", "Animation"} {
		r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated).JSON()
		cats = append(cats, festival.MovieCategory{ID: int64(r["newCategory"].(map[string]any)["id_categorie"].(float64)), Name: name})
	}
	st, ctx := api.Server.Deps.Store, context.Background()
	countries := []string{"France", "Belgique", "Canada", "Sénégal", "Japon"}
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed error
	for range 8 {
		wg.Go(func() {
			for i := range work {
				if err := seedFilm(ctx, st, prod, jurors, i, cats[i%3], countries[i%5]); err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	if failed != nil {
		b.Fatal(failed)
	}
	return admin
}

type seedStore interface {
	NewMovieID(ctx context.Context) (int64, error)
	CreateMovie(ctx context.Context, m festival.Movie, a festival.Admission) error
	SaveVote(ctx context.Context, actor festival.Actor, movieID int64, ch festival.VoteChange, judged *festival.VoteGround) (festival.VoteOutcome, error)
}

func seedFilm(ctx context.Context, st seedStore, prod apitest.Account, jurors []apitest.Account, i int, cat festival.MovieCategory, country string) error {
	id, err := st.NewMovieID(ctx)
	if err != nil {
		return err
	}
	now := festival.NewTime(time.Now())
	secs := int64(60 + i%900)
	m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %04d", i), Duration: &secs, Nationality: &country, OwnerID: prod.ID,
		Producer: &festival.Producer{ID: prod.ID, FirstName: "Prénom", LastName: "Nom"}, SelectionStatus: festival.StatusSubmitted,
		Categories: []festival.MovieCategory{cat}, CreatedAt: now, UpdatedAt: now}
	if err := st.CreateMovie(ctx, m, festival.Admission{}); err != nil {
		return err
	}
	for j, juror := range jurors {
		score := festival.WholeDecimal(int64((i*7 + j*3) % 11))
		if _, err := st.SaveVote(ctx, festival.Actor{ID: juror.ID, Role: festival.RoleJury}, id, festival.VoteChange{Score: &score}, nil); err != nil {
			return fmt.Errorf("vote on film %d: %w", id, err)
		}
	}
	return nil
}
