// Package mediatest makes films with ffmpeg at test time, small and short,
// for the tests of the media job, its engines and the packager: no video is
// committed to the repository.
package mediatest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// NeedFFmpeg stops a test that needs ffmpeg and ffprobe when they are not
// installed: it fails under CI (CI=true), where they must be, and skips
// elsewhere.
func NeedFFmpeg(t testing.TB) {
	t.Helper()
	for _, prog := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(prog); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed: the media tests need it (make check-tools installs ffmpeg)", prog)
			}
			t.Skipf("%s is not installed: skipping (make check-tools installs ffmpeg)", prog)
		}
	}
}

// Film describes a generated film: a test pattern with a 440 Hz tone.
// Zero fields take the defaults given on each.
type Film struct {
	Seconds       float64 // default 5
	Width, Height int     // default 320x180
	Rate          int     // frames per second, default 25
	Codec         string  // ffmpeg's video encoder, default libx264 (libx265: HEVC)
	PixFmt        string  // default yuv420p (yuv422p: 4:2:2)
	Silent        bool    // no audio stream at all
	Ext           string  // container by extension, default .mp4
}

// Make writes the film in the test's temporary directory and returns its
// path. It calls NeedFFmpeg.
func Make(t testing.TB, f Film) string {
	t.Helper()
	NeedFFmpeg(t)
	if f.Seconds == 0 {
		f.Seconds = 5
	}
	if f.Width == 0 || f.Height == 0 {
		f.Width, f.Height = 320, 180
	}
	if f.Rate == 0 {
		f.Rate = 25
	}
	if f.Codec == "" {
		f.Codec = "libx264"
	}
	if f.PixFmt == "" {
		f.PixFmt = "yuv420p"
	}
	if f.Ext == "" {
		f.Ext = ".mp4"
	}
	size := strconv.Itoa(f.Width) + "x" + strconv.Itoa(f.Height)
	args := []string{"-v", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=" + strconv.Itoa(f.Rate)}
	if !f.Silent {
		args = append(args, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000")
	}
	args = append(args, "-t", strconv.FormatFloat(f.Seconds, 'f', -1, 64),
		"-c:v", f.Codec, "-preset", "ultrafast", "-pix_fmt", f.PixFmt)
	if f.Codec == "libx265" {
		args = append(args, "-x265-params", "log-level=error", "-tag:v", "hvc1")
	}
	if !f.Silent {
		args = append(args, "-c:a", "aac", "-ac", "2")
	}
	path := filepath.Join(t.TempDir(), "film"+f.Ext)
	args = append(args, path)
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %v: %v\n%s", args, err, out)
	}
	return path
}

// Bytes is Make's film, read whole.
func Bytes(t testing.TB, f Film) []byte {
	t.Helper()
	b, err := os.ReadFile(Make(t, f))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
