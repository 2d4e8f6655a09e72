package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// FFprobe measures films with ffprobe (and ffmpeg's ebur128 filter for the
// loudness), reading them through a presigned URL: the file is never copied
// to disk, ffprobe reads only the parts it needs (HTTP ranges).
type FFprobe struct {
	Objects Objects
	// FFprobePath and FFmpegPath are the programs; "ffprobe" and "ffmpeg"
	// (found in PATH) when empty.
	FFprobePath, FFmpegPath string
}

// Probe measures the film at key. A file ffprobe cannot read is not an
// error: its facts have no video (the checks flag it). Errors are the
// infrastructure's: the object missing, the programs missing, the network.
func (p FFprobe) Probe(ctx context.Context, key string) (festival.MediaFacts, error) {
	url, _, err := p.Objects.PresignGet(ctx, key)
	if err != nil {
		return festival.MediaFacts{}, err
	}
	out, err := run(ctx, orDefault(p.FFprobePath, "ffprobe"),
		"-v", "error", "-print_format", "json", "-show_format", "-show_streams", url)
	if errors.Is(err, errUnreadable) {
		return festival.MediaFacts{}, nil
	}
	if err != nil {
		return festival.MediaFacts{}, fmt.Errorf("media: probe %s: %w", key, err)
	}
	facts, err := parseProbe(out, key)
	if err != nil {
		return festival.MediaFacts{}, fmt.Errorf("media: probe %s: %w", key, err)
	}
	if facts.Audio != nil {
		facts.Loudness, err = p.loudness(ctx, url)
		if err != nil {
			return festival.MediaFacts{}, fmt.Errorf("media: loudness of %s: %w", key, err)
		}
	}
	return facts, nil
}

// probeOutput is the part of ffprobe's JSON the facts come from.
type probeOutput struct {
	Format struct {
		FormatName string            `json:"format_name"`
		Duration   string            `json:"duration"`
		Tags       map[string]string `json:"tags"`
	} `json:"format"`
	Streams []struct {
		CodecType    string `json:"codec_type"`
		CodecName    string `json:"codec_name"`
		Profile      string `json:"profile"`
		PixFmt       string `json:"pix_fmt"`
		Width        int    `json:"width"`
		Height       int    `json:"height"`
		AvgFrameRate string `json:"avg_frame_rate"`
		RFrameRate   string `json:"r_frame_rate"`
		Channels     int    `json:"channels"`
		Disposition  struct {
			AttachedPic int `json:"attached_pic"`
		} `json:"disposition"`
	} `json:"streams"`
}

// parseProbe turns ffprobe's JSON into facts: the container's duration and
// name, the first video stream that is not a cover picture, the first
// audio stream.
func parseProbe(out []byte, key string) (festival.MediaFacts, error) {
	var po probeOutput
	if err := json.Unmarshal(out, &po); err != nil {
		return festival.MediaFacts{}, fmt.Errorf("ffprobe's answer: %w", err)
	}
	var facts festival.MediaFacts
	if d, err := strconv.ParseFloat(po.Format.Duration, 64); err == nil && d > 0 {
		facts.Duration = round3(d)
	}
	for _, s := range po.Streams {
		switch {
		case s.CodecType == "video" && s.Disposition.AttachedPic == 0 && facts.Video == nil:
			rate := frameRate(s.AvgFrameRate)
			if rate == 0 {
				rate = frameRate(s.RFrameRate)
			}
			facts.Video = &festival.VideoFacts{
				Codec: s.CodecName, Profile: s.Profile, PixFmt: s.PixFmt,
				Width: s.Width, Height: s.Height, FrameRate: round3(rate),
			}
		case s.CodecType == "audio" && facts.Audio == nil:
			facts.Audio = &festival.AudioFacts{Codec: s.CodecName, Channels: s.Channels}
		}
	}
	facts.Container = container(po.Format.FormatName, po.Format.Tags["major_brand"], key)
	return facts, nil
}

