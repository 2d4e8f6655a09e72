package screening_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
	"github.com/festivalapi/festival/pkg/screening"
)

// TestTheLocalEnginesOutputPackagesAndPlays runs the local engine (ffmpeg)
// on a 66-second film with the watermark, packages what it leaves and plays
// a juror's master playlist: the engine's names, playlists and keyframes
// are what the packager expects, and a player decodes every frame.
func TestTheLocalEnginesOutputPackagesAndPlays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	film := mediatest.Bytes(t, mediatest.Film{Seconds: 66, Width: 854, Height: 480, Rate: 10})
	objects := newBucket(t)
	const source = "movies/42/filmFile-1-1.mp4"
	if err := objects.PutObject(ctx, source, bytes.NewReader(film), "video/mp4"); err != nil {
		t.Fatal(err)
	}
	facts := festival.MediaFacts{Duration: 66, Video: &festival.VideoFacts{Width: 854, Height: 480}, Audio: &festival.AudioFacts{Codec: "aac", Channels: 2}}
	plan, err := media.NewPlan(42, 3, source, facts, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, done, err := (media.FFmpeg{Objects: objects, Preset: "ultrafast"}).Start(ctx, plan); err != nil || !done {
		t.Fatalf("encode: done %v, %v", done, err)
	}
	secret := screening.NewSecret(jwtSecret)
	st, err := screening.Package(ctx, objects, secret, plan)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Renditions) != 2 || st.Renditions[0].Name != "480p" || st.Renditions[1].Name != "360p" || len(st.Segments) != 11 || st.Minutes() != 2 {
		t.Fatalf("streaming %+v", st)
	}
	master := screening.Master(st, "t")
	if !strings.Contains(master, "RESOLUTION=854x480,CODECS=\"avc1.4d001e,mp4a.40.2\"") {
		t.Fatalf("master:\n%s", master)
	}
	if frames := playOverHTTP(t, objects, secret, st, 7); frames != 66*10 {
		t.Fatalf("the player decoded %d frames, want %d", frames, 66*10)
	}
}
