package media_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

func TestNewPlanKeepsWhetherTheFilmHasSound(t *testing.T) {
	t.Parallel()
	video := &festival.VideoFacts{Codec: "h264", Width: 1920, Height: 1080}
	loud, err := media.NewPlan(5, 2, "movies/5/f.mp4", festival.MediaFacts{Video: video, Audio: &festival.AudioFacts{Codec: "aac", Channels: 2}}, false)
	if err != nil || !loud.Audio {
		t.Fatalf("a film with sound: Audio %v, %v", loud.Audio, err)
	}
	silent, err := media.NewPlan(5, 2, "movies/5/f.mp4", festival.MediaFacts{Video: video}, true)
	if err != nil || silent.Audio {
		t.Fatalf("a silent film: Audio %v, %v", silent.Audio, err)
	}
	if got := silent.WatermarkKey(media.VariantB); got != "movies/5/stream/2/wm-B.png" {
		t.Errorf("WatermarkKey %q", got)
	}
	for _, o := range silent.Outputs {
		r := o.Rung
		if r.MaxVideoBitrate() <= r.VideoBitrate || r.BufferSize() != 2*r.VideoBitrate {
			t.Errorf("%s: peak %d buffer %d for %d b/s", r.Name, r.MaxVideoBitrate(), r.BufferSize(), r.VideoBitrate)
		}
		// The announced bandwidth covers the peaks of video and audio.
		if o.Rendition.Bandwidth < r.MaxVideoBitrate()+r.AudioBitrate {
			t.Errorf("%s: bandwidth %d under the peak %d", r.Name, o.Rendition.Bandwidth, r.MaxVideoBitrate()+r.AudioBitrate)
		}
		want := map[bool]string{true: "high", false: "main"}[r.Height >= 720]
		if r.H264Profile() != want {
			t.Errorf("%s: profile %s, want %s", r.Name, r.H264Profile(), want)
		}
	}
}
