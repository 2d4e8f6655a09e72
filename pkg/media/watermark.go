package media

import (
	"bytes"
	"fmt"
	"image/png"
)

// WatermarkKey is the S3 key of a variant's pattern picture, which the
// MediaConvert job lays over its frames (the image inserter reads it from
// S3): movies/<id>/stream/<version>/wm-A.png.
func (p Plan) WatermarkKey(variant string) string {
	return p.Prefix() + "wm-" + variant + ".png"
}

// WatermarkPNG is a variant's pattern at the source's size, as a PNG:
// opaque white where the mark is, transparent elsewhere. The engines apply
// WatermarkOpacityPercent when they lay it over (MediaConvert's Opacity,
// ffmpeg's alpha multiplier), and scale it to each rendition.
func (p Plan) WatermarkPNG(variant string) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, WatermarkPattern(variant, p.Width, p.Height)); err != nil {
		return nil, fmt.Errorf("media: watermark %s: %w", variant, err)
	}
	return buf.Bytes(), nil
}

// MaxVideoBitrate is the rung's peak video bitrate (10% over the average:
// the HLS BANDWIDTH the plan announces is the peak of video and audio).
func (r Rung) MaxVideoBitrate() int { return r.VideoBitrate * 11 / 10 }

// BufferSize is the rate control's buffer (two seconds at the average
// bitrate): how far the encoder may stray from it over a short stretch.
func (r Rung) BufferSize() int { return 2 * r.VideoBitrate }

// H264Profile is the rung's H.264 profile: Main under 720 lines, which
// the oldest phones decode, High for HD.
func (r Rung) H264Profile() string {
	if r.Height < 720 {
		return "main"
	}
	return "high"
}
