package files_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// ftypWith builds an ftyp box with the given major brand followed by an
// empty mdat box.
func ftypWith(major string) []byte {
	b := make([]byte, 20)
	binary.BigEndian.PutUint32(b, 20)
	copy(b[4:], "ftyp")
	copy(b[8:], major)
	copy(b[16:], "isom")
	return append(b, 0, 0, 0, 8, 'm', 'd', 'a', 't')
}

func TestSniffValid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		kind     files.Kind
		data     []byte
		ext, typ string
	}{
		{"mp4", files.Video, filestest.MP4(), ".mp4", "video/mp4"},
		{"large mp4 head", files.Video, head(filestest.LargeMP4(1 << 20)), ".mp4", "video/mp4"},
		{"mp4 brand mp42", files.Video, ftypWith("mp42"), ".mp4", "video/mp4"},
		{"mp4 brand M4V", files.Video, ftypWith("M4V "), ".mp4", "video/mp4"},
		{"mp4 brand dash", files.Video, ftypWith("dash"), ".mp4", "video/mp4"},
		{"mp4 unknown printable brand", files.Video, ftypWith("XAVC"), ".mp4", "video/mp4"},
		{"png", files.Image, filestest.PNG(), ".png", "image/png"},
		{"jpeg", files.Image, filestest.JPEG(), ".jpg", "image/jpeg"},
		{"srt", files.Subtitle, filestest.SRT(), ".srt", "application/x-subrip"},
		{"srt with BOM", files.Subtitle, append([]byte{0xef, 0xbb, 0xbf}, filestest.SRT()...), ".srt", "application/x-subrip"},
		{"srt LF and dot millis", files.Subtitle, []byte("\n1\n00:00:01.000 --> 00:00:02.500\nHi\n"), ".srt", "application/x-subrip"},
		{"srt with coordinates", files.Subtitle, []byte("7\n01:02:03,004 --> 01:02:05,000 X1:10 X2:20 Y1:1 Y2:2\nHi\n"), ".srt", "application/x-subrip"},
		{"srt cut at SniffLen inside a rune", files.Subtitle, longSRT(), ".srt", "application/x-subrip"},
		{"document: pdf", files.Document, filestest.PDF(), ".pdf", "application/pdf"},
		{"document: webp", files.Document, filestest.WebP(), ".webp", "image/webp"},
		{"document: png", files.Document, filestest.PNG(), ".png", "image/png"},
		{"document: jpeg", files.Document, filestest.JPEG(), ".jpg", "image/jpeg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ext, typ, err := files.Sniff(tt.kind, tt.data)
			if err != nil {
				t.Fatalf("Sniff: %v", err)
			}
			if ext != tt.ext || typ != tt.typ {
				t.Errorf("got %q %q, want %q %q", ext, typ, tt.ext, tt.typ)
			}
		})
	}
}

