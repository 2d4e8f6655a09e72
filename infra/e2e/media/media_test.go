// Package media_test proves the media pipeline on the local stack with
// films ffmpeg makes at test time: a film uploaded is measured, checked and
// streamed, and what the checks find reaches the producer while the
// submissions are open.
package media_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// needFFmpeg skips a test on a machine without ffmpeg, and fails it in CI
// (CI=true), where the Makefile installed it.
func needFFmpeg(t *testing.T) {
	t.Helper()
	for _, p := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(p); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed: the media tests need it (make check-tools installs the Debian package ffmpeg)", p)
			}
			t.Skipf("%s is not installed: the media tests need it (apt-get install ffmpeg)", p)
		}
	}
}

// film makes a test film: seconds of testsrc2 at size with a 440 Hz tone,
// in the video codec and pixel format given, small enough for a multipart
// submission.
func film(t *testing.T, seconds int, size, codec, pixFmt string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "film.mp4")
	args := []string{"-v", "error", "-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%s:rate=10", size),
		"-f", "lavfi", "-i", "sine=frequency=440", "-t", fmt.Sprint(seconds),
		"-c:v", codec, "-pix_fmt", pixFmt, "-preset", "ultrafast", "-b:v", "120k", "-c:a", "aac", "-b:a", "32k"}
	if codec == "libx265" {
		args = append(args, "-tag:v", "hvc1", "-x265-params", "log-level=error")
	}
	args = append(args, "-movflags", "+faststart", "-y", out)
	if msg, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// start is a local API whose media jobs encode at x264's fastest preset.
func start(t *testing.T) *apitest.API {
	return apitest.Start(t, func(o *localserver.Options) {
		o.MediaJobs = true
		o.Getenv = func(k string) string {
			if k == "MEDIA_PRESET" {
				return "ultrafast"
			}
			return ""
		}
	})
}

// submit uploads a film with its declared runtime and returns its id.
func submit(t *testing.T, api *apitest.API, token, title string, declared int, mp4 []byte, srt ...string) int64 {
	t.Helper()
	form := apitest.NewMultipart().Field("title", title).Field("duration", fmt.Sprint(declared)).
		File("filmFile", "film.mp4", mp4)
	for _, s := range srt {
		form.File("subtitlesSrt", "film.srt", []byte(s))
	}
	form.Close()
	r := api.Do("POST", "/movies/upload", token, form).Expect(http.StatusCreated).JSON()
	m := r["movie"].(map[string]any)
	if media, _ := m["media"].(map[string]any); media == nil || media["state"] != "queued" || media["file"] != m["trailer"] {
		t.Fatalf("a film just submitted: media %v, want queued on its file %v", m["media"], m["trailer"])
	}
	return int64(m["id_movie"].(float64))
}

