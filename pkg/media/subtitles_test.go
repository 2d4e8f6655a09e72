package media_test

import (
	"testing"
	"unicode/utf16"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/media"
)

func TestSubtitleEnd(t *testing.T) {
	t.Parallel()
	utf16le := func(s string) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	const two = "1\n00:00:01,000 --> 00:00:04,000\nBonjour.\n\n2\n00:01:02,500 --> 00:01:05,250\nAu revoir.\n"
	cases := []struct {
		name string
		srt  []byte
		end  float64
		cues int
	}{
		{"plain", []byte(two), 65.25, 2},
		{"bom and crlf", append([]byte{0xEF, 0xBB, 0xBF}, []byte("1\r\n00:00:01,000 --> 00:00:04,000\r\nBonjour.\r\n\r\n2\r\n01:30:00,000 --> 01:30:02,040\r\nFin.\r\n")...), 5402.04, 2},
		{"old mac cr", []byte("1\r00:00:01,000 --> 00:00:04,000\rA\r\r2\r00:00:05,000 --> 00:00:09,500\rB\r"), 9.5, 2},
		{"utf-16 with bom", utf16le(two), 65.25, 2},
		{"dots, short fractions, positions, loose arrow", []byte("1\n0:00:01.5 --> 0:00:03.25 X1:10 X2:20\nA\n\n2\n00:00:04,000-->00:00:07,000\nB\n"), 7, 2},
		{"cues out of order: the latest end counts", []byte("1\n00:10:00,000 --> 00:10:02,000\nA\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n"), 602, 2},
		{"end before start is not a cue", []byte("1\n00:00:09,000 --> 00:00:02,000\nA\n"), 0, 0},
		{"minutes over 59 are not a timing", []byte("1\n00:61:00,000 --> 00:62:00,000\nA\n"), 0, 0},
		{"text only", []byte("Bonjour.\nAu revoir.\n"), 0, 0},
		{"empty", nil, 0, 0},
		{"binary", []byte{0, 1, 2, 0xFF, 0xD8, 0xFF}, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			end, cues := media.SubtitleEnd(c.srt)
			if end != c.end || cues != c.cues {
				t.Errorf("SubtitleEnd = %v, %d; want %v, %d", end, cues, c.end, c.cues)
			}
		})
	}
}

func TestWithSubtitles(t *testing.T) {
	t.Parallel()
	srt := []byte("1\n00:00:01,000 --> 00:45:00,000\nA\n")
	facts, cues := media.WithSubtitles(festival.MediaFacts{Duration: 5400}, nil, srt)
	if cues != 1 || *facts.SubtitlesEnd != 2700 || *facts.SubtitlesCoverage != 0.5 {
		t.Fatalf("end %v coverage %v cues %d, want 2700, 0.5, 1", *facts.SubtitlesEnd, facts.SubtitlesCoverage, cues)
	}
	declared := int64(2700)
	facts, _ = media.WithSubtitles(festival.MediaFacts{}, &declared, srt)
	if *facts.SubtitlesCoverage != 1 {
		t.Fatalf("coverage against the declared runtime %v, want 1", *facts.SubtitlesCoverage)
	}
	facts, cues = media.WithSubtitles(festival.MediaFacts{}, nil, []byte("nothing"))
	if cues != 0 || facts.SubtitlesEnd == nil || *facts.SubtitlesEnd != 0 || facts.SubtitlesCoverage != nil {
		t.Fatalf("broken file: end %v coverage %v cues %d, want 0, none, 0", facts.SubtitlesEnd, facts.SubtitlesCoverage, cues)
	}
	flags := festival.CheckMedia(facts, nil, cues, nil, festival.Season{})
	if len(flags) != 2 || flags[1].Check != festival.CheckSubtitlesBroken {
		t.Fatalf("flags %+v, want no_video and subtitles_broken", flags)
	}
}
