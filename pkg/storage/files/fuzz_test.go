package files_test

import (
	"errors"
	"testing"

	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// FuzzSniff: any first bytes of a file are recognised as one of the kind's
// formats (with its extension and content type) or refused with an
// InvalidFileError; never a panic.
func FuzzSniff(f *testing.F) {
	f.Add(uint8(0), filestest.MP4())
	f.Add(uint8(1), filestest.PNG())
	f.Add(uint8(1), filestest.JPEG())
	f.Add(uint8(2), filestest.SRT())
	f.Add(uint8(2), []byte("\xef\xbb\xbf1\r\n00:00:01,000 --> 00:00:02,000\r\nBonjour\r\n"))
	f.Add(uint8(0), []byte("\x00\x00\x00\x08ftyp"))
	want := map[files.Kind]map[string]bool{
		files.Video:    {".mp4": true},
		files.Image:    {".jpg": true, ".png": true},
		files.Subtitle: {".srt": true},
	}
	kinds := []files.Kind{files.Video, files.Image, files.Subtitle}
	f.Fuzz(func(t *testing.T, k uint8, head []byte) {
		kind := kinds[int(k)%len(kinds)]
		if len(head) > files.SniffLen {
			head = head[:files.SniffLen]
		}
		ext, ctype, err := files.Sniff(kind, head)
		if err != nil {
			var inv *files.InvalidFileError
			if !errors.As(err, &inv) {
				t.Fatalf("%s: %v is not an InvalidFileError", kind, err)
			}
			return
		}
		if !want[kind][ext] || ctype == "" {
			t.Fatalf("%s recognised as %q (%q)", kind, ext, ctype)
		}
	})
}
