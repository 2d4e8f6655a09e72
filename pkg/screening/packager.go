package screening

import (
	"bufio"
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

// Encrypt is HLS's AES-128 of a whole segment: AES-128-CBC with PKCS#7
// padding (RFC 8216, 4.3.2.4), so a player decrypts it with the minute's key
// and the segment's IV.
func Encrypt(key, iv [16]byte, clear []byte) []byte {
	block, err := aes.NewCipher(key[:])
	if err != nil {
		panic(err) // a 16-byte key is always valid
	}
	pad := aes.BlockSize - len(clear)%aes.BlockSize
	out := make([]byte, len(clear)+pad)
	copy(out, clear)
	for i := len(clear); i < len(out); i++ {
		out[i] = byte(pad)
	}
	cipher.NewCBCEncrypter(block, iv[:]).CryptBlocks(out, out)
	return out
}

// Decrypt reverses Encrypt (for the watermark detector and the tests).
func Decrypt(key, iv [16]byte, sealed []byte) ([]byte, error) {
	if len(sealed) == 0 || len(sealed)%aes.BlockSize != 0 {
		return nil, errors.New("screening: encrypted segment is not whole blocks")
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		panic(err) // a 16-byte key is always valid
	}
	out := make([]byte, len(sealed))
	cipher.NewCBCDecrypter(block, iv[:]).CryptBlocks(out, sealed)
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize || !bytes.Equal(out[len(out)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		return nil, errors.New("screening: wrong key or damaged segment (bad padding)")
	}
	return out[:len(out)-pad], nil
}

// Limits of what the packager reads: a playlist (900 segments of a feature
// film is about 40 KB) and one segment (6 seconds of 1080p at 5 Mbps is
// about 4 MB).
const (
	maxPlaylistBytes = 4 << 20
	maxSegmentBytes  = 256 << 20
	// packWorkers segments are encrypted at once: memory stays at a few
	// segments whatever the film's length.
	packWorkers = 4
)

// Package encrypts the clear HLS an engine left for the plan: it reads each
// output's playlist, checks that every output has the same segments, then
// encrypts each segment with the key of the minute it starts in into
// plan.Segment and deletes the clear segments. The clear playlists stay
// (names and durations, no picture), so a retried job packages again: a
// clear segment already gone whose encrypted copy exists is done.
func Package(ctx context.Context, objects media.Objects, secret Secret, plan media.Plan) (festival.Streaming, error) {
	if len(plan.Outputs) == 0 {
		return festival.Streaming{}, errors.New("screening: the plan has no output")
	}
	var durations []float64
	for i, o := range plan.Outputs {
		d, err := readPlaylist(ctx, objects, plan, o)
		if err != nil {
			return festival.Streaming{}, err
		}
		if i == 0 {
			durations = d
		} else if err := sameSegments(durations, d); err != nil {
			return festival.Streaming{}, fmt.Errorf("screening: output %s differs from %s: %w", o.Modifier(), plan.Outputs[0].Modifier(), err)
		}
	}
	st := festival.Streaming{
		Version: plan.Version, Renditions: plan.Renditions(), SegmentSeconds: media.SegmentSeconds,
		Segments: durations, Watermarked: plan.Watermark,
	}
	minutes := SegmentMinutes(st)
	for _, o := range plan.Outputs {
		if err := packOutput(ctx, objects, secret, plan, o, minutes); err != nil {
			return festival.Streaming{}, err
		}
	}
	return st, nil
}

// readPlaylist reads the segment durations (3 decimals) of an output's clear
// playlist, checking that its segments are the plan's names in order.
func readPlaylist(ctx context.Context, objects media.Objects, plan media.Plan, o media.Output) ([]float64, error) {
	key := plan.ClearPlaylist(o)
	body, err := objects.Get(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("screening: playlist %s: %w", key, err)
	}
	defer body.Close()
	durations, uris, err := ParsePlaylist(io.LimitReader(body, maxPlaylistBytes))
	if err != nil {
		return nil, fmt.Errorf("screening: playlist %s: %w", key, err)
	}
	for i, u := range uris {
		if want := path.Base(plan.ClearSegment(o, i+1)); u != want {
			return nil, fmt.Errorf("screening: playlist %s: segment %d is %q, want %q", key, i+1, u, want)
		}
	}
	return durations, nil
}

// ParsePlaylist reads a media playlist's segments: each one's duration
// (EXTINF, rounded to 3 decimals) and the base name of its URI.
func ParsePlaylist(r io.Reader) (durations []float64, uris []string, err error) {
	sc := bufio.NewScanner(r)
	pending := -1.0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#EXTINF:"):
			v, _, _ := strings.Cut(strings.TrimPrefix(line, "#EXTINF:"), ",")
			d, perr := strconv.ParseFloat(v, 64)
			if perr != nil || !(d > 0 && d <= 3600) { // NaN too
				return nil, nil, fmt.Errorf("bad segment duration %q", line)
			}
			pending = math.Round(d*1000) / 1000
		case line == "" || strings.HasPrefix(line, "#"):
		case pending < 0:
			return nil, nil, fmt.Errorf("segment %q without EXTINF", line)
		default:
			u, _, _ := strings.Cut(line, "?")
			durations, uris = append(durations, pending), append(uris, path.Base(u))
			pending = -1
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if len(durations) == 0 {
		return nil, nil, errors.New("no segment")
	}
	return durations, uris, nil
}

// sameSegments checks two outputs' segments: the same count, and durations
// within a frame (a 25 fps frame is 0.04 s).
func sameSegments(want, got []float64) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d segments, want %d", len(got), len(want))
	}
	for i := range want {
		if math.Abs(want[i]-got[i]) > 0.05 {
			return fmt.Errorf("segment %d lasts %.3f s, want %.3f s", i+1, got[i], want[i])
		}
	}
	return nil
}

