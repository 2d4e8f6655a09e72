package screening

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// What the screening's routes cost in DynamoDB requests: a player asks for
// a key every minute and a playlist at each renewal, so each is a few
// requests whatever the film's length or the jury's size.
func TestTheScreeningRoutesCostAFewRequestsEach(t *testing.T) {
	t.Parallel()
	api, db := apitest.StartCounting(t)
	r := roomOn(api, nil)
	id := r.film(t, "Jacquot de Nantes", r.juror.ID)
	segments := make([]float64, 900) // a 90-minute film
	for i := range segments {
		segments[i] = 6
	}
	r.ready(t, id, festival.Streaming{Version: 1, SegmentSeconds: 6, Segments: segments,
		Renditions: []festival.Rendition{{Name: "720p", Width: 1280, Height: 720, Bandwidth: 3220800}, {Name: "360p", Width: 640, Height: 360, Bandwidth: 985600}}}, 5400)
	ticket, _ := r.ticket(t, id, r.juror.Token)
	adminTicket, _ := r.ticket(t, id, r.admin.Token)
	for _, c := range []struct {
		name, path, token string
		ceiling           int
	}{
		// The token check, the film, the jury member's watch noted once.
		{"ticket", fmt.Sprintf("/movies/%d/stream", id), r.juror.Token, 3},
		{"master playlist", playlist(id, "master.m3u8", ticket), "", 1},
		{"rendition playlist (900 segments presigned)", playlist(id, "720p.m3u8", ticket), "", 1},
		// The film, the watch read, the watch written (with the film's check).
		{"key, jury member", keyPath(id, 42, ticket), "", 3},
		{"key, admin (not logged)", keyPath(id, 42, adminTicket), "", 1},
		{"viewing with the server's count", fmt.Sprintf("/movies/%d/viewing", id), r.juror.Token, 3},
	} {
		db.Take()
		start := time.Now()
		api.Do("GET", c.path, c.token, nil).Expect(http.StatusOK)
		took := time.Since(start)
		byOp, n := db.Take()
		t.Logf("| %s | %d | %v | %.1f ms |", c.name, n, byOp, float64(took.Microseconds())/1000)
		if n > c.ceiling {
			t.Errorf("%s: %d DynamoDB requests %v, want at most %d", c.name, n, byOp, c.ceiling)
		}
	}
}
