// Package files validates uploaded film files by their content and stores
// them in S3 under a per-film prefix.
//
// Validation looks at the bytes, never at the client's file name or
// Content-Type, because both are chosen by the uploader and prove nothing.
package files

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Kind is the kind of content a form part must hold.
type Kind string

const (
	// Video is a film or trailer: MP4 (ISO base media file format).
	Video Kind = "video"
	// Image is a thumbnail or poster: JPEG or PNG.
	Image Kind = "image"
	// Subtitle is a SubRip (.srt) text file.
	Subtitle Kind = "subtitle"
	// Document is a file given in answer to a festival's question: a PDF,
	// or a JPEG, PNG or WebP image.
	Document Kind = "document"
)

// SniffLen is how many leading bytes Sniff needs. Every signature fits in far
// fewer bytes; the rest is room for the first SRT cue. Callers pass at most
// this many bytes (fewer when the file is shorter).
const SniffLen = 4096

// ErrInvalid is wrapped by every *InvalidFileError so that callers can test
// with errors.Is and answer 400 without knowing the details.
var ErrInvalid = errors.New("invalid file")

// ErrTooLarge is wrapped by every *TooLargeError.
var ErrTooLarge = errors.New("file too large")

// InvalidFileError says which form part held content of the wrong kind.
// Sniff leaves Part empty; Store methods fill it so the HTTP layer can name
// the part in its 400 answer.
type InvalidFileError struct {
	Part string
	// Reason says what is wrong with the content: the API shows it to the
	// client inside its error message, in the client's language.
	Reason texts.Msg
}

func (e *InvalidFileError) Error() string {
	if e.Part == "" {
		return "invalid file: " + e.Reason.In(texts.Default)
	}
	return fmt.Sprintf("invalid file in part %q: %s", e.Part, e.Reason.In(texts.Default))
}

// Unwrap lets errors.Is(err, ErrInvalid) match.
func (e *InvalidFileError) Unwrap() error { return ErrInvalid }

// TooLargeError says which part exceeded which limit (in bytes).
type TooLargeError struct {
	Part  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("file in part %q is larger than %d bytes", e.Part, e.Limit)
}

// BrokenBodyError is returned when the request body ended or broke inside a
// file: the sender's fault (a form cut short, a dropped connection), not the
// store's, and nothing of the file is kept.
type BrokenBodyError struct {
	Part string
	Err  error
}

func (e *BrokenBodyError) Error() string {
	return fmt.Sprintf("file in part %q: body broken: %v", e.Part, e.Err)
}

func (e *BrokenBodyError) Unwrap() error { return e.Err }

// Unwrap lets errors.Is(err, ErrTooLarge) match.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

func invalid(why texts.Key, args ...any) error {
	return &InvalidFileError{Reason: texts.M(why, args...)}
}

// Sniff checks that head, the first bytes of a file (up to SniffLen), holds
// content of the given kind, and returns the extension and content type to
// store it under. A content error is an *InvalidFileError; an unknown kind is
// a programming error and returns a plain error.
func Sniff(kind Kind, head []byte) (ext string, contentType string, err error) {
	switch kind {
	case Video, Image, Subtitle, Document:
	default:
		return "", "", fmt.Errorf("files: unknown kind %q", kind)
	}
	if len(head) == 0 {
		return "", "", invalid(texts.FileEmpty)
	}
	switch kind {
	case Video:
		if err := sniffMP4(head); err != nil {
			return "", "", err
		}
		return ".mp4", "video/mp4", nil
	case Image:
		return sniffImage(head)
	case Document:
		return sniffDocument(head)
	default:
		if err := sniffSRT(head); err != nil {
			return "", "", err
		}
		return ".srt", "application/x-subrip", nil
	}
}

// Brands that are ISO-BMFF but not a playable MP4 film. Anything else that is
// printable ASCII is accepted: encoders invent brands (isom, iso2..iso9, mp41,
// mp42, avc1, "M4V ", dash, msnv, XAVC, ...) and rejecting unknown ones would
// turn away real films.
var notMP4Brands = map[string]texts.Key{
	"qt  ": texts.SniffQuickTime,
	"heic": texts.SniffHEIF,
	"heix": texts.SniffHEIF,
	"mif1": texts.SniffHEIF,
	"msf1": texts.SniffHEIFSequence,
	"avif": texts.SniffAVIF,
	"avis": texts.SniffAVIFSequence,
	"crx ": texts.SniffRaw,
}

// sniffMP4 checks the leading ftyp box: size(4) "ftyp"(4) major brand(4)
// minor version(4) compatible brands(4 each).
func sniffMP4(head []byte) error {
	if len(head) < 8 || string(head[4:8]) != "ftyp" {
		return invalid(texts.SniffNoFtyp)
	}
	if len(head) < 16 {
		return invalid(texts.SniffMP4Truncated)
	}
	size := int(binary.BigEndian.Uint32(head[0:4]))
	// A real ftyp box is a few dozen bytes; a 64-bit (1) or to-end-of-file
	// (0) size, or one not made of whole brands, means the bytes only happen
	// to contain "ftyp".
	if size < 16 || size > SniffLen || (size-16)%4 != 0 {
		return invalid(texts.SniffFtypSize, size)
	}
	if len(head) < size {
		return invalid(texts.SniffMP4Truncated)
	}
	major := string(head[8:12])
	if !printable(head[8:12]) {
		return invalid(texts.SniffMajorBrand)
	}
	if why, bad := notMP4Brands[major]; bad {
		return invalid(why)
	}
	for i := 16; i < size; i += 4 {
		if !printable(head[i : i+4]) {
			return invalid(texts.SniffCompatBrand)
		}
	}
	// When the next box header is in reach, check it too: after the ftyp
	// comes moov, mdat, free, ... never binary noise.
	if len(head) >= size+8 {
		next := head[size : size+8]
		nsize := binary.BigEndian.Uint32(next[0:4])
		if !printable(next[4:8]) || (nsize > 1 && nsize < 8) {
			return invalid(texts.SniffAfterFtyp)
		}
	}
	return nil
}