// packOutput encrypts an output's segments, packWorkers at a time, then
// deletes its clear segments.
func packOutput(ctx context.Context, objects media.Objects, secret Secret, plan media.Plan, o media.Output, minutes []int) error {
	errs := make([]error, packWorkers)
	var wg sync.WaitGroup
	for w := range packWorkers {
		wg.Go(func() {
			for i := w; i < len(minutes) && errs[w] == nil; i += packWorkers {
				errs[w] = packSegment(ctx, objects, secret, plan, o, i+1, minutes[i])
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	clear := make([]string, len(minutes))
	for i := range minutes {
		clear[i] = plan.ClearSegment(o, i+1)
	}
	return objects.Delete(ctx, clear...)
}

// packSegment encrypts segment n of an output with the key of its minute.
func packSegment(ctx context.Context, objects media.Objects, secret Secret, plan media.Plan, o media.Output, n, minute int) error {
	src, dst := plan.ClearSegment(o, n), plan.Segment(o, n)
	body, err := objects.Get(ctx, src)
	if errors.Is(err, festival.ErrNotFound) {
		// Gone: a previous run encrypted it and deleted it, if its copy is there.
		done, derr := objects.Get(ctx, dst)
		if derr != nil {
			return fmt.Errorf("screening: segment %s is gone and %s is not there: %w", src, dst, derr)
		}
		return done.Close()
	}
	if err != nil {
		return fmt.Errorf("screening: segment %s: %w", src, err)
	}
	clear, err := io.ReadAll(io.LimitReader(body, maxSegmentBytes+1))
	body.Close()
	if err != nil {
		return fmt.Errorf("screening: segment %s: %w", src, err)
	}
	if len(clear) > maxSegmentBytes {
		return fmt.Errorf("screening: segment %s is over %d bytes", src, maxSegmentBytes)
	}
	sealed := Encrypt(secret.Key(plan.MovieID, plan.Version, minute), IV(n), clear)
	if err := objects.PutObject(ctx, dst, bytes.NewReader(sealed), "video/mp2t"); err != nil {
		return fmt.Errorf("screening: segment %s: %w", dst, err)
	}
	return nil
}
