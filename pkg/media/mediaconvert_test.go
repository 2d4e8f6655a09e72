package media_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
)

// fakeMediaConvert answers as MediaConvert would, from what the test set.
type fakeMediaConvert struct {
	created  []*mediaconvert.CreateJobInput
	statuses []types.JobStatus // GetJob's answers in turn
	probed   []string
	probe    *mediaconvert.ProbeOutput
	probeErr error
}

func (f *fakeMediaConvert) CreateJob(_ context.Context, in *mediaconvert.CreateJobInput, _ ...func(*mediaconvert.Options)) (*mediaconvert.CreateJobOutput, error) {
	f.created = append(f.created, in)
	return &mediaconvert.CreateJobOutput{Job: &types.Job{Id: aws.String("1700000000000-abc123")}}, nil
}

func (f *fakeMediaConvert) GetJob(_ context.Context, in *mediaconvert.GetJobInput, _ ...func(*mediaconvert.Options)) (*mediaconvert.GetJobOutput, error) {
	status := f.statuses[0]
	f.statuses = f.statuses[1:]
	job := &types.Job{Id: in.Id, Status: status}
	if status == types.JobStatusError {
		job.ErrorCode, job.ErrorMessage = aws.Int32(1010), aws.String("Unable to open input file")
	}
	return &mediaconvert.GetJobOutput{Job: job}, nil
}

func (f *fakeMediaConvert) Probe(_ context.Context, in *mediaconvert.ProbeInput, _ ...func(*mediaconvert.Options)) (*mediaconvert.ProbeOutput, error) {
	f.probed = append(f.probed, aws.ToString(in.InputFiles[0].FileUrl))
	return f.probe, f.probeErr
}

