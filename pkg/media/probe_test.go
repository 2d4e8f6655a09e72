package media_test

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// probe stores the film in a test bucket and measures it through its
// presigned URL, as the job does.
func probe(t *testing.T, film []byte) festival.MediaFacts {
	t.Helper()
	bucket := mediatest.NewBucket(t)
	bucket.Put("movies/1/filmFile-1.mp4", film)
	facts, err := media.FFprobe{Objects: bucket}.Probe(context.Background(), "movies/1/filmFile-1.mp4")
	if err != nil {
		t.Fatalf("Probe: %v", err)
	}
	return facts
}

func TestProbeH264(t *testing.T) {
	t.Parallel()
	facts := probe(t, mediatest.Bytes(t, mediatest.Film{Seconds: 5, Width: 320, Height: 180, Rate: 25}))
	if math.Abs(facts.Duration-5) > 0.1 {
		t.Errorf("duration %.3f, want 5 ± 0.1", facts.Duration)
	}
	if facts.Container != "mp4" {
		t.Errorf("container %q, want mp4", facts.Container)
	}
	want := festival.VideoFacts{Codec: "h264", Profile: "Constrained Baseline", PixFmt: "yuv420p", Width: 320, Height: 180, FrameRate: 25}
	if facts.Video == nil || *facts.Video != want {
		t.Errorf("video %+v, want %+v", facts.Video, want)
	}
	if facts.Audio == nil || facts.Audio.Codec != "aac" || facts.Audio.Channels != 2 {
		t.Errorf("audio %+v, want aac stereo", facts.Audio)
	}
	// ffmpeg's sine source has an amplitude of 1/8: about -22 LUFS.
	if facts.Loudness != nil {
		t.Logf("a 440 Hz sine at ffmpeg's default amplitude: %.1f LUFS", *facts.Loudness)
	}
	if facts.Loudness == nil || *facts.Loudness < -30 || *facts.Loudness > -10 {
		t.Errorf("loudness %v, want a measure between -30 and -10 LUFS", facts.Loudness)
	}
	if facts.SubtitlesEnd != nil || facts.SubtitlesCoverage != nil {
		t.Errorf("subtitle facts %v %v from a probe, want none", facts.SubtitlesEnd, facts.SubtitlesCoverage)
	}
}

func TestProbeHEVC(t *testing.T) {
	t.Parallel()
	facts := probe(t, mediatest.Bytes(t, mediatest.Film{Seconds: 2, Codec: "libx265"}))
	if facts.Video == nil || facts.Video.Codec != "hevc" || facts.Video.Profile != "Main" {
		t.Fatalf("video %+v, want hevc Main", facts.Video)
	}
}

func TestProbeYUV422(t *testing.T) {
	t.Parallel()
	facts := probe(t, mediatest.Bytes(t, mediatest.Film{Seconds: 2, PixFmt: "yuv422p"}))
	if facts.Video == nil || facts.Video.PixFmt != "yuv422p" || facts.Video.Profile != "High 4:2:2" {
		t.Fatalf("video %+v, want h264 High 4:2:2 in yuv422p", facts.Video)
	}
}

func TestProbeSilentFilm(t *testing.T) {
	t.Parallel()
	facts := probe(t, mediatest.Bytes(t, mediatest.Film{Seconds: 2, Silent: true}))
	if facts.Video == nil {
		t.Fatal("no video measured")
	}
	if facts.Audio != nil || facts.Loudness != nil {
		t.Fatalf("audio %+v loudness %v, want none", facts.Audio, facts.Loudness)
	}
}

func TestProbeMOVAndFrameRate(t *testing.T) {
	t.Parallel()
	facts := probe(t, mediatest.Bytes(t, mediatest.Film{Seconds: 2, Rate: 24, Ext: ".mov"}))
	if facts.Container != "mov" || facts.Video == nil || facts.Video.FrameRate != 24 {
		t.Fatalf("container %q video %+v, want mov at 24 fps", facts.Container, facts.Video)
	}
}

// The fake MP4s the API's tests upload have no track: no video, no error.
func TestProbeFileWithoutTracks(t *testing.T) {
	t.Parallel()
	mediatest.NeedFFmpeg(t)
	facts := probe(t, filestest.MP4())
	if facts.Video != nil || facts.Audio != nil || facts.Loudness != nil {
		t.Fatalf("facts %+v, want no video and no audio", facts)
	}
}

func TestProbeGarbageIsNoVideo(t *testing.T) {
	t.Parallel()
	mediatest.NeedFFmpeg(t)
	facts := probe(t, []byte("not a film at all"))
	if facts.Video != nil || facts.Duration != 0 {
		t.Fatalf("facts %+v, want nothing measured", facts)
	}
}

// A missing object is the infrastructure's failure, not a film with no
// video, and the error carries no signature.
func TestProbeMissingObjectIsAnError(t *testing.T) {
	t.Parallel()
	mediatest.NeedFFmpeg(t)
	bucket := mediatest.NewBucket(t)
	_, err := media.FFprobe{Objects: bucket}.Probe(context.Background(), "movies/1/none.mp4")
	if err == nil {
		t.Fatal("Probe of a missing object succeeded")
	}
	if strings.Contains(err.Error(), "Signature") {
		t.Fatalf("error %q carries the presigned URL's query", err)
	}
}

func TestProbeWithoutFFprobeIsAnError(t *testing.T) {
	t.Parallel()
	bucket := mediatest.NewBucket(t)
	bucket.Put("movies/1/f.mp4", filestest.MP4())
	_, err := media.FFprobe{Objects: bucket, FFprobePath: "/nonexistent/ffprobe"}.Probe(context.Background(), "movies/1/f.mp4")
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/ffprobe") {
		t.Fatalf("Probe = %v, want an error naming the missing program", err)
	}
}

// The local stack's bucket is gofakes3 behind files.Store: ffprobe and
// ffmpeg read a film through its presigned URLs (ranges included).
func TestProbeThroughTheFakeS3(t *testing.T) {
	t.Parallel()
	film := mediatest.Bytes(t, mediatest.Film{Seconds: 3})
	client, presign := filestest.NewFakeS3(t, "festival-files")
	store := files.New(client, presign, "festival-files", files.Options{})
	key := "movies/4/filmFile-1.mp4"
	if err := store.PutObject(context.Background(), key, bytes.NewReader(film), "video/mp4"); err != nil {
		t.Fatal(err)
	}
	facts, err := media.FFprobe{Objects: store}.Probe(context.Background(), key)
	if err != nil {
		t.Fatalf("Probe: %v", err)
	}
	if facts.Video == nil || facts.Video.Codec != "h264" || math.Abs(facts.Duration-3) > 0.1 || facts.Loudness == nil {
		t.Fatalf("facts %+v video %+v, want 3 s of h264 with its loudness", facts, facts.Video)
	}
}
