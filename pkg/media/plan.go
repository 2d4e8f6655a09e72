// Package media measures, checks and encodes a film's file: one job plan
// (Plan) that two engines run, ffmpeg and ffprobe on a workstation and in the
// tests, AWS Elemental MediaConvert on AWS. Both leave the same thing behind:
// clear HLS segments and one playlist per rendition (and watermark form)
// under the plan's clear prefix, which the packager (pkg/screening) encrypts
// with one key per minute of film.
package media

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// SegmentSeconds is the target segment length: it divides a minute, so
// that every segment lies in one key's minute.
const SegmentSeconds = 6

// Rung is one step of the bitrate ladder: a rendition's height and its
// video and audio bitrates (bits per second).
type Rung struct {
	Name         string
	Height       int
	VideoBitrate int
	AudioBitrate int
}

// Ladder is the renditions a film may get, best first; a film gets those
// no taller than its source (at least the last, at the source's height
// when the source is smaller).
var Ladder = []Rung{
	{"1080p", 1080, 5_000_000, 128_000},
	{"720p", 720, 2_800_000, 128_000},
	{"480p", 480, 1_400_000, 96_000},
	{"360p", 360, 800_000, 96_000},
}

// Variants are the watermark's two forms (Plan.Watermark); a plan without
// the watermark has one unnamed variant.
const (
	VariantA = "A"
	VariantB = "B"
)

// WatermarkOpacityPercent is how strong the mark is: the percent of white
// laid over two opposite quadrants of the picture (about 5 grey levels of
// 255). MediaConvert's image inserter takes whole percents.
const WatermarkOpacityPercent = 2

// Output is one stream the engine writes: a rendition in one variant.
type Output struct {
	Rendition festival.Rendition
	Rung      Rung
	Variant   string // "", VariantA or VariantB
}

// Modifier is the output's name modifier (MediaConvert's NameModifier,
// the local engine's file names): _720p, or _720p_A with the watermark.
func (o Output) Modifier() string {
	if o.Variant == "" {
		return "_" + o.Rendition.Name
	}
	return "_" + o.Rendition.Name + "_" + o.Variant
}

// Plan is one media job: what to encode, from which file, to where.
type Plan struct {
	MovieID int64
	// Version tells the film's encodings apart (the film's file changes);
	// keys and paths depend on it.
	Version int64
	// Source is the S3 key of the film's file.
	Source string
	// Width and Height are the source's picture size.
	Width, Height int
	// Audio: the source has sound; the renditions get an AAC track only
	// then (MediaConvert fails a job whose audio selector finds none).
	// AudioChannels is its first track's channel count (mixed to stereo).
	Audio         bool
	AudioChannels int
	Watermark     bool
	Outputs       []Output
}

// NewPlan plans the encoding of a film's file from its measured facts:
// the ladder's rungs the source allows, each in one or two variants.
func NewPlan(movieID, version int64, source string, facts festival.MediaFacts, watermark bool) (Plan, error) {
	if facts.Video == nil || facts.Video.Width <= 0 || facts.Video.Height <= 0 {
		return Plan{}, fmt.Errorf("media: film %d has no video to encode", movieID)
	}
	p := Plan{MovieID: movieID, Version: version, Source: source, Width: facts.Video.Width, Height: facts.Video.Height, Watermark: watermark}
	if facts.Audio != nil {
		p.Audio, p.AudioChannels = true, facts.Audio.Channels
	}
	variants := []string{""}
	if watermark {
		variants = []string{VariantA, VariantB}
	}
	for _, r := range rungsFor(p.Height) {
		rendition := festival.Rendition{
			Name: r.Name, Height: r.Height, Width: evenWidth(p.Width, p.Height, r.Height),
			Bandwidth: int(math.Round(float64(r.VideoBitrate+r.AudioBitrate) * 1.1)),
		}
		for _, v := range variants {
			p.Outputs = append(p.Outputs, Output{Rendition: rendition, Rung: r, Variant: v})
		}
	}
	return p, nil
}

