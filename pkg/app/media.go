package app

import (
	"context"
	"errors"
	"os/exec"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/mediaconvert"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/service/mediajob"
	"github.com/festivalapi/festival/pkg/storage/dynamo"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// MediaRunner builds the media jobs' runner over st (the background
// function's store; the local server's own): AWS Elemental MediaConvert
// measures and encodes when MEDIACONVERT_ROLE_ARN is set, ffprobe and
// ffmpeg on this machine otherwise (a machine without them leaves the jobs
// queued, with one warning). The packager encrypts with the media secret,
// derived from JWT_SECRET under its own label (screening.NewSecret).
//
// s3c, when set, is the S3 client the jobs use (the local server gives its
// own unwrapped one); nil: the function's.
func (d *Deps) MediaRunner(st *dynamo.Store, s3c *s3.Client) *mediajob.Runner {
	fs := d.files()
	if s3c != nil {
		fs = files.New(s3c, s3.NewPresignClient(s3c), d.Config.Bucket, files.Options{
			MaxVideoBytes: d.Config.MaxVideoBytes, MaxUploadBytes: d.Config.MaxUploadBytes,
			MaxImageBytes: d.Config.MaxImageBytes, MaxSubtitleBytes: d.Config.MaxSubtitleBytes,
			PresignTTL: d.Config.PresignTTL, Now: d.Now,
		})
	}
	secret := screening.NewSecret(d.Config.JWTSecret)
	eng := mediajob.Engines{
		Objects: fs, Streams: fs,
		Package: func(ctx context.Context, plan media.Plan) (festival.Streaming, error) {
			return screening.Package(ctx, fs, secret, plan)
		},
	}
	if role := d.Config.MediaConvertRoleARN; role != "" && d.aws != nil {
		mc := media.MediaConvert{Client: mediaconvert.NewFromConfig(*d.aws), Objects: fs, Bucket: d.Config.Bucket,
			Role: role, Queue: d.Config.MediaConvertQueueARN}
		eng.Prober, eng.Encoder = mc, mc
	} else {
		eng.Prober = media.FFprobe{Objects: fs}
		eng.Encoder = media.FFmpeg{Objects: fs, Preset: d.Config.MediaPreset}
		eng.Ready = ffmpegInstalled
	}
	return mediajob.New(mediajob.Stores{Jobs: st.MediaJobs, Films: st.Films}, eng, mediajob.Options{Budget: mediaBudget}, d.Now, d.Log)
}

// mediaBudget is how long one background run takes new media jobs: the
// background function's timeout is 5 minutes, and a step started (a
// feature's packaging) must finish within it.
const mediaBudget = 2 * time.Minute

// ffmpegInstalled says whether the local engine's programs are here.
func ffmpegInstalled() error {
	for _, p := range []string{"ffprobe", "ffmpeg"} {
		if _, err := exec.LookPath(p); err != nil {
			return errors.New(p + " is not installed (Debian: apt-get install ffmpeg; make run installs it)")
		}
	}
	return nil
}
