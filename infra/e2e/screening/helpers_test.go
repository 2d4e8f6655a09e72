package screening

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
)

// needFFmpeg skips a test that needs ffmpeg where it is missing, and fails
// it under CI, where the Makefile installs it.
func needFFmpeg(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("ffmpeg is missing (install the Debian package ffmpeg: make does it)")
		}
		t.Skip("ffmpeg is missing (install the Debian package ffmpeg)")
	}
}

// room is a festival on the local stack: an admin, a producer, a jury
// member and another one.
type room struct {
	api                           *apitest.API
	clock                         *apitest.Clock
	admin, producer, juror, other apitest.Account
}

func newRoom(t *testing.T) room {
	api, clock := apitest.StartOnClock(t)
	return roomOn(api, clock)
}

func roomOn(api *apitest.API, clock *apitest.Clock) room {
	return room{api: api, clock: clock, admin: api.Register("ADMIN"), producer: api.Register("PRODUCER"),
		juror: api.Register("JURY"), other: api.Register("JURY")}
}

// filmFile is the stored film file of the tests' films (not in the
// bucket: their stream is all they play).
const filmFile = "filmFile-1732270000000-123456789.mp4"

// film stores a film of the producer with the jury members given, its file
// arrived and its media job queued.
func (r room) film(t *testing.T, title string, jury ...int64) int64 {
	t.Helper()
	file := filmFile
	id := r.api.StoreMovie(t, r.producer, festival.Movie{Title: title, Trailer: &file,
		Media: &festival.FilmMedia{State: festival.MediaQueued, File: filmFile, Flags: []festival.MediaFlag{}}})
	r.assign(t, id, jury...)
	return id
}

// assign sets a film's jury through the store, as PUT /movies/{id}/juries
// does. (Its answer shows the film's media, whose updatedAt the store does
// not keep yet: festival.Time has no DynamoDB form, so the contract check
// of that answer would fail on a field these tests are not about.)
func (r room) assign(t *testing.T, id int64, jury ...int64) {
	t.Helper()
	admin := festival.Actor{ID: r.admin.ID, Role: festival.RoleAdmin}
	if _, err := r.api.Server.Deps.Store.AssignJuries(context.Background(), admin, id, jury); err != nil {
		t.Fatal(err)
	}
}

// encode makes a film stream as its media job would leave it: ffmpeg
// encodes seconds of a generated picture and sound into clear 6-second
// HLS segments (small: the renditions' content does not matter here), the
// same clear files stand for each output of a plan for an 854x480 source
// (480p and 360p), the packager encrypts them into the bucket, and the
// film's media is set ready with its stream.
func (r room) encode(t *testing.T, id int64, seconds int) festival.Streaming {
	t.Helper()
	needFFmpeg(t)
	dir := t.TempDir()
	var errb bytes.Buffer
	cmd := exec.Command("ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", fmt.Sprint(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "150",
		"-force_key_frames", "expr:gte(t,n_forced*6)", "-c:a", "aac", "-b:a", "32k",
		"-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod", "-start_number", "1",
		"-hls_segment_filename", filepath.Join(dir, "f_%05d.ts"), filepath.Join(dir, "f.m3u8"))
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, errb.String())
	}
	deps := r.api.Server.Deps
	plan, err := media.NewPlan(id, 1, "movies/film.mp4", festival.MediaFacts{Video: &festival.VideoFacts{Width: 854, Height: 480}}, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	names, _ := filepath.Glob(filepath.Join(dir, "f*"))
	for _, o := range plan.Outputs {
		for _, name := range names {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimPrefix(filepath.Base(name), "f")
			if strings.HasSuffix(base, ".m3u8") {
				// The playlist names its segments as the engine does.
				b = []byte(strings.ReplaceAll(string(b), "f_", "f"+o.Modifier()+"_"))
			}
			key := plan.ClearDestination() + o.Modifier() + base
			if err := deps.Files.PutObject(ctx, key, bytes.NewReader(b), "application/octet-stream"); err != nil {
				t.Fatal(err)
			}
		}
	}
	st, err := screening.Package(ctx, deps.Files, screening.NewSecret(deps.Config.JWTSecret), plan)
	if err != nil {
		t.Fatalf("package: %v", err)
	}
	r.ready(t, id, st, float64(seconds))
	return st
}

// ready sets a film's media ready with its stream, as the media job ends.
func (r room) ready(t *testing.T, id int64, st festival.Streaming, seconds float64) {
	t.Helper()
	m := festival.FilmMedia{
		State: festival.MediaReady, File: filmFile, Flags: []festival.MediaFlag{}, Streaming: &st,
		Facts: &festival.MediaFacts{Duration: seconds, Container: "mp4", Video: &festival.VideoFacts{Codec: "h264", Width: 854, Height: 480}},
	}
	if err := r.api.Server.Deps.Store.SetFilmMedia(context.Background(), id, m, nil); err != nil {
		t.Fatal(err)
	}
}

// ticket asks for a ticket to the film's stream and returns it, with the
// answer.
func (r room) ticket(t *testing.T, id int64, token string) (string, map[string]any) {
	t.Helper()
	body := r.api.Do("GET", fmt.Sprintf("/movies/%d/stream", id), token, nil).Expect(http.StatusOK).JSON()
	u, err := url.Parse(body["master"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("ticket"), body
}

func playlist(id int64, file, ticket string) string {
	return fmt.Sprintf("/movies/%d/stream/%s?ticket=%s", id, file, url.QueryEscape(ticket))
}

func keyPath(id int64, minute any, ticket string) string {
	return fmt.Sprintf("/movies/%d/keys/%v?ticket=%s", id, minute, url.QueryEscape(ticket))
}
