package screening

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/screening"
)

// With the watermark, each jury member's playlist picks their own sequence
// of A and B segments (the one the leak command reads back), written at each
// request from their ticket.
func TestEachJurorsPlaylistCarriesTheirOwnWatermarkSequence(t *testing.T) {
	t.Parallel()
	r := newRoom(t)
	id := r.film(t, "Documenteur", r.juror.ID, r.other.ID)
	segments := make([]float64, 40) // 4 minutes
	for i := range segments {
		segments[i] = 6
	}
	st := festival.Streaming{Version: 2, SegmentSeconds: 6, Segments: segments, Watermarked: true,
		Renditions: []festival.Rendition{{Name: "360p", Width: 640, Height: 360, Bandwidth: 985600}}}
	r.ready(t, id, st, 240)
	secret := screening.NewSecret(r.api.Server.Deps.Config.JWTSecret)
	segment := regexp.MustCompile(`/hls/s_360p_([AB])_(\d{5})\.ts\?`)
	sequences := map[int64]string{}
	for _, juror := range []struct {
		id    int64
		token string
	}{{r.juror.ID, r.juror.Token}, {r.other.ID, r.other.Token}} {
		ticket, _ := r.ticket(t, id, juror.token)
		p := string(r.api.Do("GET", playlist(id, "360p.m3u8", ticket), "", nil).Expect(http.StatusOK).Body)
		var got, want strings.Builder
		for i, m := range segment.FindAllStringSubmatch(p, -1) {
			got.WriteString(m[1])
			want.WriteString(secret.VariantFor(id, st.Version, juror.id, i+1))
		}
		if got.Len() != 40 || got.String() != want.String() {
			t.Fatalf("juror %d's sequence %q, want %q", juror.id, got.String(), want.String())
		}
		sequences[juror.id] = got.String()
	}
	if sequences[r.juror.ID] == sequences[r.other.ID] {
		t.Fatalf("two jurors got the same sequence %q", sequences[r.juror.ID])
	}
}
