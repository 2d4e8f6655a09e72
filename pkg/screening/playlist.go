package screening

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

// Presigner presigns GET URLs of the bucket's objects (media.Objects and
// files.Store do).
type Presigner interface {
	PresignGet(ctx context.Context, key string) (url string, expires time.Time, err error)
}

// ErrNoRendition is a rendition playlist asked for that the film's stream
// does not have (404).
var ErrNoRendition = errors.New("screening: no such rendition")

// Codecs is the CODECS attribute of a rendition: H.264 in the profile the
// engines encode it in (media.Rung.H264Profile: Main under 720 lines, High
// from 720) at the level its size needs at up to 30 frames a second (3.0 up
// to 480p, 3.1 for 720p, 4.0 for 1080p), and AAC-LC sound.
func Codecs(r festival.Rendition) string {
	profile := "4d" // Main
	if (media.Rung{Height: r.Height}).H264Profile() == "high" {
		profile = "64"
	}
	level := "1e" // 3.0
	switch {
	case r.Height > 720:
		level = "28" // 4.0
	case r.Height > 480:
		level = "1f" // 3.1
	}
	return "avc1." + profile + "00" + level + ",mp4a.40.2"
}

// Master is a film's master playlist for the ticket's holder: one variant
// stream per rendition, best first, each pointing at its playlist (relative
// to /movies/{id}/stream/) with the ticket.
func Master(st festival.Streaming, ticket string) string {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n")
	for _, r := range st.Renditions {
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,RESOLUTION=%dx%d,CODECS=\"%s\"\n", r.Bandwidth, r.Width, r.Height, Codecs(r))
		fmt.Fprintf(&b, "%s.m3u8?ticket=%s\n", r.Name, url.QueryEscape(ticket))
	}
	return b.String()
}

// SegmentMinutes is the key minute of each segment (index 0 is segment 1):
// the minute its start falls in. The packager encrypts with these keys and
// the playlists name them, from the same durations, so they agree.
func SegmentMinutes(st festival.Streaming) []int {
	minutes := make([]int, len(st.Segments))
	start := 0.0
	for i, d := range st.Segments {
		minutes[i] = festival.KeyMinute(start)
		start += d
	}
	return minutes
}

// SegmentKey is the S3 key of segment n (from 1) of a rendition of a
// film's stream in one variant ("" without the watermark): the plan's name,
// rebuilt from the stream the film keeps.
func SegmentKey(movieID int64, st festival.Streaming, r festival.Rendition, variant string, n int) string {
	plan := media.Plan{MovieID: movieID, Version: st.Version}
	return plan.Segment(media.Output{Rendition: r, Variant: variant}, n)
}

// Variant is a rendition's media playlist for the ticket's holder: every
// segment presigned (in the holder's own A/B sequence when the stream is
// watermarked), and before the first segment of each minute the key URI of
// that minute with the ticket. No IV attribute: a segment's IV is its media
// sequence number (from 1), which is how the packager encrypted it.
func Variant(ctx context.Context, objects Presigner, secret Secret, st festival.Streaming, rendition string, t Ticket, ticket string) (string, error) {
	r, ok := findRendition(st, rendition)
	if !ok {
		return "", fmt.Errorf("%w: %q", ErrNoRendition, rendition)
	}
	target := 1.0
	for _, d := range st.Segments {
		target = max(target, math.Ceil(d))
	}
	urls, err := presignAll(ctx, objects, secret, st, r, t)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(st.Segments) * 600)
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:1\n#EXT-X-PLAYLIST-TYPE:VOD\n", int(target))
	escaped := url.QueryEscape(ticket)
	minutes := SegmentMinutes(st)
	for i, d := range st.Segments {
		if i == 0 || minutes[i] != minutes[i-1] {
			fmt.Fprintf(&b, "#EXT-X-KEY:METHOD=AES-128,URI=\"/movies/%d/keys/%d?ticket=%s\"\n", t.MovieID, minutes[i], escaped)
		}
		b.WriteString("#EXTINF:" + strconv.FormatFloat(d, 'f', 3, 64) + ",\n" + urls[i] + "\n")
	}
	b.WriteString("#EXT-X-ENDLIST\n")
	return b.String(), nil
}

// presignAll presigns the holder's segments of rendition r, in order. The
// SDK's presigning costs about 90 µs a URL (its middleware stack, measured
// by BenchmarkVariant900), so a feature film's 900 are shared among the
// processors.
func presignAll(ctx context.Context, objects Presigner, secret Secret, st festival.Streaming, r festival.Rendition, t Ticket) ([]string, error) {
	urls := make([]string, len(st.Segments))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(urls)/50))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(urls) && errs[w] == nil; i += workers {
				n := i + 1
				variant := ""
				if st.Watermarked {
					variant = secret.VariantFor(t.MovieID, st.Version, t.UserID, n)
				}
				urls[i], _, errs[w] = objects.PresignGet(ctx, SegmentKey(t.MovieID, st, r, variant, n))
			}
		})
	}
	wg.Wait()
	return urls, errors.Join(errs...)
}

func findRendition(st festival.Streaming, name string) (festival.Rendition, bool) {
	for _, r := range st.Renditions {
		if r.Name == name {
			return r, true
		}
	}
	return festival.Rendition{}, false
}
