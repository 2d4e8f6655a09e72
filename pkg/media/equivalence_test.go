package media_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert/types"

	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
)

// optionsOf reads ffmpeg's options of one output: each -flag's value (the
// last one when repeated), and "out" the playlist it writes.
func optionsOf(args []string) map[string]string {
	opts := map[string]string{"out": args[len(args)-1]}
	for i := 0; i+1 < len(args)-1; i++ {
		if strings.HasPrefix(args[i], "-") {
			opts[args[i]] = args[i+1]
			i++
		}
	}
	return opts
}

// THE EQUIVALENCE TEST: from one plan, MediaConvert's job (as built, it
// cannot run here) and the local engine's run (for real, on a generated
// film) leave the same thing for the packager: the same renditions (names,
// sizes, bitrates), the same 6-second segments, the same names, and clear
// segments in both.
func TestMediaConvertJobAndLocalEngineAreEquivalent(t *testing.T) {
	t.Parallel()
	const seconds = 15
	bucket, plan, _ := encode(t, mediatest.Film{Seconds: seconds, Width: 854, Height: 480, Rate: 10}, true)
	const films = "s3://films/"
	job := media.JobSettings(plan, films+plan.Source, films+plan.ClearDestination(), "arn:aws:iam::1:role/mc", "")

	if len(job.Settings.OutputGroups) != 1 {
		t.Fatalf("%d output groups, want one HLS group", len(job.Settings.OutputGroups))
	}
	group := job.Settings.OutputGroups[0]
	hls := group.OutputGroupSettings.HlsGroupSettings
	if group.OutputGroupSettings.Type != types.OutputGroupTypeHlsGroupSettings || hls == nil {
		t.Fatalf("group type %q, want HLS", group.OutputGroupSettings.Type)
	}
	if hls.Encryption != nil {
		t.Errorf("the job encrypts (%+v): the packager must get clear segments", hls.Encryption)
	}
	if aws.ToInt32(hls.SegmentLength) != media.SegmentSeconds || aws.ToInt32(hls.MinSegmentLength) != 0 || hls.SegmentControl != types.HlsSegmentControlSegmentedFiles {
		t.Errorf("segments: length %d, min %d, control %q", aws.ToInt32(hls.SegmentLength), aws.ToInt32(hls.MinSegmentLength), hls.SegmentControl)
	}
	dest, ok := strings.CutPrefix(aws.ToString(hls.Destination), films)
	if !ok || dest != plan.ClearDestination() {
		t.Fatalf("destination %q, want %s%s", aws.ToString(hls.Destination), films, plan.ClearDestination())
	}
	if len(group.Outputs) != len(plan.Outputs) {
		t.Fatalf("job has %d outputs, plan %d", len(group.Outputs), len(plan.Outputs))
	}
	graph := media.FilterGraph(plan)
	for i, o := range plan.Outputs {
		job := group.Outputs[i]
		local := optionsOf(media.OutputArgs(plan, o, "ultrafast", "/tmp"))
		name := aws.ToString(job.NameModifier)
		t.Run(name, func(t *testing.T) {
			sameNames(t, bucket, plan, o, dest+name, seconds)
			h264 := job.VideoDescription.CodecSettings.H264Settings
			same(t, "width", int(aws.ToInt32(job.VideoDescription.Width)), o.Rendition.Width)
			same(t, "height", int(aws.ToInt32(job.VideoDescription.Height)), o.Rendition.Height)
			probeSegment(t, bucket, plan.ClearSegment(o, 1), o.Rendition.Width, o.Rendition.Height)
			same(t, "video bitrate", strconv.Itoa(int(aws.ToInt32(h264.Bitrate))), local["-b:v"])
			same(t, "peak bitrate", strconv.Itoa(int(aws.ToInt32(h264.MaxBitrate))), local["-maxrate"])
			same(t, "buffer", strconv.Itoa(int(aws.ToInt32(h264.HrdBufferSize))), local["-bufsize"])
			same(t, "profile", strings.ToLower(string(h264.CodecProfile)), local["-profile:v"])
			same(t, "GOP seconds", aws.ToFloat64(h264.GopSize), float64(media.SegmentSeconds))
			same(t, "closed GOP", aws.ToInt32(h264.GopClosedCadence), int32(1))
			same(t, "forced keyframes", local["-force_key_frames"], "expr:gte(t,n_forced*"+strconv.Itoa(int(aws.ToInt32(hls.SegmentLength)))+")")
			same(t, "local segment length", local["-hls_time"], strconv.Itoa(int(aws.ToInt32(hls.SegmentLength))))
			same(t, "audio bitrate", strconv.Itoa(int(aws.ToInt32(job.AudioDescriptions[0].CodecSettings.AacSettings.Bitrate))), local["-b:a"])
			same(t, "audio codec", strings.ToLower(string(job.AudioDescriptions[0].CodecSettings.Codec)), local["-c:a"])
			img := job.VideoDescription.VideoPreprocessors.ImageInserter.InsertableImages[0]
			same(t, "pattern", aws.ToString(img.ImageInserterInput), films+plan.WatermarkKey(o.Variant))
			same(t, "opacity", int(aws.ToInt32(img.Opacity)), media.WatermarkOpacityPercent)
		})
	}
	if !strings.Contains(graph, "colorchannelmixer=aa=0.02") {
		t.Errorf("local filter graph %q does not lay the pattern at 2%%", graph)
	}
}

// sameNames checks the local engine's files against MediaConvert's names
// (<destination><modifier>.m3u8 and _00001.ts...), their segments against
// the job's segment length, and that they are clear.
func sameNames(t *testing.T, bucket *mediatest.Bucket, plan media.Plan, o media.Output, named string, seconds int) {
	t.Helper()
	body, ok := bucket.Object(named + ".m3u8")
	if !ok || plan.ClearPlaylist(o) != named+".m3u8" {
		t.Fatalf("no local playlist at MediaConvert's name %s.m3u8", named)
	}
	p := parsePlaylist(t, body)
	same(t, "target duration", p.target, media.SegmentSeconds)
	if p.keyed {
		t.Error("the local playlist has an EXT-X-KEY: the packager must get clear segments")
	}
	want := int(math.Ceil(float64(seconds) / media.SegmentSeconds))
	if len(p.durations) != want {
		t.Fatalf("%d segments, want %d", len(p.durations), want)
	}
	for n, d := range p.durations {
		key := fmt.Sprintf("%s_%05d.ts", named, n+1)
		seg, ok := bucket.Object(key)
		if !ok || key != plan.ClearSegment(o, n+1) {
			t.Fatalf("no segment at MediaConvert's name %s", key)
		}
		if seg[0] != 0x47 || len(seg)%188 != 0 {
			t.Errorf("segment %s is not clear MPEG-TS", key)
		}
		if n < len(p.durations)-1 && math.Abs(d-media.SegmentSeconds) > 0.05 {
			t.Errorf("segment %d lasts %.3f s, want 6", n+1, d)
		}
	}
}

func same[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s: MediaConvert's %v, the local engine's %v", what, got, want)
	}
}
