package media_test

import (
	"bufio"
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
)

// playlist is what a test reads of an HLS media playlist.
type playlist struct {
	target    int       // #EXT-X-TARGETDURATION
	durations []float64 // #EXTINF
	uris      []string
	keyed     bool // an #EXT-X-KEY line
	ended     bool // #EXT-X-ENDLIST
}

func parsePlaylist(t *testing.T, b []byte) playlist {
	t.Helper()
	var p playlist
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#EXT-X-TARGETDURATION:"):
			p.target, _ = strconv.Atoi(strings.TrimPrefix(line, "#EXT-X-TARGETDURATION:"))
		case strings.HasPrefix(line, "#EXTINF:"):
			d, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(line, "#EXTINF:"), ","), 64)
			if err != nil {
				t.Fatalf("EXTINF %q: %v", line, err)
			}
			p.durations = append(p.durations, d)
		case strings.HasPrefix(line, "#EXT-X-KEY"):
			p.keyed = true
		case line == "#EXT-X-ENDLIST":
			p.ended = true
		case line != "" && !strings.HasPrefix(line, "#"):
			p.uris = append(p.uris, line)
		}
	}
	return p
}

// encode plans and runs the local engine on a generated film, as the job
// does: probe, plan, encode.
func encode(t *testing.T, film mediatest.Film, watermark bool) (*mediatest.Bucket, media.Plan, time.Duration) {
	t.Helper()
	bucket := mediatest.NewBucket(t)
	source := "movies/9/filmFile-1.mp4"
	bucket.Put(source, mediatest.Bytes(t, film))
	facts, err := media.FFprobe{Objects: bucket}.Probe(context.Background(), source)
	if err != nil {
		t.Fatalf("Probe: %v", err)
	}
	plan, err := media.NewPlan(9, 3, source, facts, watermark)
	if err != nil {
		t.Fatalf("NewPlan: %v", err)
	}
	began, work := time.Now(), t.TempDir()
	_, done, err := media.FFmpeg{Objects: bucket, Preset: "ultrafast", TempDir: work}.Start(context.Background(), plan)
	if err != nil || !done {
		t.Fatalf("Start = done %v, %v; want done", done, err)
	}
	took := time.Since(began)
	if left, _ := os.ReadDir(work); len(left) != 0 {
		t.Fatalf("the engine left %v in its temporary directory", left)
	}
	return bucket, plan, took
}

func TestFFmpegEncodesTheLadderInSixSecondSegments(t *testing.T) {
	t.Parallel()
	// 10 frames a second keep the test quick on two cores; the keyframes
	// are forced by time, so the segments do not depend on the rate.
	const seconds = 120
	bucket, plan, took := encode(t, mediatest.Film{Seconds: seconds, Width: 854, Height: 480, Rate: 10}, false)
	t.Logf("encoded %d s of 854x480 into %d renditions (ultrafast) in %.1f s: %.1f s per minute of film",
		seconds, len(plan.Outputs), took.Seconds(), took.Seconds()/(seconds/60.0))

	var names []string
	for _, r := range plan.Renditions() {
		names = append(names, r.Name)
	}
	if strings.Join(names, ",") != "480p,360p" {
		t.Fatalf("renditions %v, want 480p and 360p", names)
	}
	for _, o := range plan.Outputs {
		body, ok := bucket.Object(plan.ClearPlaylist(o))
		if !ok {
			t.Fatalf("no playlist at %s; keys %v", plan.ClearPlaylist(o), bucket.Keys(plan.Prefix()))
		}
		if ct := bucket.ContentType(plan.ClearPlaylist(o)); ct != "application/vnd.apple.mpegurl" {
			t.Errorf("playlist content type %q", ct)
		}
		p := parsePlaylist(t, body)
		if p.target != media.SegmentSeconds || !p.ended || p.keyed {
			t.Errorf("%s: target %d ended %v keyed %v; want 6, a VOD end, no key", o.Modifier(), p.target, p.ended, p.keyed)
		}
		if len(p.durations) != seconds/media.SegmentSeconds {
			t.Fatalf("%s: %d segments %v, want 20", o.Modifier(), len(p.durations), p.durations)
		}
		for n, d := range p.durations {
			if math.Abs(d-media.SegmentSeconds) > 0.05 {
				t.Errorf("%s: segment %d lasts %.3f s, want 6", o.Modifier(), n+1, d)
			}
			key := plan.ClearSegment(o, n+1)
			if p.uris[n] != key[strings.LastIndex(key, "/")+1:] {
				t.Errorf("%s: segment %d named %q, want MediaConvert's %q", o.Modifier(), n+1, p.uris[n], key)
			}
			if seg, ok := bucket.Object(key); !ok || len(seg) == 0 || seg[0] != 0x47 {
				t.Errorf("%s: segment %d missing or not MPEG-TS at %s", o.Modifier(), n+1, key)
			}
		}
	}
	if keys := bucket.Keys(plan.Prefix()); len(keys) != 2*(1+20) {
		t.Errorf("%d objects under %s, want 2 playlists and 40 segments: %v", len(keys), plan.Prefix(), keys)
	}
	if _, ok := bucket.Object(plan.Source); !ok {
		t.Error("the film's file is gone")
	}
	probeSegment(t, bucket, plan.ClearSegment(plan.Outputs[1], 1), 640, 360)
}

