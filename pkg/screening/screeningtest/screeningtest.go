// Package screeningtest makes films for the tests of the screening: encoded
// by ffmpeg at test time (never a committed video), as the media engines
// leave them, and packaged.
package screeningtest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
)

// NeedFFmpeg skips a test that needs ffmpeg and ffprobe where they are
// missing, and fails it under CI (CI=true), where the Makefile installs them.
func NeedFFmpeg(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing (install the Debian package ffmpeg: make does it)", tool)
			}
			t.Skipf("%s is missing (install the Debian package ffmpeg)", tool)
		}
	}
}

// Run runs a command and fails the test with its output when it fails; it
// answers the command's standard output.
func Run(t testing.TB, name string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// EncodeHLS encodes seconds of a generated film (testsrc2 at fps frames a
// second, a sine) at w x h as the engines do: H.264 + AAC in 6-second MPEG-TS
// segments named f<modifier>_%05d.ts from 1 and their playlist
// f<modifier>.m3u8, in dir. With a watermark form ("A" or "B"),
// media.WatermarkPattern is laid over the picture at
// media.WatermarkOpacityPercent, as the engines lay it.
func EncodeHLS(t testing.TB, dir, modifier string, w, h, fps, seconds int, variant string) {
	t.Helper()
	args := []string{"-v", "error", "-y", "-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%dx%d:rate=%d", w, h, fps),
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000"}
	if variant != "" {
		pattern := filepath.Join(dir, "pattern"+variant+".png")
		writePNG(t, pattern, media.WatermarkPattern(variant, w, h))
		args = append(args, "-loop", "1", "-i", pattern, "-filter_complex",
			fmt.Sprintf("[2:v]format=rgba,colorchannelmixer=aa=%.2f[m];[0:v][m]overlay=shortest=1,format=yuv420p[v]", media.WatermarkOpacityPercent/100.0),
			"-map", "[v]", "-map", "1:a")
	}
	args = append(args, "-t", strconv.Itoa(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "150",
		"-force_key_frames", "expr:gte(t,n_forced*6)", "-c:a", "aac", "-b:a", "32k",
		"-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod", "-start_number", "1",
		"-hls_segment_filename", filepath.Join(dir, "f"+modifier+"_%05d.ts"), filepath.Join(dir, "f"+modifier+".m3u8"))
	Run(t, "ffmpeg", args...)
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// UploadClear puts an output's clear playlist and segments, encoded in dir
// under the output's names, where the plan's engine would leave them.
func UploadClear(t testing.TB, objects media.Objects, plan media.Plan, o media.Output, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "f"+o.Modifier()+"[._]*"))
	if err != nil || len(names) < 2 {
		t.Fatalf("clear files of %s in %s: %v %v", o.Modifier(), dir, names, err)
	}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		key := strings.TrimSuffix(plan.ClearDestination(), "f") + filepath.Base(name)
		if err := objects.PutObject(context.Background(), key, bytes.NewReader(b), "application/octet-stream"); err != nil {
			t.Fatal(err)
		}
	}
}

// WatermarkedFilm encodes seconds of a 160x90 film at 10 fps (fewer
// frames: a faster test) in both watermark forms,
// leaves them in the bucket as an engine would, packages them and answers
// the film's stream.
func WatermarkedFilm(t testing.TB, objects media.Objects, secret screening.Secret, movieID int64, seconds int) festival.Streaming {
	t.Helper()
	plan, err := media.NewPlan(movieID, 3, fmt.Sprintf("movies/%d/film.mp4", movieID),
		festival.MediaFacts{Video: &festival.VideoFacts{Width: 160, Height: 90}}, true)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, o := range plan.Outputs {
		EncodeHLS(t, dir, o.Modifier(), 160, 90, 10, seconds, o.Variant)
		UploadClear(t, objects, plan, o, dir)
	}
	st, err := screening.Package(context.Background(), objects, secret, plan)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// JurorCopy writes to path what a user's player shows of a watermarked
// film (their playlist's segments of its smallest rendition, decrypted, in
// order), as a copy a juror could leak.
func JurorCopy(t testing.TB, objects media.Objects, secret screening.Secret, movieID int64, st festival.Streaming, user int64, path string) {
	t.Helper()
	r := st.Renditions[len(st.Renditions)-1]
	minutes := screening.SegmentMinutes(st)
	var out bytes.Buffer
	for i := range st.Segments {
		n := i + 1
		key := screening.SegmentKey(movieID, st, r, secret.VariantFor(movieID, st.Version, user, n), n)
		body, err := objects.Get(context.Background(), key)
		if err != nil {
			t.Fatal(err)
		}
		var sealed bytes.Buffer
		_, err = sealed.ReadFrom(body)
		body.Close()
		if err != nil {
			t.Fatal(err)
		}
		clear, err := screening.Decrypt(secret.Key(movieID, st.Version, minutes[i]), screening.IV(n), sealed.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		out.Write(clear)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
