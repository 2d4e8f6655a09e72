package screening

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

// Frames are compared at a small fixed size, so that a copy's own size
// (scaled, letterboxed by a player) does not matter.
const (
	frameW = 64
	frameH = 36
	// minMarkLevels: a reference frame whose A and B forms differ by less
	// than this (quadrant sums, grey levels) shows no mark (a white or black
	// picture clips it), and its segment is unknown.
	minMarkLevels = 4.0
	// decideShare: the copy must lie this far from halfway between the two
	// forms (as a share of their distance) for its form to be read.
	decideShare = 0.25
)

// Refs are the two marked forms of one rendition of a film, each decoded
// to a file a player reads whole (the decrypted segments, in order), and
// the durations of the segments.
type Refs struct {
	A, B     string
	Segments []float64
}

// Detect reads the watermark form of each segment of a leaked copy (see
// Reference.Detect), measuring the references first.
func Detect(ctx context.Context, leakedPath string, refs Refs) (Reading, error) {
	ref, err := NewReference(ctx, refs)
	if err != nil {
		return Reading{}, err
	}
	return ref.Detect(ctx, leakedPath)
}

// Reference is both forms' frames at the middle of each segment, and the
// film's opening as thumbnails, to read any number of copies against.
type Reference struct {
	times []float64
	a, b  [][]byte    // grey frames at frameW x frameH
	open  [][]float64 // form A's first alignWindow seconds (thumbs)
}

// NewReference takes both forms' frames at the middle of each segment.
func NewReference(ctx context.Context, refs Refs) (Reference, error) {
	r := Reference{times: make([]float64, len(refs.Segments))}
	start := 0.0
	for i, d := range refs.Segments {
		r.times[i] = start + d/2
		start += d
	}
	var err error
	if r.a, err = frames(ctx, refs.A, r.times); err != nil {
		return Reference{}, err
	}
	if r.b, err = frames(ctx, refs.B, r.times); err != nil {
		return Reference{}, err
	}
	if r.open, err = thumbs(ctx, refs.A, alignWindow); err != nil {
		return Reference{}, err
	}
	return r, nil
}

// Reading is what Detect read of a copy.
type Reading struct {
	// Forms is the form read of each segment (from 1): "A", "B", or ""
	// when the frame is missing or too close to call.
	Forms []string
	// Offset is where the film starts in the copy (seconds; negative when
	// the copy lacks the film's opening); Aligned is false when the copy's
	// opening matched no shift (it is then read as starting with the film).
	Offset  float64
	Aligned bool
}

// Detect reads the watermark form of each segment of a leaked copy: it
// aligns the copy on the film, then at the middle of each segment takes a
// frame of the copy and reads A or B by which form its quadrant brightness
// is closer to.
func (r Reference) Detect(ctx context.Context, leakedPath string) (Reading, error) {
	opening, err := thumbs(ctx, leakedPath, alignWindow+maxShift)
	if err != nil {
		return Reading{}, err
	}
	var rd Reading
	rd.Offset, rd.Aligned = align(r.open, opening)
	if !rd.Aligned {
		rd.Offset = 0
	}
	// The copy's times; those before its first half second are not taken
	// (the first frame could answer for two of them).
	first := 0
	for first < len(r.times) && r.times[first]+rd.Offset < 0.5 {
		first++
	}
	shifted := make([]float64, len(r.times)-first)
	for i := range shifted {
		shifted[i] = r.times[first+i] + rd.Offset
	}
	leak, err := frames(ctx, leakedPath, shifted)
	if err != nil {
		return Reading{}, err
	}
	rd.Forms = make([]string, len(r.times))
	for i := first; i < len(r.times); i++ {
		if i-first < len(leak) && i < len(r.a) && i < len(r.b) { // else the copy (or a form) ends earlier
			rd.Forms[i] = decide(leak[i-first], r.a[i], r.b[i])
		}
	}
	return rd, nil
}

// decide reads a copy's form from its frame and those of A and B at the
// same moment. The copy's levels are first brought back to the references'
// (a least-squares gain and offset: a player, a capture or a re-encoding may
// change brightness and contrast); a copy whose picture does not follow the
// references' (cropped, shifted in time, another scene) is not read.
func decide(leak, a, b []byte) string {
	markA, markB := markOf(toFloats(a)), markOf(toFloats(b))
	if math.Abs(markA-markB) < minMarkLevels {
		return ""
	}
	mid := make([]float64, len(a))
	for i := range a {
		mid[i] = (float64(a[i]) + float64(b[i])) / 2
	}
	l := toFloats(leak)
	// Fitted on blocks rather than pixels: a blur or a smaller copy changes
	// the pixels' spread, not the blocks' brightness.
	gain, offset, r := fit(blocks(l), blocks(mid))
	if r < minCorrelation || gain < 0.2 {
		return ""
	}
	for i := range l {
		l[i] = (l[i] - offset) / gain
	}
	share := (markOf(l) - (markA+markB)/2) / (markA - markB) // +0.5 at A, -0.5 at B
	switch {
	case share >= decideShare:
		return media.VariantA
	case share <= -decideShare:
		return media.VariantB
	}
	return ""
}

// minCorrelation is how closely a copy's frame must follow the references'
// (Pearson's r over the small frame's pixels) to be read at all.
const minCorrelation = 0.97