// rungsFor is the ladder's rungs no taller than a source of height h: the
// smallest at h itself (even) when the source is smaller than all.
func rungsFor(h int) []Rung {
	var out []Rung
	for _, r := range Ladder {
		if r.Height <= h {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		r := Ladder[len(Ladder)-1]
		r.Height = max(2, h/2*2)
		r.Name = strconv.Itoa(r.Height) + "p"
		out = append(out, r)
	}
	return out
}

// evenWidth keeps the source's shape at height h, with an even width (what
// H.264 in 4:2:0 needs).
func evenWidth(srcW, srcH, h int) int {
	return max(2, int(math.Round(float64(srcW)*float64(h)/float64(srcH)/2))*2)
}

// Renditions are the plan's renditions, each once, best first.
func (p Plan) Renditions() []festival.Rendition {
	var out []festival.Rendition
	for _, o := range p.Outputs {
		if len(out) == 0 || out[len(out)-1].Name != o.Rendition.Name {
			out = append(out, o.Rendition)
		}
	}
	return out
}

// Prefix is where the plan's files live: movies/<id>/stream/<version>/,
// under the movies/ prefix the functions' roles allow.
func (p Plan) Prefix() string {
	return fmt.Sprintf("movies/%d/stream/%d/", p.MovieID, p.Version)
}

// ClearDestination is the engines' destination: their playlists are
// <destination><modifier>.m3u8 and their segments
// <destination><modifier>_<5-digit number from 1>.ts (MediaConvert's names,
// which the local engine writes too).
func (p Plan) ClearDestination() string { return p.Prefix() + "clear/f" }

// ClearPlaylist is the S3 key of an output's clear playlist.
func (p Plan) ClearPlaylist(o Output) string { return p.ClearDestination() + o.Modifier() + ".m3u8" }

// ClearSegment is the S3 key of an output's clear segment n (from 1).
func (p Plan) ClearSegment(o Output, n int) string {
	return fmt.Sprintf("%s%s_%05d.ts", p.ClearDestination(), o.Modifier(), n)
}

// Segment is the S3 key of an output's encrypted segment n (from 1), as
// the packager writes it and the playlists presign it.
func (p Plan) Segment(o Output, n int) string {
	return fmt.Sprintf("%shls/s%s_%05d.ts", p.Prefix(), o.Modifier(), n)
}

// WatermarkPattern is the picture laid over a variant's frames at
// WatermarkOpacityPercent: white over the top-left and bottom-right quadrants
// for A, the two others for B, transparent elsewhere. A copy is told A or B
// by comparing the brightness of its quadrants with the two marked forms.
func WatermarkPattern(variant string, w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			left, top := x < w/2, y < h/2
			if (left == top) == (variant == VariantA) {
				img.Set(x, y, color.NRGBA{255, 255, 255, 255})
			}
		}
	}
	return img
}

// Objects is the bucket as the engines and the packager use it: keys are
// whole S3 keys (the plan's names). pkg/storage/files.Store implements it.
type Objects interface {
	// Get opens an object (festival.ErrNotFound when there is none).
	Get(ctx context.Context, key string) (io.ReadCloser, error)
	// PutObject writes an object whole.
	PutObject(ctx context.Context, key string, body io.ReadSeeker, contentType string) error
	// Delete removes objects (absent ones are not an error).
	Delete(ctx context.Context, keys ...string) error
	// PresignGet is a short-lived GET URL of an object.
	PresignGet(ctx context.Context, key string) (url string, expires time.Time, err error)
}

// Prober measures a film's file. The file is the S3 key of the film
// (plan.Source); the prober reads it through a presigned URL or a copy.
type Prober interface {
	Probe(ctx context.Context, key string) (festival.MediaFacts, error)
}

// Encoder runs a plan: it leaves clear HLS under plan.ClearDestination(),
// one playlist per output (plan.ClearPlaylist) and its segments
// (plan.ClearSegment). Start runs or starts the job: done is true when the
// engine finished already (ffmpeg); otherwise Poll the job it names until
// done (MediaConvert). A failed job is an error that says why.
type Encoder interface {
	Start(ctx context.Context, plan Plan) (job string, done bool, err error)
	Poll(ctx context.Context, job string) (done bool, err error)
}
