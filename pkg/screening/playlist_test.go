package screening_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const jwtSecret = "a-jwt-secret-of-at-least-32-characters!!"

// presigner is a files.Store on an S3 endpoint nobody serves: presigning is
// local crypto.
func presigner() *files.Store {
	client, presign := filestest.NewClient("http://127.0.0.1:9")
	return files.New(client, presign, "festival-files", files.Options{})
}

// twoMinutes is a 2-minute stream in 6-second segments, its last one short.
func twoMinutes(watermarked bool) festival.Streaming {
	segs := make([]float64, 20)
	for i := range segs {
		segs[i] = 6
	}
	segs[19] = 4.2
	return festival.Streaming{
		Version: 3,
		Renditions: []festival.Rendition{
			{Name: "720p", Width: 1280, Height: 720, Bandwidth: 3_220_800},
			{Name: "360p", Width: 640, Height: 360, Bandwidth: 985_600},
		},
		SegmentSeconds: media.SegmentSeconds, Segments: segs, Watermarked: watermarked,
	}
}

func TestMasterListsEachRenditionWithTheTicket(t *testing.T) {
	t.Parallel()
	got := screening.Master(twoMinutes(false), "T.sig")
	want := "#EXTM3U\n#EXT-X-VERSION:3\n" +
		"#EXT-X-STREAM-INF:BANDWIDTH=3220800,RESOLUTION=1280x720,CODECS=\"avc1.64001f,mp4a.40.2\"\n720p.m3u8?ticket=T.sig\n" +
		"#EXT-X-STREAM-INF:BANDWIDTH=985600,RESOLUTION=640x360,CODECS=\"avc1.4d001e,mp4a.40.2\"\n360p.m3u8?ticket=T.sig\n"
	if got != want {
		t.Fatalf("master:\n%s\nwant:\n%s", got, want)
	}
}

func TestVariantPresignsEverySegmentAndNamesOneKeyPerMinute(t *testing.T) {
	t.Parallel()
	secret := screening.NewSecret(jwtSecret)
	st := twoMinutes(false)
	tk := screening.Ticket{MovieID: 42, UserID: 7, Role: festival.RoleJury, Expires: time.Now().Add(time.Minute)}
	got, err := screening.Variant(context.Background(), presigner(), secret, st, "360p", tk, "T.sig")
	if err != nil {
		t.Fatal(err)
	}
	head := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:1\n#EXT-X-PLAYLIST-TYPE:VOD\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"/movies/42/keys/0?ticket=T.sig\"\n#EXTINF:6.000,\n"
	if !strings.HasPrefix(got, head) || !strings.HasSuffix(got, "#EXTINF:4.200,\n"+lastURL(got)+"\n#EXT-X-ENDLIST\n") {
		t.Fatalf("playlist:\n%s", got)
	}
	keys := regexp.MustCompile(`(?m)^#EXT-X-KEY:METHOD=AES-128,URI="/movies/42/keys/(\d+)\?ticket=T.sig"$`).FindAllStringSubmatch(got, -1)
	if len(keys) != 2 || keys[0][1] != "0" || keys[1][1] != "1" {
		t.Fatalf("keys %v, want minutes 0 and 1", keys)
	}
	// The key of minute 1 comes right before segment 11 (which starts at 60 s).
	if i := strings.Index(got, "keys/1?"); !strings.Contains(got[i:], "/hls/s_360p_00011.ts?") || strings.Contains(got[:i], "s_360p_00011.ts") {
		t.Fatalf("minute 1's key is not before segment 11:\n%s", got)
	}
	for n := 1; n <= 20; n++ {
		key := fmt.Sprintf("/festival-files/movies/42/stream/3/hls/s_360p_%05d.ts?", n)
		if strings.Count(got, key) != 1 {
			t.Fatalf("segment %d (%s) not presigned once:\n%s", n, key, got)
		}
	}
	if strings.Count(got, "X-Amz-Signature=") != 20 {
		t.Fatalf("not every segment URL is presigned:\n%s", got)
	}
}

func lastURL(playlist string) string {
	lines := strings.Split(strings.TrimSpace(playlist), "\n")
	return lines[len(lines)-2]
}

func TestWatermarkedVariantFollowsTheJurorsSequence(t *testing.T) {
	t.Parallel()
	secret := screening.NewSecret(jwtSecret)
	st := twoMinutes(true)
	sequence := func(user int64) string {
		tk := screening.Ticket{MovieID: 42, UserID: user, Role: festival.RoleJury, Expires: time.Now().Add(time.Minute)}
		got, err := screening.Variant(context.Background(), presigner(), secret, st, "720p", tk, "x")
		if err != nil {
			t.Fatal(err)
		}
		var seq strings.Builder
		for n, m := range regexp.MustCompile(`/hls/s_720p_([AB])_(\d{5})\.ts\?`).FindAllStringSubmatch(got, -1) {
			if m[2] != fmt.Sprintf("%05d", n+1) {
				t.Fatalf("segment %d out of order: %s", n+1, m[0])
			}
			if m[1] != secret.VariantFor(42, 3, user, n+1) {
				t.Fatalf("segment %d of juror %d is %s", n+1, user, m[1])
			}
			seq.WriteString(m[1])
		}
		if seq.Len() != 20 {
			t.Fatalf("%d marked segments, want 20", seq.Len())
		}
		return seq.String()
	}
	if a, b := sequence(3), sequence(7); a == b {
		t.Fatalf("jurors 3 and 7 get the same sequence %s", a)
	}
}

func TestVariantOfAnUnknownRendition(t *testing.T) {
	t.Parallel()
	_, err := screening.Variant(context.Background(), presigner(), screening.NewSecret(jwtSecret), twoMinutes(false), "1080p",
		screening.Ticket{MovieID: 42}, "x")
	if !errors.Is(err, screening.ErrNoRendition) {
		t.Fatalf("%v, want ErrNoRendition", err)
	}
}

// BenchmarkVariant900 writes the playlist of a 90-minute film (900
// segments), watermarked: one presign and one watermark bit per segment.
func BenchmarkVariant900(b *testing.B) {
	secret := screening.NewSecret(jwtSecret)
	st := twoMinutes(true)
	st.Segments = make([]float64, 900)
	for i := range st.Segments {
		st.Segments[i] = 6
	}
	tk := screening.Ticket{MovieID: 42, UserID: 7, Role: festival.RoleJury, Expires: time.Now().Add(time.Minute)}
	store := presigner()
	for b.Loop() {
		if _, err := screening.Variant(context.Background(), store, secret, st, "720p", tk, "x"); err != nil {
			b.Fatal(err)
		}
	}
}