func testPlan(t *testing.T, watermark bool) media.Plan {
	t.Helper()
	facts := festival.MediaFacts{Duration: 600, Video: &festival.VideoFacts{Codec: "h264", Width: 1280, Height: 720}, Audio: &festival.AudioFacts{Codec: "aac", Channels: 2}}
	plan, err := media.NewPlan(12, 4, "movies/12/filmFile-1.mp4", facts, watermark)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func TestMediaConvertStartSubmitsThePlan(t *testing.T) {
	t.Parallel()
	client := &fakeMediaConvert{}
	bucket := mediatest.NewBucket(t)
	engine := media.MediaConvert{Client: client, Objects: bucket, Bucket: "films", Role: "arn:aws:iam::1:role/mc", Queue: "arn:aws:mediaconvert:eu-west-3:1:queues/festival"}
	plan := testPlan(t, true)
	job, done, err := engine.Start(context.Background(), plan)
	if err != nil || done || job != "1700000000000-abc123" {
		t.Fatalf("Start = %q, %v, %v; want the job's id, not done", job, done, err)
	}
	in := client.created[0]
	if aws.ToString(in.Role) != engine.Role || aws.ToString(in.Queue) != engine.Queue {
		t.Errorf("role %q queue %q", aws.ToString(in.Role), aws.ToString(in.Queue))
	}
	if got := aws.ToString(in.Settings.Inputs[0].FileInput); got != "s3://films/movies/12/filmFile-1.mp4" {
		t.Errorf("input %q", got)
	}
	for _, v := range []string{media.VariantA, media.VariantB} {
		key := plan.WatermarkKey(v)
		body, ok := bucket.Object(key)
		if !ok || bucket.ContentType(key) != "image/png" {
			t.Fatalf("no pattern at %s", key)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil || img.Bounds().Dx() != 1280 || img.Bounds().Dy() != 720 {
			t.Fatalf("pattern %s: %v %v, want a 1280x720 PNG", v, img.Bounds(), err)
		}
	}
	img := in.Settings.OutputGroups[0].Outputs[1].VideoDescription.VideoPreprocessors.ImageInserter.InsertableImages[0]
	if got := aws.ToString(img.ImageInserterInput); got != "s3://films/movies/12/stream/4/wm-B.png" {
		t.Errorf("second output's pattern %q, want variant B's", got)
	}
}

func TestMediaConvertStartWithoutWatermarkWritesNoPattern(t *testing.T) {
	t.Parallel()
	client := &fakeMediaConvert{}
	bucket := mediatest.NewBucket(t)
	plan := testPlan(t, false)
	if _, _, err := (media.MediaConvert{Client: client, Objects: bucket, Bucket: "films", Role: "r"}).Start(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	if keys := bucket.Keys(plan.Prefix()); len(keys) != 0 {
		t.Errorf("wrote %v", keys)
	}
	if client.created[0].Queue != nil {
		t.Errorf("queue %q, want the account's default", aws.ToString(client.created[0].Queue))
	}
	for _, o := range client.created[0].Settings.OutputGroups[0].Outputs {
		if o.VideoDescription.VideoPreprocessors != nil {
			t.Errorf("output %s has a preprocessor", aws.ToString(o.NameModifier))
		}
	}
}

func TestMediaConvertPoll(t *testing.T) {
	t.Parallel()
	client := &fakeMediaConvert{statuses: []types.JobStatus{types.JobStatusSubmitted, types.JobStatusProgressing, types.JobStatusComplete, types.JobStatusError}}
	engine := media.MediaConvert{Client: client}
	for i, want := range []bool{false, false, true} {
		done, err := engine.Poll(context.Background(), "j")
		if err != nil || done != want {
			t.Fatalf("poll %d = %v, %v; want %v", i, done, err, want)
		}
	}
	if _, err := engine.Poll(context.Background(), "j"); err == nil || !strings.Contains(err.Error(), "Unable to open input file") {
		t.Fatalf("poll of a failed job = %v, want MediaConvert's reason", err)
	}
}

func TestMediaConvertProbe(t *testing.T) {
	t.Parallel()
	client := &fakeMediaConvert{probe: &mediaconvert.ProbeOutput{ProbeResults: []types.ProbeResult{{Container: &types.Container{
		Duration: aws.Float64(5400.04166),
		Format:   types.FormatMp4,
		Tracks: []types.Track{
			{TrackType: types.TrackTypeVideo, Codec: types.CodecHevc, VideoProperties: &types.VideoProperties{
				Width: aws.Int32(3840), Height: aws.Int32(2160), BitDepth: aws.Int32(10),
				FrameRate:     &types.FrameRate{Numerator: aws.Int32(24000), Denominator: aws.Int32(1001)},
				CodecMetadata: &types.CodecMetadata{Profile: aws.String("Main 10"), ChromaSubsampling: aws.String("4:2:0")},
			}},
			{TrackType: types.TrackTypeAudio, Codec: types.CodecAac, AudioProperties: &types.AudioProperties{Channels: aws.Int32(6)}},
		},
	}}}}}
	bucket := mediatest.NewBucket(t)
	facts, err := media.MediaConvert{Client: client, Objects: bucket}.Probe(context.Background(), "movies/3/f.mp4")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(client.probed[0], "/movies/3/f.mp4?X-Amz-Signature=") {
		t.Errorf("probed %q, want the presigned URL", client.probed[0])
	}
	want := festival.VideoFacts{Codec: "hevc", Profile: "Main 10", PixFmt: "yuv420p10le", Width: 3840, Height: 2160, FrameRate: 23.976}
	if facts.Duration != 5400.042 || facts.Container != "mp4" || facts.Video == nil || *facts.Video != want {
		t.Fatalf("facts %+v video %+v, want 5400.042 s of mp4 with %+v", facts, facts.Video, want)
	}
	if facts.Audio == nil || *facts.Audio != (festival.AudioFacts{Codec: "aac", Channels: 6}) || facts.Loudness != nil {
		t.Fatalf("audio %+v loudness %v", facts.Audio, facts.Loudness)
	}
	flags := festival.CheckMedia(facts, nil, 0, nil, festival.Season{})
	if len(flags) != 1 || flags[0].Check != festival.CheckUnplayable {
		t.Fatalf("flags %+v, want unplayable", flags)
	}
}

func TestMediaConvertProbeErrorCarriesNoSignature(t *testing.T) {
	t.Parallel()
	bucket := mediatest.NewBucket(t)
	url, _, _ := bucket.PresignGet(context.Background(), "movies/3/f.mp4")
	client := &fakeMediaConvert{probeErr: errors.New("cannot read " + url + ": 403")}
	_, err := media.MediaConvert{Client: client, Objects: bucket}.Probe(context.Background(), "movies/3/f.mp4")
	if err == nil || strings.Contains(err.Error(), "Signature") || !strings.Contains(err.Error(), "403") {
		t.Fatalf("Probe = %v, want the reason without the signature", err)
	}
}

// MediaConvert mixes to stereo as ffmpeg's -ac 2 does: mono on both
// sides, 5.1 with its centre (the dialogue) and surrounds at -3 dB.
func TestJobSettingsMixesToStereo(t *testing.T) {
	t.Parallel()
	video := &festival.VideoFacts{Codec: "h264", Width: 640, Height: 360}
	remix := func(channels int) *types.RemixSettings {
		plan, err := media.NewPlan(1, 1, "movies/1/f.mp4", festival.MediaFacts{Video: video, Audio: &festival.AudioFacts{Codec: "aac", Channels: channels}}, false)
		if err != nil {
			t.Fatal(err)
		}
		return media.JobSettings(plan, "s3://b/movies/1/f.mp4", "s3://b/"+plan.ClearDestination(), "r", "").Settings.OutputGroups[0].Outputs[0].AudioDescriptions[0].RemixSettings
	}
	if r := remix(2); r != nil {
		t.Errorf("stereo remixed: %+v", r)
	}
	mono := remix(1)
	if mono == nil || aws.ToInt32(mono.ChannelsIn) != 1 || len(mono.ChannelMapping.OutputChannels) != 2 {
		t.Fatalf("mono: %+v, want one channel to both sides", mono)
	}
	surround := remix(6)
	if surround == nil || aws.ToInt32(surround.ChannelsIn) != 6 || aws.ToInt32(surround.ChannelsOut) != 2 {
		t.Fatalf("5.1: %+v", surround)
	}
	left := surround.ChannelMapping.OutputChannels[0].InputChannelsFineTune
	right := surround.ChannelMapping.OutputChannels[1].InputChannelsFineTune
	if left[2] != -3 || right[2] != -3 || left[3] != -60 || right[3] != -60 || left[0] != 0 || right[1] != 0 || left[4] != -3 || right[5] != -3 {
		t.Errorf("5.1 mix left %v right %v, want L/R whole, centre and surrounds at -3 dB, no LFE", left, right)
	}
}
