package media

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert/types"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// MediaConvertAPI is the part of AWS Elemental MediaConvert's client the
// engine uses (*mediaconvert.Client; the tests give a fake).
type MediaConvertAPI interface {
	CreateJob(ctx context.Context, in *mediaconvert.CreateJobInput, opts ...func(*mediaconvert.Options)) (*mediaconvert.CreateJobOutput, error)
	GetJob(ctx context.Context, in *mediaconvert.GetJobInput, opts ...func(*mediaconvert.Options)) (*mediaconvert.GetJobOutput, error)
	Probe(ctx context.Context, in *mediaconvert.ProbeInput, opts ...func(*mediaconvert.Options)) (*mediaconvert.ProbeOutput, error)
}

// MediaConvert is the engine on AWS: Start submits the plan as one job,
// Poll follows it, Probe measures a film with MediaConvert's Probe API.
type MediaConvert struct {
	Client  MediaConvertAPI
	Objects Objects
	// Bucket holds the films; Role is the IAM role MediaConvert takes to
	// read and write it (MEDIACONVERT_ROLE_ARN), Queue the job queue
	// (MEDIACONVERT_QUEUE_ARN; the account's default when empty).
	Bucket, Role, Queue string
}

// Start uploads the watermark's patterns (the image inserter reads them
// from S3) and submits the job; it returns the job's id, to Poll.
func (m MediaConvert) Start(ctx context.Context, plan Plan) (string, bool, error) {
	if plan.Watermark {
		for _, v := range []string{VariantA, VariantB} {
			pattern, err := plan.WatermarkPNG(v)
			if err != nil {
				return "", false, err
			}
			if err := m.Objects.PutObject(ctx, plan.WatermarkKey(v), bytes.NewReader(pattern), "image/png"); err != nil {
				return "", false, err
			}
		}
	}
	in := JobSettings(plan, m.s3(plan.Source), m.s3(plan.ClearDestination()), m.Role, m.Queue)
	out, err := m.Client.CreateJob(ctx, in)
	if err != nil {
		return "", false, fmt.Errorf("media: MediaConvert job for film %d: %w", plan.MovieID, err)
	}
	if out.Job == nil || out.Job.Id == nil {
		return "", false, fmt.Errorf("media: MediaConvert answered no job for film %d", plan.MovieID)
	}
	return *out.Job.Id, false, nil
}

// Poll reports whether the job finished; a job that failed or was
// cancelled is an error with MediaConvert's reason.
func (m MediaConvert) Poll(ctx context.Context, job string) (bool, error) {
	out, err := m.Client.GetJob(ctx, &mediaconvert.GetJobInput{Id: aws.String(job)})
	if err != nil {
		return false, fmt.Errorf("media: MediaConvert job %s: %w", job, err)
	}
	if out.Job == nil {
		return false, fmt.Errorf("media: MediaConvert job %s: no job in the answer", job)
	}
	switch out.Job.Status {
	case types.JobStatusComplete:
		return true, nil
	case types.JobStatusError, types.JobStatusCanceled:
		return false, fmt.Errorf("media: MediaConvert job %s %s: %d %s", job, strings.ToLower(string(out.Job.Status)),
			aws.ToInt32(out.Job.ErrorCode), aws.ToString(out.Job.ErrorMessage))
	}
	return false, nil
}

func (m MediaConvert) s3(key string) string { return "s3://" + m.Bucket + "/" + key }

// Probe measures the film at key with MediaConvert's Probe API, through a
// presigned URL. Loudness is not measured (the API does not give it).
func (m MediaConvert) Probe(ctx context.Context, key string) (festival.MediaFacts, error) {
	url, _, err := m.Objects.PresignGet(ctx, key)
	if err != nil {
		return festival.MediaFacts{}, err
	}
	out, err := m.Client.Probe(ctx, &mediaconvert.ProbeInput{InputFiles: []types.ProbeInputFile{{FileUrl: aws.String(url)}}})
	if err != nil {
		// The error may quote the presigned URL: its signature is cut out.
		return festival.MediaFacts{}, fmt.Errorf("media: MediaConvert probe of %s: %s", key, withoutQueries(err.Error()))
	}
	if len(out.ProbeResults) == 0 || out.ProbeResults[0].Container == nil {
		return festival.MediaFacts{}, nil
	}
	return probeFacts(*out.ProbeResults[0].Container), nil
}