// probeSegment checks a segment's picture size and codec with ffprobe.
func probeSegment(t *testing.T, bucket *mediatest.Bucket, key string, w, h int) {
	t.Helper()
	seg, _ := bucket.Object(key)
	file := t.TempDir() + "/seg.ts"
	if err := os.WriteFile(file, seg, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
		"stream=codec_name,width,height,pix_fmt", "-of", "csv=p=0", file).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", key, err)
	}
	want := "h264," + strconv.Itoa(w) + "," + strconv.Itoa(h) + ",yuv420p"
	// ffprobe lists a transport stream's streams once per program too.
	got, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if got != want {
		t.Errorf("segment %s is %q, want %q", key, got, want)
	}
}

func TestFFmpegFailsWhenTheFilmIsGone(t *testing.T) {
	t.Parallel()
	mediatest.NeedFFmpeg(t)
	bucket := mediatest.NewBucket(t)
	facts := festival.MediaFacts{Duration: 10, Video: &festival.VideoFacts{Codec: "h264", Width: 640, Height: 360}}
	plan, err := media.NewPlan(9, 1, "movies/9/none.mp4", facts, false)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	if _, _, err := (media.FFmpeg{Objects: bucket, TempDir: work}).Start(context.Background(), plan); err == nil {
		t.Fatal("Start without the film succeeded")
	}
	if left, _ := os.ReadDir(work); len(left) != 0 {
		t.Fatalf("the engine left %v in its temporary directory", left)
	}
	if keys := bucket.Keys("movies/9/"); len(keys) != 0 {
		t.Fatalf("left %v", keys)
	}
}

// With the watermark every rendition exists twice, A marking the top-left
// and bottom-right quadrants, B the two others: the same frame of A is
// brighter than B's there and darker elsewhere.
func TestFFmpegWatermarkVariants(t *testing.T) {
	t.Parallel()
	bucket, plan, _ := encode(t, mediatest.Film{Seconds: 7, Width: 320, Height: 180, Rate: 10}, true)
	if len(plan.Outputs) != 2 || plan.Outputs[0].Modifier() != "_180p_A" || plan.Outputs[1].Modifier() != "_180p_B" {
		t.Fatalf("outputs %+v, want _180p_A and _180p_B", plan.Outputs)
	}
	a := grayFrame(t, bucket, plan.ClearSegment(plan.Outputs[0], 1), 320, 180)
	b := grayFrame(t, bucket, plan.ClearSegment(plan.Outputs[1], 1), 320, 180)
	quadrant := func(frame []byte, left, top bool) float64 {
		sum, n := 0.0, 0
		for y := 0; y < 180; y++ {
			for x := 0; x < 320; x++ {
				if (x < 160) == left && (y < 90) == top {
					sum += float64(frame[y*320+x])
					n++
				}
			}
		}
		return sum / float64(n)
	}
	for _, q := range []struct {
		left, top bool
		markedInA bool
	}{{true, true, true}, {false, false, true}, {false, true, false}, {true, false, false}} {
		diff := quadrant(a, q.left, q.top) - quadrant(b, q.left, q.top)
		t.Logf("quadrant left=%v top=%v: A-B brightness %.2f", q.left, q.top, diff)
		if q.markedInA && diff < 0.5 || !q.markedInA && diff > -0.5 {
			t.Errorf("quadrant left=%v top=%v: A-B brightness %.2f, want %s", q.left, q.top, diff, map[bool]string{true: "> 0.5", false: "< -0.5"}[q.markedInA])
		}
	}
}

// grayFrame decodes a segment's first frame as 8-bit luma.
func grayFrame(t *testing.T, bucket *mediatest.Bucket, key string, w, h int) []byte {
	t.Helper()
	seg, _ := bucket.Object(key)
	file := t.TempDir() + "/seg.ts"
	if err := os.WriteFile(file, seg, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ffmpeg", "-v", "error", "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-").Output()
	if err != nil || len(out) != w*h {
		t.Fatalf("decode %s: %d bytes, %v", key, len(out), err)
	}
	return out
}

// A film ffmpeg cannot decode fails the job and uploads nothing.
func TestFFmpegFailsOnAnUnreadableFilm(t *testing.T) {
	t.Parallel()
	mediatest.NeedFFmpeg(t)
	bucket := mediatest.NewBucket(t)
	bucket.Put("movies/9/filmFile-1.mp4", []byte("not a film"))
	facts := festival.MediaFacts{Duration: 10, Video: &festival.VideoFacts{Codec: "h264", Width: 640, Height: 360}}
	plan, err := media.NewPlan(9, 1, "movies/9/filmFile-1.mp4", facts, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, done, err := (media.FFmpeg{Objects: bucket, Preset: "ultrafast"}).Start(context.Background(), plan); err == nil || done {
		t.Fatalf("Start = done %v, %v; want an error", done, err)
	}
	if keys := bucket.Keys(plan.Prefix()); len(keys) != 0 {
		t.Fatalf("uploaded %v", keys)
	}
}

// A film the browsers cannot play as sent (H.264 in 10 bits and 4:2:2) still
// streams: the renditions are H.264 8-bit 4:2:0.
func TestFFmpegEncodesAnUnplayableSourceToPlayableRenditions(t *testing.T) {
	t.Parallel()
	bucket, plan, _ := encode(t, mediatest.Film{Seconds: 2, PixFmt: "yuv422p10le", Rate: 10}, true)
	for _, o := range plan.Outputs {
		probeSegment(t, bucket, plan.ClearSegment(o, 1), o.Rendition.Width, o.Rendition.Height)
	}
}
