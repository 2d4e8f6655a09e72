package screening

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// A copy rarely starts where the film starts: a screen capture starts
// before play is pressed, a cut drops the opening. Before reading the marks
// the copy is aligned on the film: both are resampled to alignRate frames
// per second as tiny thumbnails, and the shift whose thumbnails agree best
// is the copy's offset.
const (
	alignRate   = 25   // frames per second compared (one frame's precision at 25 fps)
	alignWindow = 60.0 // seconds of film compared
	maxShift    = 60.0 // the copy may start up to this much earlier or later than the film
	alignMin    = 0.8  // the best shift's mean correlation, below which the copy is not aligned
	thumbW      = 16
	thumbH      = 9
)

// thumbs decodes the first seconds of a file at alignRate as thumbW x
// thumbH grey thumbnails, each centred and scaled to unit length (so that
// brightness and contrast do not count; a flat one is all zeros).
func thumbs(ctx context.Context, path string, seconds float64) ([][]float64, error) {
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "ffmpeg", "-nostdin", "-v", "error", "-t", strconv.FormatFloat(seconds, 'f', 3, 64), "-i", path, "-an", "-sn",
		"-vf", fmt.Sprintf("fps=%d,scale=%d:%d:flags=area,format=gray", alignRate, thumbW, thumbH), "-f", "rawvideo", "-pix_fmt", "gray", "-")
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("screening: thumbnails of %s: %v: %s", filepath.Base(path), err, strings.TrimSpace(stderr.String()))
	}
	raw := out.Bytes()
	var list [][]float64
	for ; len(raw) >= thumbW*thumbH; raw = raw[thumbW*thumbH:] {
		v := toFloats(raw[:thumbW*thumbH])
		mean := 0.0
		for _, x := range v {
			mean += x
		}
		mean /= float64(len(v))
		norm := 0.0
		for i := range v {
			v[i] -= mean
			norm += v[i] * v[i]
		}
		if norm = math.Sqrt(norm); norm > 1 {
			for i := range v {
				v[i] /= norm
			}
		} else {
			clear(v)
		}
		list = append(list, v)
	}
	return list, nil
}

// align finds the offset of a copy (its time = the film's + offset, in
// seconds) from the film's thumbnails: ok is false when no shift agrees
// well enough (then the copy is taken as starting with the film). Of shifts
// that agree about as well (a film that repeats itself, a still scene), the
// smallest wins.
func align(film, leak [][]float64) (offset float64, ok bool) {
	limit := int(maxShift * alignRate)
	scores := make([]float64, 2*limit+1)
	best := -1.0
	for shift := -limit; shift <= limit; shift++ {
		scores[shift+limit] = agreement(film, leak, shift)
		best = max(best, scores[shift+limit])
	}
	for d := 0; d <= limit; d++ {
		for _, shift := range []int{-d, d} {
			if scores[shift+limit] >= best-alignTie {
				return float64(shift) / alignRate, best >= alignMin
			}
		}
	}
	return 0, false
}

// alignTie is how close to the best a shift's agreement must be to count
// as as good.
const alignTie = 0.01

// agreement is the mean correlation of the film's thumbnails with the
// copy's shifted by shift frames; -1 when they overlap on less than half the
// film's.
func agreement(film, leak [][]float64, shift int) float64 {
	sum, n := 0.0, 0
	for j, f := range film {
		k := j + shift
		if k < 0 || k >= len(leak) {
			continue
		}
		for p := range f {
			sum += f[p] * leak[k][p]
		}
		n++
	}
	if n == 0 || n < len(film)/2 {
		return -1
	}
	return sum / float64(n)
}