// mcCodecs are MediaConvert's codec names as ffprobe names them, which
// the facts and the checks use whatever the engine.
var mcCodecs = map[types.Codec]string{
	types.CodecAvc: "h264", types.CodecHevc: "hevc", types.CodecProres: "prores", types.CodecAv1: "av1",
	types.CodecVp8: "vp8", types.CodecVp9: "vp9", types.CodecMpeg2: "mpeg2video", types.CodecMpeg1: "mpeg1video",
	types.CodecMp4v: "mpeg4", types.CodecMjpeg: "mjpeg", types.CodecJpeg2000: "jpeg2000", types.CodecTheora: "theora",
	types.CodecQtrle: "qtrle", types.CodecUncompressed: "rawvideo",
	types.CodecAac: "aac", types.CodecAc3: "ac3", types.CodecEac3: "eac3", types.CodecFlac: "flac",
	types.CodecMp3: "mp3", types.CodecOpus: "opus", types.CodecPcm: "pcm", types.CodecVorbis: "vorbis",
}

// probeFacts are the facts of MediaConvert's probe, in ffprobe's words:
// the pixel format is rebuilt from the chroma subsampling and bit depth
// (4:2:0 in 10 bits: yuv420p10le).
func probeFacts(c types.Container) festival.MediaFacts {
	facts := festival.MediaFacts{Duration: round3(aws.ToFloat64(c.Duration)), Container: string(c.Format)}
	if c.Format == types.FormatQuicktime {
		facts.Container = "mov"
	}
	for _, t := range c.Tracks {
		codec, ok := mcCodecs[t.Codec]
		if !ok {
			codec = strings.ToLower(string(t.Codec))
		}
		switch {
		case t.TrackType == types.TrackTypeVideo && t.VideoProperties != nil && facts.Video == nil:
			facts.Video = videoFacts(codec, *t.VideoProperties)
		case t.TrackType == types.TrackTypeAudio && facts.Audio == nil:
			facts.Audio = &festival.AudioFacts{Codec: codec}
			if t.AudioProperties != nil {
				facts.Audio.Channels = int(aws.ToInt32(t.AudioProperties.Channels))
			}
		}
	}
	return facts
}

func videoFacts(codec string, v types.VideoProperties) *festival.VideoFacts {
	vf := &festival.VideoFacts{Codec: codec, Width: int(aws.ToInt32(v.Width)), Height: int(aws.ToInt32(v.Height))}
	if r := v.FrameRate; r != nil && aws.ToInt32(r.Denominator) != 0 {
		vf.FrameRate = round3(float64(aws.ToInt32(r.Numerator)) / float64(aws.ToInt32(r.Denominator)))
	}
	bits := int(aws.ToInt32(v.BitDepth))
	if md := v.CodecMetadata; md != nil {
		vf.Profile = aws.ToString(md.Profile)
		if bits == 0 {
			bits = int(aws.ToInt32(md.BitDepth))
		}
		if chroma := strings.ReplaceAll(aws.ToString(md.ChromaSubsampling), ":", ""); chroma != "" {
			vf.PixFmt = "yuv" + chroma + "p"
			if bits > 8 {
				vf.PixFmt += fmt.Sprintf("%dle", bits)
			}
		}
	}
	return vf
}

// urlQuery is the query of a URL in a message: a presigned URL's signature.
var urlQuery = regexp.MustCompile(`(https?://[^\s"'?]+)\?[^\s"']*`)

// withoutQueries cuts the queries of the URLs a message quotes, so that no
// error or log carries a presigned URL's signature.
func withoutQueries(msg string) string { return urlQuery.ReplaceAllString(msg, "$1") }