// fit is the least-squares line y = gain*x + offset and the correlation of
// x and y (0 when either is flat).
func fit(y, x []float64) (gain, offset, r float64) {
	n := float64(len(x))
	var sx, sy, sxx, syy, sxy float64
	for i := range x {
		sx, sy = sx+x[i], sy+y[i]
		sxx, syy, sxy = sxx+x[i]*x[i], syy+y[i]*y[i], sxy+x[i]*y[i]
	}
	vx, vy, cov := sxx-sx*sx/n, syy-sy*sy/n, sxy-sx*sy/n
	if vx < 1e-9 || vy < 1e-9 {
		return 0, 0, 0
	}
	gain = cov / vx
	return gain, (sy - gain*sx) / n, cov / math.Sqrt(vx*vy)
}

// blockSize is the side of the blocks fit compares (a 16 x 9 grid).
const blockSize = 4

// blocks is the mean brightness of each blockSize square of a frame.
func blocks(frame []float64) []float64 {
	const bw, bh = frameW / blockSize, frameH / blockSize
	out := make([]float64, bw*bh)
	for y := range frameH {
		for x := range frameW {
			out[(y/blockSize)*bw+x/blockSize] += frame[y*frameW+x] / (blockSize * blockSize)
		}
	}
	return out
}

func toFloats(b []byte) []float64 {
	f := make([]float64, len(b))
	for i, v := range b {
		f[i] = float64(v)
	}
	return f
}

// frames decodes, in one ffmpeg run, the first frame at or after each time
// (seconds from the start) at frameW x frameH in grey.
func frames(ctx context.Context, path string, times []float64) ([][]byte, error) {
	var sel strings.Builder
	sel.WriteString("select='")
	for i, t := range times {
		if i > 0 {
			sel.WriteString("+")
		}
		ts := strconv.FormatFloat(t, 'f', 3, 64)
		// The first frame has no previous one (prev_t is NAN).
		fmt.Fprintf(&sel, "gte(t,%s)*(lt(prev_t,%s)+isnan(prev_t))", ts, ts)
	}
	fmt.Fprintf(&sel, "',scale=%d:%d:flags=area,format=gray", frameW, frameH)
	script, err := os.CreateTemp("", "watermark-filter-*.txt")
	if err != nil {
		return nil, err
	}
	defer os.Remove(script.Name())
	if _, err := script.WriteString(sel.String()); err != nil {
		script.Close()
		return nil, err
	}
	if err := script.Close(); err != nil {
		return nil, err
	}
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-an", "-sn",
		"-filter_script:v", script.Name(), "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "-")
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("screening: frames of %s: %v: %s", filepath.Base(path), err, strings.TrimSpace(stderr.String()))
	}
	raw := out.Bytes()
	var list [][]byte
	for len(raw) >= frameW*frameH {
		list = append(list, raw[:frameW*frameH:frameW*frameH])
		raw = raw[frameW*frameH:]
	}
	return list, nil
}

// markOf is a grey frame's mark measure: the top-left and bottom-right
// quadrants' mean brightness minus the two others' (A brightens the first
// two, B the others).
func markOf(frame []float64) float64 {
	var q [2][2]float64
	for y := range frameH {
		for x := range frameW {
			q[y*2/frameH][x*2/frameW] += frame[y*frameW+x]
		}
	}
	n := float64(frameW * frameH / 4)
	return (q[0][0] + q[1][1] - q[0][1] - q[1][0]) / n
}

// DecryptForms writes the two marked forms of a rendition of a film's
// stream into dir (A.ts and B.ts: its segments decrypted and joined, which
// MPEG-TS allows), for Detect.
func DecryptForms(ctx context.Context, objects media.Objects, secret Secret, movieID int64, st festival.Streaming, rendition string, dir string) (Refs, error) {
	r, ok := findRendition(st, rendition)
	if !ok {
		return Refs{}, fmt.Errorf("%w: %q", ErrNoRendition, rendition)
	}
	if !st.Watermarked {
		return Refs{}, fmt.Errorf("screening: film %d's stream is not watermarked", movieID)
	}
	refs := Refs{A: filepath.Join(dir, "A.ts"), B: filepath.Join(dir, "B.ts"), Segments: st.Segments}
	minutes := SegmentMinutes(st)
	for variant, path := range map[string]string{media.VariantA: refs.A, media.VariantB: refs.B} {
		f, err := os.Create(path)
		if err != nil {
			return Refs{}, err
		}
		for i := range st.Segments {
			if err = decryptInto(ctx, f, objects, secret.Key(movieID, st.Version, minutes[i]), i+1, SegmentKey(movieID, st, r, variant, i+1)); err != nil {
				break
			}
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return Refs{}, err
		}
	}
	return refs, nil
}

// decryptInto appends the decrypted segment n (stored at key) to w.
func decryptInto(ctx context.Context, w io.Writer, objects media.Objects, key [16]byte, n int, s3key string) error {
	body, err := objects.Get(ctx, s3key)
	if err != nil {
		return fmt.Errorf("screening: segment %s: %w", s3key, err)
	}
	sealed, err := io.ReadAll(io.LimitReader(body, maxSegmentBytes+aesPad))
	body.Close()
	if err != nil {
		return fmt.Errorf("screening: segment %s: %w", s3key, err)
	}
	clear, err := Decrypt(key, IV(n), sealed)
	if err != nil {
		return fmt.Errorf("screening: segment %s: %w", s3key, err)
	}
	_, err = w.Write(clear)
	return err
}

// aesPad is the most PKCS#7 adds.
const aesPad = 16