// container names ffprobe's demuxer the way people name files: ffprobe
// has one demuxer for the whole QuickTime family and one for Matroska and
// WebM, so the brand (qt: a .mov) or the name tells them apart.
func container(formatName, brand, key string) string {
	switch {
	case strings.HasPrefix(formatName, "mov,mp4"):
		if strings.TrimSpace(brand) == "qt" {
			return "mov"
		}
		return "mp4"
	case strings.HasPrefix(formatName, "matroska"):
		if strings.HasSuffix(strings.ToLower(key), ".webm") {
			return "webm"
		}
		return "matroska"
	}
	name, _, _ := strings.Cut(formatName, ",")
	return name
}

// frameRate reads ffprobe's "num/den" rates; 0 when unknown ("0/0").
func frameRate(s string) float64 {
	num, den, ok := strings.Cut(s, "/")
	if !ok {
		return 0
	}
	n, err1 := strconv.ParseFloat(num, 64)
	d, err2 := strconv.ParseFloat(den, 64)
	if err1 != nil || err2 != nil || d == 0 {
		return 0
	}
	return n / d
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// integrated is ebur128's summary line of the integrated loudness.
var integrated = regexp.MustCompile(`(?m)^\s*I:\s+(-?[0-9.]+|-inf) LUFS`)

// loudness is the film's integrated loudness (EBU R128): ffmpeg decodes
// the whole audio, which takes a few seconds per hour of film.
func (p FFprobe) loudness(ctx context.Context, url string) (*float64, error) {
	// ebur128 writes its summary at the info level, on stderr.
	_, stderr, err := runBoth(ctx, orDefault(p.FFmpegPath, "ffmpeg"),
		"-nostdin", "-nostats", "-hide_banner", "-i", url, "-vn", "-sn", "-dn", "-af", "ebur128", "-f", "null", "-")
	if errors.Is(err, errUnreadable) {
		return nil, nil // the audio cannot be decoded: not measured
	}
	if err != nil {
		return nil, err
	}
	m := integrated.FindAllSubmatch(stderr, -1)
	if len(m) == 0 {
		return nil, nil
	}
	v, err := strconv.ParseFloat(string(m[len(m)-1][1]), 64)
	if err != nil || math.IsInf(v, 0) {
		return nil, nil // -inf: no sound ebur128 could gate
	}
	v = math.Round(v*10) / 10
	return &v, nil
}

// errUnreadable is a run of ffprobe or ffmpeg that failed because of the
// file's content, not the infrastructure.
var errUnreadable = errors.New("media: the file cannot be read as a film")

// unreadable are ffmpeg's messages that blame the file: invalid data, an
// MP4 with no index, a file cut short.
var unreadable = []string{"Invalid data found when processing input", "moov atom not found", "End of file"}

func run(ctx context.Context, prog string, args ...string) ([]byte, error) {
	out, _, err := runBoth(ctx, prog, args...)
	return out, err
}

// runBoth runs a program and returns its outputs. Its error names the
// program and its last message, or wraps errUnreadable.
func runBoth(ctx context.Context, prog string, args ...string) (stdout, stderr []byte, err error) {
	var out, errOut bytes.Buffer
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	if err == nil {
		return out.Bytes(), errOut.Bytes(), nil
	}
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return nil, nil, fmt.Errorf("%s: %w", prog, err) // not installed, not runnable
	}
	msg := errOut.String()
	for _, u := range unreadable {
		if strings.Contains(msg, u) {
			return nil, nil, errUnreadable
		}
	}
	return nil, nil, fmt.Errorf("%s failed: %s", prog, lastLine(msg))
}

// lastLine is the last line of a program's messages, where ffmpeg puts its
// reason. The line may name the input, a presigned URL: its query (the
// signature) is cut out, so that no error or log carries it.
func lastLine(msg string) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	return withoutQueries(lines[len(lines)-1])
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