func TestSniffInvalid(t *testing.T) {
	t.Parallel()
	mp4 := filestest.MP4()
	png := filestest.PNG()
	garbage := make([]byte, 512)
	for i := range garbage {
		garbage[i] = byte(i*131 + 17)
	}
	hugeFtyp := ftypWith("isom")
	binary.BigEndian.PutUint32(hugeFtyp, 1<<30)
	binaryAfterFtyp := append(ftypWith("isom")[:20], 0, 0, 0, 3, 0xff, 0, 1, 2)

	tests := []struct {
		name string
		kind files.Kind
		data []byte
	}{
		{"png as video", files.Video, png},
		{"jpeg as video", files.Video, filestest.JPEG()},
		{"text renamed mp4", files.Video, []byte("this is not a film, just text renamed to film.mp4\n")},
		{"empty video", files.Video, nil},
		{"truncated mp4", files.Video, mp4[:10]},
		{"mp4 cut inside ftyp", files.Video, mp4[:20]},
		{"implausible ftyp size", files.Video, hugeFtyp},
		{"binary major brand", files.Video, ftypWith("\x00\x01\x02\x03")},
		{"QuickTime brand", files.Video, ftypWith("qt  ")},
		{"HEIF image as video", files.Video, ftypWith("heic")},
		{"garbage after ftyp", files.Video, binaryAfterFtyp},
		{"mp4 as image", files.Image, mp4},
		{"srt as image", files.Image, filestest.SRT()},
		{"empty image", files.Image, []byte{}},
		{"truncated png", files.Image, png[:8]},
		{"png without IHDR", files.Image, append(png[:8:8], 0, 0, 0, 13, 'I', 'D', 'A', 'T')},
		{"truncated jpeg", files.Image, []byte{0xff, 0xd8, 0xff}},
		{"srt bad timing", files.Subtitle, []byte("1\n00:00:01 --> 00:00:02\nHi\n")},
		{"srt timing without arrow", files.Subtitle, []byte("1\n00:00:01,000 00:00:02,000\nHi\n")},
		{"srt seconds out of range", files.Subtitle, []byte("1\n00:00:61,000 --> 00:01:02,000\nHi\n")},
		{"srt ends before start", files.Subtitle, []byte("1\n00:00:05,000 --> 00:00:02,000\nHi\n")},
		{"srt index zero", files.Subtitle, []byte("0\n00:00:01,000 --> 00:00:02,000\nHi\n")},
		{"srt index not a number", files.Subtitle, []byte("one\n00:00:01,000 --> 00:00:02,000\nHi\n")},
		{"srt without text", files.Subtitle, []byte("1\n00:00:01,000 --> 00:00:02,000\n\n2\n")},
		{"srt truncated", files.Subtitle, []byte("1\n00:00:01,0")},
		{"garbage as subtitle", files.Subtitle, garbage},
		{"png as subtitle", files.Subtitle, png},
		{"mp4 as subtitle", files.Subtitle, mp4},
		{"UTF-16 subtitle", files.Subtitle, []byte{0xff, 0xfe, '1', 0, '\n', 0}},
		{"latin-1 subtitle", files.Subtitle, []byte("1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n")},
		{"empty subtitle", files.Subtitle, nil},
		{"whitespace subtitle", files.Subtitle, []byte("\r\n\r\n  \n")},
		{"mp4 as document", files.Document, mp4},
		{"srt as document", files.Document, filestest.SRT()},
		{"text as document", files.Document, []byte("mon dossier de presse.pdf\n")},
		{"empty document", files.Document, nil},
		{"RIFF that is no WebP", files.Document, []byte("RIFF\x10\x00\x00\x00WAVEfmt ")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ext, typ, err := files.Sniff(tt.kind, tt.data)
			if err == nil {
				t.Fatalf("Sniff accepted it as %q %q", ext, typ)
			}
			var inv *files.InvalidFileError
			if !errors.As(err, &inv) || !errors.Is(err, files.ErrInvalid) {
				t.Fatalf("error %v (%T) is not an *InvalidFileError wrapping ErrInvalid", err, err)
			}
			if !texts.Has(inv.Reason.Key) {
				t.Errorf("Reason %q is not a text of the catalogues", inv.Reason.Key)
			}
		})
	}
}

func TestSniffUnknownKind(t *testing.T) {
	t.Parallel()
	_, _, err := files.Sniff("audio", filestest.MP4())
	if err == nil || errors.Is(err, files.ErrInvalid) {
		t.Fatalf("want a plain error for an unknown kind, got %v", err)
	}
}

func TestInvalidFileErrorNamesPart(t *testing.T) {
	t.Parallel()
	err := &files.InvalidFileError{Part: "filmFile", Reason: texts.M(texts.SniffNoFtyp)}
	if !strings.Contains(err.Error(), `"filmFile"`) {
		t.Errorf("message %q does not name the part", err)
	}
	tl := &files.TooLargeError{Part: "thumbnail1", Limit: 10}
	if !errors.Is(tl, files.ErrTooLarge) || !strings.Contains(tl.Error(), "thumbnail1") {
		t.Errorf("bad TooLargeError: %v", tl)
	}
}

// head returns the first SniffLen bytes of r, as Put reads them.
func head(r interface{ Read([]byte) (int, error) }) []byte {
	b := make([]byte, files.SniffLen)
	n := 0
	for n < len(b) {
		m, err := r.Read(b[n:])
		n += m
		if err != nil {
			break
		}
	}
	return b[:n]
}

// longSRT is an SRT longer than SniffLen, cut at SniffLen right after the
// first byte of a two-byte character, as Put and Verify hand it to Sniff.
func longSRT() []byte {
	var b bytes.Buffer
	b.Write(filestest.SRT())
	b.WriteString("3\n00:00:09,000 --> 00:00:10,000\n")
	b.WriteString(strings.Repeat("a", files.SniffLen-1-b.Len()))
	b.WriteString("été\n")
	return b.Bytes()[:files.SniffLen]
}