func printable(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// sniffDocument accepts a PDF (its %PDF- header), a WebP image (a RIFF
// container of form WEBP) or a JPEG or PNG image (sniffImage).
func sniffDocument(head []byte) (string, string, error) {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return ".pdf", "application/pdf", nil
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return ".webp", "image/webp", nil
	}
	ext, ct, err := sniffImage(head)
	if err != nil {
		return "", "", invalid(texts.SniffUnknown)
	}
	return ext, ct, nil
}

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

func sniffImage(head []byte) (string, string, error) {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xd8, 0xff}):
		// SOI then the first marker; a bare 3-byte prefix is no image.
		if len(head) < 4 {
			return "", "", invalid(texts.SniffJPEGTruncated)
		}
		return ".jpg", "image/jpeg", nil
	case bytes.HasPrefix(head, pngSignature):
		// The first chunk of every PNG is IHDR (length 4 bytes, then type).
		if len(head) < 16 {
			return "", "", invalid(texts.SniffPNGTruncated)
		}
		if string(head[12:16]) != "IHDR" {
			return "", "", invalid(texts.SniffNoIHDR)
		}
		return ".png", "image/png", nil
	case len(head) >= 8 && string(head[4:8]) == "ftyp":
		return "", "", invalid(texts.SniffVideoNotImage)
	default:
		return "", "", invalid(texts.SniffUnknown)
	}
}

// timing matches an SRT timing line. Hours may have more than two digits in
// long files; "." is accepted for the millisecond separator because common
// tools write it; coordinates may follow the end time.
var timing = regexp.MustCompile(`^(\d+):(\d{2}):(\d{2})[,.](\d{3})[ \t]*-->[ \t]*(\d+):(\d{2}):(\d{2})[,.](\d{3})(?:[ \t].*)?$`)

// sniffSRT checks that head is UTF-8 text starting with a well-formed cue:
// index line, timing line, at least one text line.
func sniffSRT(head []byte) error {
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		return invalid(texts.SniffUTF16)
	}
	text := bytes.TrimPrefix(head, []byte{0xef, 0xbb, 0xbf})
	if len(head) >= SniffLen {
		// The caller cut the file at SniffLen, possibly inside a character:
		// drop an incomplete trailing sequence (at most 3 bytes).
		for i := 1; i <= 3 && i <= len(text); i++ {
			if utf8.RuneStart(text[len(text)-i]) {
				if !utf8.FullRune(text[len(text)-i:]) {
					text = text[:len(text)-i]
				}
				break
			}
		}
	}
	if !utf8.Valid(text) {
		return invalid(texts.SniffNotUTF8)
	}
	for _, c := range text {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return invalid(texts.SniffBinary)
		}
	}

	lines := bytes.Split(text, []byte("\n"))
	for i := range lines {
		lines[i] = bytes.TrimRight(lines[i], "\r")
	}
	i := 0
	for i < len(lines) && len(bytes.TrimSpace(lines[i])) == 0 {
		i++
	}
	if i+2 >= len(lines) {
		return invalid(texts.SniffNoCue)
	}

	index := string(bytes.TrimSpace(lines[i]))
	n, err := strconv.ParseUint(index, 10, 32)
	if err != nil || n == 0 {
		return invalid(texts.SniffCueNumber, index)
	}

	m := timing.FindStringSubmatch(string(bytes.TrimSpace(lines[i+1])))
	if m == nil {
		return invalid(texts.SniffCueTiming)
	}
	start, ok1 := millis(m[1:5])
	end, ok2 := millis(m[5:9])
	if !ok1 || !ok2 {
		return invalid(texts.SniffCueRange)
	}
	if end < start {
		return invalid(texts.SniffCueBackwards)
	}

	if len(bytes.TrimSpace(lines[i+2])) == 0 {
		return invalid(texts.SniffCueEmpty)
	}
	return nil
}

// millis converts [h, m, s, ms] strings (already digits) to milliseconds,
// rejecting minutes or seconds of 60 or more.
func millis(p []string) (int64, bool) {
	h, err := strconv.ParseInt(p[0], 10, 64)
	if err != nil || h > 999 {
		return 0, false
	}
	m, _ := strconv.Atoi(p[1])
	s, _ := strconv.Atoi(p[2])
	ms, _ := strconv.Atoi(p[3])
	if m > 59 || s > 59 {
		return 0, false
	}
	return ((h*60+int64(m))*60+int64(s))*1000 + int64(ms), true
}
