package screening_test

import (
	"bytes"
	"context"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/screening/screeningtest"
	"github.com/festivalapi/festival/pkg/storage/files"
)

func readObject(t *testing.T, objects media.Objects, key string) []byte {
	t.Helper()
	body, err := objects.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer body.Close()
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPackageEncryptsAndAPlayerPlaysIt packages 70 seconds of film in two
// outputs, then lets ffprobe play the master playlist over HTTP as a
// jury member's player would: playlists written by Variant, keys served by
// minute, segments from the (fake) bucket's presigned URLs.
func TestPackageEncryptsAndAPlayerPlaysIt(t *testing.T) {
	t.Parallel()
	screeningtest.NeedFFmpeg(t)
	ctx := context.Background()
	secret := screening.NewSecret(jwtSecret)
	objects := newBucket(t)
	plan, err := media.NewPlan(42, 3, "movies/42/film.mp4", festival.MediaFacts{Video: &festival.VideoFacts{Width: 320, Height: 180}}, true)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	screeningtest.EncodeHLS(t, dir, plan.Outputs[0].Modifier(), 320, 180, 25, 70, "")
	clearDir := filepath.Join(dir, "clear")
	for _, o := range plan.Outputs {
		// Both forms from one encoding: this test is about the packaging.
		for _, name := range mustGlob(t, filepath.Join(dir, "f"+plan.Outputs[0].Modifier()+"*")) {
			copyRenamed(t, name, filepath.Join(clearDir, strings.Replace(filepath.Base(name), plan.Outputs[0].Modifier(), o.Modifier(), 1)),
				plan.Outputs[0].Modifier(), o.Modifier())
		}
		screeningtest.UploadClear(t, objects, plan, o, clearDir)
	}

	st, err := screening.Package(ctx, objects, secret, plan)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Segments) != 12 || st.Minutes() != 2 || !st.Watermarked || st.Version != 3 || len(st.Renditions) != 1 || st.SegmentSeconds != 6 {
		t.Fatalf("streaming %+v", st)
	}
	total := 0.0
	for _, d := range st.Segments {
		total += d
	}
	if math.Abs(total-70) > 0.1 {
		t.Fatalf("segments last %.3f s, want 70", total)
	}
	o := plan.Outputs[1]
	if _, err := objects.Get(ctx, plan.ClearSegment(o, 1)); err == nil {
		t.Fatal("a clear segment is still in the bucket")
	}
	// Segment 11 starts at 60 s: minute 1's key, IV 11.
	clear, err := os.ReadFile(filepath.Join(clearDir, filepath.Base(plan.ClearSegment(o, 11))))
	if err != nil {
		t.Fatal(err)
	}
	sealed := readObject(t, objects, plan.Segment(o, 11))
	if bytes.Contains(sealed, clear[:188]) {
		t.Fatal("the stored segment holds clear MPEG-TS")
	}
	if got, err := screening.Decrypt(secret.Key(42, 3, 1), screening.IV(11), sealed); err != nil || !bytes.Equal(got, clear) {
		t.Fatalf("segment 11 does not decrypt with minute 1's key: %v", err)
	}
	// A retried job (the clear segments gone) packages the same stream.
	again, err := screening.Package(ctx, objects, secret, plan)
	if err != nil || len(again.Segments) != len(st.Segments) {
		t.Fatalf("package again: %+v, %v", again, err)
	}

	frames := playOverHTTP(t, objects, secret, st, 7)
	if frames != 70*25 {
		t.Fatalf("the player decoded %d frames, want %d", frames, 70*25)
	}
}

// playOverHTTP answers how many video frames ffprobe decodes from a film's
// master playlist, served by serveFilm for a ticket of user.
func playOverHTTP(t *testing.T, objects *files.Store, secret screening.Secret, st festival.Streaming, user int64) int {
	t.Helper()
	out := screeningtest.Run(t, "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
		"-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", serveFilm(t, objects, secret, st, user))
	first, _, _ := strings.Cut(strings.TrimSpace(out), "\n") // the stream, then again under its program
	n, err := strconv.Atoi(first)
	if err != nil {
		t.Fatalf("ffprobe answered %q", out)
	}
	return n
}

