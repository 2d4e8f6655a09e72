package screening_test

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

	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const bucket = "festival-files"

// needFFmpeg skips a test that needs ffmpeg and ffprobe where they are
// missing, and fails it under CI, where the Makefile installs them.
func needFFmpeg(t *testing.T) {
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

// run runs a command and fails the test with its output when it fails.
func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// encodeHLS encodes seconds of a generated film (testsrc2 at 25 fps, a
// sine) at w x h as the engines do: H.264 + AAC in 6-second MPEG-TS segments named
// f<modifier>_%05d.ts from 1 and their playlist f<modifier>.m3u8, in dir.
// With a watermark form ("A" or "B"), media.WatermarkPattern is laid over
// the picture at media.WatermarkOpacityPercent, as the engines lay it.
func encodeHLS(t *testing.T, dir, modifier string, w, h, seconds int, variant string) {
	t.Helper()
	args := []string{"-v", "error", "-y", "-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%dx%d:rate=25", w, h),
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
	run(t, "ffmpeg", args...)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newBucket is a files.Store over an in-memory fake S3.
func newBucket(t *testing.T) *files.Store {
	client, presign := filestest.NewFakeS3(t, bucket)
	return files.New(client, presign, bucket, files.Options{})
}

// uploadClear puts an output's clear playlist and segments, encoded in dir
// under the output's names, where the plan's engine would leave them.
func uploadClear(t *testing.T, objects media.Objects, plan media.Plan, o media.Output, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "f"+o.Modifier()+"*"))
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
