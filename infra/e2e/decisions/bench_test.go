package decisions_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
)

// BenchmarkBulkDecision previews and applies a decision on every film of a
// festival of 300 and of 3,000 films (the closing note of issue 21): the
// time of each, and the DynamoDB requests of the apply per film. Each
// iteration decides every film again, alternately selected and refused.
// The functions' timeout is lifted so that a slow machine measures rather
// than fails; an apply slower than the deployed timeout (29 s) is reported.
//
//	go run ./infra/cmd/withdynamo go test -run '^$' -bench BulkDecision -benchtime 3x ./infra/e2e/decisions/
func BenchmarkBulkDecision(b *testing.B) {
	const deployedTimeout = 29 * time.Second // template.yaml, Globals.Function.Timeout
	for _, n := range []int{300, 3000} {
		b.Run(fmt.Sprintf("films=%d", n), func(b *testing.B) {
			api, db := apitest.StartCounting(b, func(o *localserver.Options) { o.FunctionTimeout = 5 * time.Minute })
			admin, ids := festivalOf(b, api, n)
			var previewTook, applyTook time.Duration
			var applyRequests int
			to := []string{"selected", "refused"}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				start := time.Now()
				var p preview
				api.Do("POST", "/movies/decisions/preview", admin.Token, map[string]any{"to": to[i%2], "ids": ids}).Expect(http.StatusOK).Decode(&p)
				previewTook += time.Since(start)
				db.Take()
				start = time.Now()
				api.Do("POST", "/movies/decisions/apply", admin.Token, map[string]any{"id_plan": p.PlanID}).Expect(http.StatusOK)
				took := time.Since(start)
				applyTook += took
				if took > deployedTimeout {
					b.Logf("an apply of %d decisions took %v: more than the function's %v on AWS", n, took.Round(time.Millisecond), deployedTimeout)
				}
				_, requests := db.Take()
				applyRequests += requests
				if p.Count != n {
					b.Fatalf("preview changes %d films, want %d", p.Count, n)
				}
			}
			runs := float64(b.N)
			b.ReportMetric(previewTook.Seconds()*1000/runs, "preview-ms")
			b.ReportMetric(applyTook.Seconds()*1000/runs, "apply-ms")
			b.ReportMetric(float64(applyRequests)/runs/float64(n), "requests/film")
		})
	}
}