// serveFilm serves film 42's playlists and keys as the API does, and
// answers the URL of its master playlist with a ticket of user.
func serveFilm(t *testing.T, objects *files.Store, secret screening.Secret, st festival.Streaming, user int64) string {
	t.Helper()
	ticket := secret.Mint(screening.Ticket{MovieID: 42, UserID: user, Role: festival.RoleJury, Expires: time.Now().Add(time.Hour)})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /movies/42/stream/{file}", func(w http.ResponseWriter, r *http.Request) {
		tk, err := secret.Open(r.URL.Query().Get("ticket"), 42, time.Now())
		if err != nil {
			http.Error(w, err.Error(), http.StatusForbidden)
			return
		}
		name := strings.TrimSuffix(r.PathValue("file"), ".m3u8")
		body := screening.Master(st, r.URL.Query().Get("ticket"))
		if name != "master" {
			if body, err = screening.Variant(r.Context(), objects, secret, st, name, tk, r.URL.Query().Get("ticket")); err != nil {
				http.Error(w, err.Error(), http.StatusNotFound)
				return
			}
		}
		w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
		io.WriteString(w, body)
	})
	mux.HandleFunc("GET /movies/42/keys/{minute}", func(w http.ResponseWriter, r *http.Request) {
		tk, err := secret.Open(r.URL.Query().Get("ticket"), 42, time.Now())
		minute, merr := strconv.Atoi(r.PathValue("minute"))
		if err != nil || merr != nil || minute >= st.Minutes() {
			http.Error(w, "refused", http.StatusForbidden)
			return
		}
		key := secret.Key(tk.MovieID, st.Version, minute)
		w.Write(key[:])
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/movies/42/stream/master.m3u8?ticket=" + ticket
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: %v %v", pattern, names, err)
	}
	return names
}

// copyRenamed copies a file, renaming a playlist's segments from one
// output's names to another's.
func copyRenamed(t *testing.T, from, to, oldModifier, newModifier string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if strings.HasSuffix(from, ".m3u8") {
		b = bytes.ReplaceAll(b, []byte(oldModifier), []byte(newModifier))
	}
	if err == nil {
		if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
			err = os.WriteFile(to, b, 0o644)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// putText writes a text object.
func putText(t *testing.T, objects media.Objects, key, text string) {
	t.Helper()
	if err := objects.PutObject(context.Background(), key, strings.NewReader(text), "application/vnd.apple.mpegurl"); err != nil {
		t.Fatal(err)
	}
}

func TestPackageRefusesOutputsThatDiffer(t *testing.T) {
	t.Parallel()
	objects := newBucket(t)
	plan, err := media.NewPlan(8, 1, "movies/8/film.mp4", festival.MediaFacts{Video: &festival.VideoFacts{Width: 1280, Height: 720}}, false)
	if err != nil {
		t.Fatal(err)
	}
	playlist := func(o media.Output, durations ...string) string {
		s := "#EXTM3U\n#EXT-X-TARGETDURATION:6\n"
		for i, d := range durations {
			s += "#EXTINF:" + d + ",\n" + filepath.Base(plan.ClearSegment(o, i+1)) + "\n"
		}
		return s + "#EXT-X-ENDLIST\n"
	}
	cases := []struct {
		name  string
		other []string
		want  string
	}{
		{"one segment less", []string{"6.000"}, "1 segments, want 2"},
		{"another duration", []string{"6.000", "3.500"}, "segment 2 lasts 3.500 s, want 2.000 s"},
	}
	for _, c := range cases {
		putText(t, objects, plan.ClearPlaylist(plan.Outputs[0]), playlist(plan.Outputs[0], "6.000", "2.000"))
		for _, o := range plan.Outputs[1:] {
			putText(t, objects, plan.ClearPlaylist(o), playlist(o, c.other...))
		}
		if _, err := screening.Package(context.Background(), objects, screening.NewSecret(jwtSecret), plan); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	putText(t, objects, plan.ClearPlaylist(plan.Outputs[1]), "#EXTM3U\n#EXTINF:6.0,\nother_00001.ts\n")
	if _, err := screening.Package(context.Background(), objects, screening.NewSecret(jwtSecret), plan); err == nil || !strings.Contains(err.Error(), `segment 1 is "other_00001.ts"`) {
		t.Errorf("a playlist naming other segments: %v", err)
	}
}

func TestParsePlaylist(t *testing.T) {
	t.Parallel()
	d, u, err := screening.ParsePlaylist(strings.NewReader("#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:6.006,\nf_360p_00001.ts\n\n#EXTINF:2,title\nsub/f_360p_00002.ts?x=1\n#EXT-X-ENDLIST\n"))
	if err != nil || len(d) != 2 || d[0] != 6.006 || d[1] != 2 || u[1] != "f_360p_00002.ts" {
		t.Fatalf("%v %v %v", d, u, err)
	}
	for _, bad := range []string{"", "#EXTM3U\n", "#EXTM3U\nseg.ts\n", "#EXTINF:abc,\nseg.ts\n", "#EXTINF:-1,\nseg.ts\n", "#EXTINF:NaN,\nseg.ts\n"} {
		if _, _, err := screening.ParsePlaylist(strings.NewReader(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
