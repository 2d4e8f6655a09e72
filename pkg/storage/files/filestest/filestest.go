// Package filestest makes real, small, valid media files in memory and an
// in-process fake S3, for tests of code that stores festival files.
package filestest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
)

// box builds one ISO-BMFF box: 32-bit size, 4-byte type, payload.
func box(typ string, payload ...[]byte) []byte {
	n := 8
	for _, p := range payload {
		n += len(p)
	}
	b := make([]byte, 8, n)
	binary.BigEndian.PutUint32(b[0:4], uint32(n))
	copy(b[4:8], typ)
	for _, p := range payload {
		b = append(b, p...)
	}
	return b
}

// ftyp is the file type box of an ordinary MP4: major brand isom, minor
// version 512, compatible brands isom, iso2, avc1, mp41 (what ffmpeg writes).
func ftyp() []byte {
	return box("ftyp", []byte("isom"), []byte{0, 0, 2, 0}, []byte("isomiso2avc1mp41"))
}

// MP4 returns a minimal ISO-BMFF file: ftyp, a moov with an mvhd (version 0,
// timescale 1000, duration 0) and an empty mdat. Players reject it as
// having no tracks, but every container-level check sees a real MP4.
func MP4() []byte {
	mvhd := make([]byte, 100)                           // version+flags(4) times(8) timescale(4) duration(4) rate... next_track_ID
	binary.BigEndian.PutUint32(mvhd[12:16], 1000)       // timescale
	binary.BigEndian.PutUint32(mvhd[20:24], 0x00010000) // rate 1.0
	binary.BigEndian.PutUint16(mvhd[24:26], 0x0100)     // volume 1.0
	// Identity matrix at offset 36.
	binary.BigEndian.PutUint32(mvhd[36:40], 0x00010000)
	binary.BigEndian.PutUint32(mvhd[52:56], 0x00010000)
	binary.BigEndian.PutUint32(mvhd[68:72], 0x40000000)
	binary.BigEndian.PutUint32(mvhd[96:100], 1) // next_track_ID
	var out []byte
	out = append(out, ftyp()...)
	out = append(out, box("moov", box("mvhd", mvhd))...)
	out = append(out, box("mdat")...)
	return out
}

func testImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	img.Set(1, 0, color.RGBA{0, 255, 0, 255})
	img.Set(0, 1, color.RGBA{0, 0, 255, 255})
	img.Set(1, 1, color.RGBA{255, 255, 255, 255})
	return img
}

// PNG returns a 2x2 PNG image encoded by image/png.
func PNG() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return b.Bytes()
}

// JPEG returns a 2x2 JPEG image encoded by image/jpeg.
func JPEG() []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), nil); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return b.Bytes()
}

// PDF returns the smallest PDF document readers open: one empty page.
func PDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n" +
		"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
		"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n" +
		"trailer<</Root 1 0 R>>\n%%EOF\n")
}

// WebP returns the head of a WebP image: its RIFF header and a VP8L chunk
// (what a content check reads; no decoder is run).
func WebP() []byte {
	body := []byte("WEBPVP8L\x0a\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
	size := len(body)
	return append([]byte{'R', 'I', 'F', 'F', byte(size), byte(size >> 8), 0, 0}, body...)
}

// SRT returns a SubRip file with two cues, CRLF line ends and non-ASCII
// text, as subtitle editors write them.
func SRT() []byte {
	return []byte("1\r\n00:00:01,000 --> 00:00:04,000\r\nBonjour, bienvenue au festival.\r\n\r\n" +
		"2\r\n00:00:05,500 --> 00:00:08,250\r\nLe film commence — silence !\r\n\r\n")
}

// LargeMP4 streams an MP4 of about size bytes: ftyp, then an mdat box
// holding size bytes of generated content. Nothing is allocated per byte, so
// tests can push hundreds of megabytes through an uploader and measure its
// own memory. The mdat uses a 64-bit size so any size fits.
func LargeMP4(size int64) io.Reader {
	hdr := make([]byte, 16)
	binary.BigEndian.PutUint32(hdr[0:4], 1) // 1 = 64-bit size follows
	copy(hdr[4:8], "mdat")
	binary.BigEndian.PutUint64(hdr[8:16], uint64(size)+16)
	return io.MultiReader(bytes.NewReader(ftyp()), bytes.NewReader(hdr), io.LimitReader(&pattern{}, size))
}

// pattern is an endless reader of a repeating, non-zero byte sequence (a
// stream of zeros could be special-cased by some layer).
type pattern struct{ i byte }

func (p *pattern) Read(b []byte) (int, error) {
	for k := range b {
		b[k] = p.i
		p.i = p.i*31 + 7
	}
	return len(b), nil
}
