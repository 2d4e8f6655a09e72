package screening_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/screening/screeningtest"
)

// TestALeakNamesItsJuror encodes 2 minutes of film in both watermark forms,
// packages them, lets juror 7's player play their playlist and re-encodes
// what it shows (3.2 s late, smaller, at a low bitrate: a screen capture): the copy
// names juror 7 among jurors 3, 7 and 12. The same copy cropped to its
// central half names nobody else.
func TestALeakNamesItsJuror(t *testing.T) {
	t.Parallel()
	screeningtest.NeedFFmpeg(t)
	ctx := context.Background()
	secret := screening.NewSecret(jwtSecret)
	objects := newBucket(t)
	st := screeningtest.WatermarkedFilm(t, objects, secret, 42, 120)
	dir := t.TempDir()
	jurors := []int64{3, 7, 12}

	leak := filepath.Join(dir, "leak.mp4")
	screeningtest.Run(t, "ffmpeg", "-v", "error", "-i", serveFilm(t, objects, secret, st, 7),
		"-vf", "tpad=start_duration=3.2,scale=120:68", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "150k", "-c:a", "aac", "-b:a", "48k", leak)
	refs, err := screening.DecryptForms(ctx, objects, secret, 42, st, st.Renditions[0].Name, dir)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := screening.NewReference(ctx, refs)
	if err != nil {
		t.Fatal(err)
	}
	reading, err := ref.Detect(ctx, leak)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := secret.Identify(42, st.Version, reading.Forms, jurors)
	t.Logf("3.2 s late, re-encoded at 75%%, 150 kb/s: read %+v, %+v", reading, m)
	if !reading.Aligned || math.Abs(reading.Offset-3.2) > 0.1 {
		t.Errorf("the film starts %.2f s into the copy (aligned: %v), want 3.20", reading.Offset, reading.Aligned)
	}
	if !ok || m.UserID != 7 {
		t.Fatalf("the leak names %+v (ok %v), want juror 7", m, ok)
	}

	cropped := filepath.Join(dir, "cropped.mp4")
	screeningtest.Run(t, "ffmpeg", "-v", "error", "-i", leak, "-vf", "crop=iw/2:ih/2", "-c:v", "libx264", "-preset", "ultrafast", "-an", cropped)
	reading, err = screening.Detect(ctx, cropped, refs)
	if err != nil {
		t.Fatal(err)
	}
	m, ok = secret.Identify(42, st.Version, reading.Forms, jurors)
	t.Logf("cropped to the central half: read %+v, %+v (named: %v)", reading, m, ok)
	if ok && m.UserID != 7 {
		t.Fatalf("the cropped leak names juror %d wrongly", m.UserID)
	}
}
