package media

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"unicode/utf16"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// cueTiming is an SRT cue's timing line, read leniently: hours of any
// length, a comma or a dot before the milliseconds (1 to 3 digits), any
// spacing around the arrow, and what some editors append after (positions).
var cueTiming = regexp.MustCompile(`(?m)^[ \t]*(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})[ \t]*-+>[ \t]*(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})`)

// SubtitleEnd reads an SRT file: when its last cue ends (seconds, the
// latest end of any cue, 3 decimals) and how many cues have a timing that
// can be read. A UTF-8 or UTF-16 byte order mark and CRLF or CR line ends
// are accepted; a file with no such cue gives (0, 0).
func SubtitleEnd(srt []byte) (end float64, cues int) {
	text := decodeSubtitles(srt)
	for _, m := range cueTiming.FindAllSubmatch(text, -1) {
		start, okStart := timing(m[1:5])
		stop, okStop := timing(m[5:9])
		if !okStart || !okStop || stop < start {
			continue
		}
		cues++
		end = max(end, stop)
	}
	return math.Round(end*1000) / 1000, cues
}

// timing is hours, minutes, seconds and a fraction of a second as written
// (",5" is half a second, ",500" too).
func timing(parts [][]byte) (float64, bool) {
	h, _ := strconv.Atoi(string(parts[0]))
	m, _ := strconv.Atoi(string(parts[1]))
	s, _ := strconv.Atoi(string(parts[2]))
	if m > 59 || s > 59 {
		return 0, false
	}
	frac, _ := strconv.ParseFloat("0."+string(parts[3]), 64)
	return float64(h*3600+m*60+s) + frac, true
}

// decodeSubtitles turns the file into UTF-8 text with LF line ends.
func decodeSubtitles(b []byte) []byte {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		b = b[3:]
	case len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF):
		b = fromUTF16(b[2:], b[0] == 0xFE)
	}
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}

func fromUTF16(b []byte, bigEndian bool) []byte {
	units := make([]uint16, len(b)/2)
	for i := range units {
		if bigEndian {
			units[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			units[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	return []byte(string(utf16.Decode(units)))
}

// WithSubtitles adds a subtitle file's measure to a film's facts: where
// its last cue ends and that end's share of the runtime (the measured one,
// else the declared one; no share when neither is known). It returns the
// cue count festival.CheckMedia needs (0: the file is broken). The text's
// language (SubtitleLanguage) is recorded too.
func WithSubtitles(facts festival.MediaFacts, declared *int64, srt []byte) (festival.MediaFacts, int) {
	end, cues := SubtitleEnd(srt)
	facts.SubtitlesEnd = &end
	facts.SubtitlesLanguage = SubtitleLanguage(srt)
	facts.SubtitlesCoverage = nil
	runtime := facts.Duration
	if runtime <= 0 && declared != nil {
		runtime = float64(*declared)
	}
	if runtime > 0 {
		share := math.Round(min(end/runtime, 1)*1000) / 1000
		facts.SubtitlesCoverage = &share
	}
	return facts, cues
}