// settle waits until the film's media job is done (ready or failed) and
// returns its media as the owner reads it.
func settle(t *testing.T, api *apitest.API, token string, id int64, within time.Duration) map[string]any {
	t.Helper()
	began := time.Now()
	deadline := began.Add(within)
	for {
		m := api.Do("GET", fmt.Sprintf("/movies/%d", id), token, nil).Expect(http.StatusOK).JSON()
		media, _ := m["media"].(map[string]any)
		if media != nil && (media["state"] == "ready" || media["state"] == "failed") {
			t.Logf("film %d: %s %.1f s after its upload", id, media["state"], time.Since(began).Seconds())
			return media
		}
		if time.Now().After(deadline) {
			t.Fatalf("film %d: media %v after %s, want ready or failed", id, media, within)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestATwoMinuteFilmIsMeasuredAndStreamsInSixSecondSegments(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	api := start(t)
	prod, other := api.Register("PRODUCER"), api.Register("PRODUCER")
	id := submit(t, api, prod.Token, "Cléo de 5 à 7", 120, film(t, 120, "640x360", "libx264", "yuv420p"),
		"1\n00:00:01,000 --> 00:00:04,000\nBonjour.\n\n2\n00:01:55,000 --> 00:01:58,000\nAu revoir.\n")

	media := settle(t, api, prod.Token, id, 2*time.Minute)
	if media["state"] != "ready" || media["error"] != nil {
		t.Fatalf("media %v, want ready", media)
	}
	facts := media["facts"].(map[string]any)
	if d := facts["duration"].(float64); d < 119.9 || d > 120.1 {
		t.Errorf("measured duration %v, want 120 within 0.1 s", d)
	}
	video := facts["video"].(map[string]any)
	if video["codec"] != "h264" || video["pix_fmt"] != "yuv420p" || video["width"] != 640.0 || video["height"] != 360.0 {
		t.Errorf("video facts %v", video)
	}
	if audio := facts["audio"].(map[string]any); audio["codec"] != "aac" || facts["loudness"] == nil {
		t.Errorf("audio facts %v, loudness %v", audio, facts["loudness"])
	}
	if facts["subtitles_end"] != 118.0 || facts["subtitles_coverage"] != 0.983 {
		t.Errorf("subtitles end %v, coverage %v, want 118 and 0.983", facts["subtitles_end"], facts["subtitles_coverage"])
	}
	if flags := media["flags"].([]any); len(flags) != 0 {
		t.Errorf("a playable, subtitled film of its declared runtime is flagged: %v", flags)
	}
	st := media["streaming"].(map[string]any)
	renditions, segments := st["renditions"].([]any), st["segments"].([]any)
	if len(renditions) != 1 || renditions[0].(map[string]any)["name"] != "360p" {
		t.Errorf("renditions %v, want the 360p the source allows", renditions)
	}
	if len(segments) != 20 || st["segment_seconds"] != 6.0 || st["watermarked"] != false {
		t.Errorf("streaming: %d segments of %v s (watermarked %v), want 20 of 6", len(segments), st["segment_seconds"], st["watermarked"])
	}
	for i, s := range segments {
		if d := s.(float64); d < 5.9 || d > 6.1 {
			t.Errorf("segment %d lasts %v s, want 6", i+1, d)
		}
	}

	// The facts are the producer's and the admins': another producer, a
	// juror and the public read the film without them.
	for who, token := range map[string]string{"another producer": other.Token, "a juror": api.Register("JURY").Token, "the public": ""} {
		m := api.Do("GET", fmt.Sprintf("/movies/%d", id), token, nil).Expect(http.StatusOK).JSON()
		if _, ok := m["media"]; ok {
			t.Errorf("%s reads the film's media: %v", who, m["media"])
		}
		for _, l := range api.Do("GET", "/movies", token, nil).Expect(http.StatusOK).List() {
			if _, ok := l["media"]; ok {
				t.Errorf("%s reads a film's media in the list: %v", who, l["media"])
			}
		}
	}
	admin := api.Register("ADMIN")
	if m := api.Do("GET", fmt.Sprintf("/movies/%d", id), admin.Token, nil).Expect(http.StatusOK).JSON(); m["media"] == nil {
		t.Error("an admin does not read the film's media")
	}

	// New subtitles that stop after a minute: measured and checked again,
	// the stream kept as it is.
	short := []byte("1\n00:00:01,000 --> 00:00:30,000\nBonjour.\n")
	uploads := fmt.Sprintf("/movies/%d/uploads", id)
	started := api.Do("POST", uploads, prod.Token, map[string]any{"part": "subtitlesSrt", "size": len(short)}).Expect(http.StatusCreated).JSON()
	api.Do("POST", uploads+"/complete", prod.Token, map[string]any{
		"part": "subtitlesSrt", "name": started["name"], "upload_id": started["upload_id"], "parts": apitest.PutParts(t, started, short),
	}).Expect(http.StatusOK)
	deadline := time.Now().Add(time.Minute)
	for {
		media := api.Do("GET", fmt.Sprintf("/movies/%d", id), prod.Token, nil).Expect(http.StatusOK).JSON()["media"].(map[string]any)
		if flags := media["flags"].([]any); len(flags) == 1 {
			f := flags[0].(map[string]any)
			if f["check"] != "subtitles_short" || media["facts"].(map[string]any)["subtitles_end"] != 30.0 {
				t.Errorf("after new subtitles: flag %v, facts %v", f, media["facts"])
			}
			if media["state"] != "ready" || media["streaming"].(map[string]any)["version"] != st["version"] {
				t.Errorf("new subtitles changed the stream: %v", media)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("new subtitles not checked within a minute: %v", media)
		}
		time.Sleep(200 * time.Millisecond)
	}
	// The check that newly fails is told to the producer.
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	told := false
	for _, m := range api.Mailbox(t) {
		told = told || m.To == prod.Email && strings.Contains(m.Text, "Les sous-titres s'arrêtent à")
	}
	if !told {
		t.Error("the producer is not told that the new subtitles stop early")
	}
}

func TestUnplayableFilmsAreFlaggedAndTheProducerToldWhileTheWindowIsOpen(t *testing.T) {
	needFFmpeg(t)
	t.Parallel()
	api := start(t)
	admin, prod, jury := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	closes := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Minute)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"submissions_close_at": closes.Format(time.RFC3339)}).Expect(http.StatusOK)

	hevc := submit(t, api, prod.Token, "Le Bonheur", 5, film(t, 5, "320x180", "libx265", "yuv420p"))
	chroma := submit(t, api, prod.Token, "Daguerréotypes", 5, film(t, 5, "320x180", "libx264", "yuv422p"))
	for id, reason := range map[int64]string{hevc: "HEVC (H.265)", chroma: "4:2:2"} {
		media := settle(t, api, prod.Token, id, time.Minute)
		flags := media["flags"].([]any)
		if len(flags) != 1 {
			t.Fatalf("film %d: flags %v, want unplayable only", id, flags)
		}
		f := flags[0].(map[string]any)
		if f["check"] != "unplayable" || f["action"] != "warn" || !strings.Contains(f["reason"].(string), reason) {
			t.Errorf("film %d: flag %v, want unplayable (warn) naming %s", id, f, reason)
		}
	}
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, m := range api.Mailbox(t) {
		if m.To != prod.Email || !strings.Contains(m.Subject, "vérifiez le fichier du film") {
			continue
		}
		told++
		if !strings.Contains(m.Text, "que les navigateurs ne lisent pas tous") || !strings.Contains(m.Text, "Vous pouvez remplacer le fichier jusqu'au") {
			t.Errorf("the producer's message does not give the reason and the date: %s", m.Text)
		}
	}
	if told != 2 {
		t.Errorf("the producer got %d media messages, want one per flagged film (2)", told)
	}

	// A festival that refuses unplayable files gives such a film no jury
	// until its file is replaced.
	api.Do("PUT", "/settings", admin.Token, map[string]any{"media_checks": map[string]any{"unplayable": "refuse"}}).Expect(http.StatusOK)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"media_checks": map[string]any{"unplayble": "refuse"}}).
		ExpectErrorAbout(http.StatusBadRequest, `"unplayble"`)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"media_checks": map[string]any{"shorter": "block"}}).
		ExpectErrorAbout(http.StatusBadRequest, `"block"`)
	if c := api.Do("GET", "/settings", admin.Token, nil).Expect(http.StatusOK).JSON()["media_checks"].(map[string]any); c["unplayable"] != "refuse" || c["no_video"] != "warn" || len(c) != 6 { // 6 checks since subtitles_language
		t.Errorf("media_checks read back as %v", c)
	}
	refused := submit(t, api, prod.Token, "Sans toit ni loi", 5, film(t, 5, "320x180", "libx265", "yuv420p"))
	if f := settle(t, api, prod.Token, refused, time.Minute)["flags"].([]any); len(f) != 1 || f[0].(map[string]any)["action"] != "refuse" {
		t.Fatalf("flags %v, want unplayable (refuse)", f)
	}
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", refused), admin.Token, map[string]any{"juries": []int64{jury.ID}}).
		ExpectErrorAbout(http.StatusConflict, "HEVC (H.265)")
	preview := api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 1}).Expect(http.StatusOK).JSON()
	for _, f := range preview["films"].([]any) {
		if f.(map[string]any)["id_movie"] == float64(refused) {
			t.Errorf("the automatic assignment staffs a refused film: %v", f)
		}
	}
	held := preview["held"].([]any)
	if len(held) != 1 || held[0].(map[string]any)["id_movie"] != float64(refused) || !strings.Contains(held[0].(map[string]any)["reason"].(string), "HEVC") {
		t.Errorf("held %v, want the refused film with its reason", held)
	}
	// The film flagged before the festival refused such files keeps its
	// warning (the action is the one its check ran with).
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", chroma), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
}
