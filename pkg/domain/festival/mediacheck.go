package festival

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The thresholds of the checks on durations: a file or subtitles are only
// "too short" when they miss both a share of the runtime and a minute, so
// that credits without subtitles or a trimmed black tail are not flagged.
const (
	shorterShare   = 0.9 // the file has less than 90% of the declared runtime
	subtitlesShare = 0.1 // the subtitles stop more than 10% of the runtime before its end
	shortSeconds   = 60  // and in both cases a minute or more is missing
)

// CheckMedia runs the technical checks on a film's measured file, each
// with the festival's action (Season.CheckAction; off checks are not run),
// in the order of MediaChecks (nil: none failed). declared is the runtime the producer gave
// (seconds, nil: none). The facts carry SubtitlesEnd when the film has a
// subtitle file; subtitleCues is how many cues it had (0: broken).
// subtitleLangs are the subtitle languages the film declares (none: the
// detected language is not checked, it stands for them).
func CheckMedia(facts MediaFacts, declared *int64, subtitleCues int, subtitleLangs []LanguageCode, season Season) []MediaFlag {
	var flags []MediaFlag
	// The reasons are stored with the film's media, written in the
	// festival's default language (a client can also tell them by Check).
	flag := func(c MediaCheck, reason string) {
		if a := season.CheckAction(c); a != CheckOff {
			flags = append(flags, MediaFlag{Check: c, Action: a, Reason: reason})
		}
	}
	if facts.Video == nil {
		flag(CheckNoVideo, texts.T(texts.Default, texts.MediaNoVideo))
	} else if reason, ok := unplayable(*facts.Video); !ok {
		flag(CheckUnplayable, reason)
	}
	if facts.Video != nil && declared != nil && *declared > 0 {
		want, got := float64(*declared), facts.Duration
		if got < shorterShare*want && want-got >= shortSeconds {
			flag(CheckShorter, texts.T(texts.Default, texts.MediaShorter, filmClock(got), filmClock(want)))
		}
	}
	if facts.SubtitlesEnd != nil {
		runtime := facts.Duration
		if runtime <= 0 && declared != nil {
			runtime = float64(*declared)
		}
		end := *facts.SubtitlesEnd
		switch {
		case subtitleCues == 0:
			flag(CheckSubtitlesBroken, texts.T(texts.Default, texts.MediaSubtitlesBroken))
		case runtime > 0 && runtime-end > subtitlesShare*runtime && runtime-end >= shortSeconds:
			flag(CheckSubtitlesShort, texts.T(texts.Default, texts.MediaSubtitlesShort, filmClock(end), filmClock(runtime)))
		}
	}
	if f, failed := subtitlesLanguageFlag(facts, subtitleLangs, season); failed {
		flags = append(flags, f)
	}
	return flags
}

// subtitlesLanguageFlag is the subtitles_language check: the language
// detected in the subtitle file is not among those the film declares.
// failed is false when it passes, is off, or has nothing to compare.
func subtitlesLanguageFlag(facts MediaFacts, subtitleLangs []LanguageCode, season Season) (f MediaFlag, failed bool) {
	got, a := facts.SubtitlesLanguage, season.CheckAction(CheckSubtitlesLanguage)
	if got == nil || len(subtitleLangs) == 0 || slices.Contains(subtitleLangs, *got) || a == CheckOff {
		return MediaFlag{}, false
	}
	return MediaFlag{Check: CheckSubtitlesLanguage, Action: a,
		Reason: texts.T(texts.Default, texts.MediaSubtitlesLanguage, *got, JoinLanguages(subtitleLangs))}, true
}

// RecheckSubtitlesLanguage runs the subtitles_language check again on a
// film whose declared subtitle languages changed, against the language its
// media job detected: a producer who corrects the declaration clears the
// flag (and the hold, when the festival refuses it) without sending the
// file again; a new mismatch raises it. Nothing without measured facts.
func RecheckSubtitlesLanguage(m *Movie, season Season) {
	if m.Media == nil || m.Media.Facts == nil {
		return
	}
	flags := slices.DeleteFunc(slices.Clone(m.Media.Flags), func(f MediaFlag) bool { return f.Check == CheckSubtitlesLanguage })
	if f, failed := subtitlesLanguageFlag(*m.Media.Facts, m.SubtitleLanguages, season); failed {
		flags = append(flags, f)
	}
	media := *m.Media
	media.Flags = flags
	m.Media = &media
}

// codecNames are the names producers know the codecs by.
var codecNames = map[string]string{
	"hevc": "HEVC (H.265)", "prores": "Apple ProRes", "vp9": "VP9", "vp8": "VP8", "av1": "AV1",
	"mpeg4": "MPEG-4 Part 2", "mpeg2video": "MPEG-2", "mpeg1video": "MPEG-1", "dnxhd": "Avid DNxHD",
	"mjpeg": "Motion JPEG", "h263": "H.263", "theora": "Theora", "wmv3": "Windows Media Video",
}

// unplayable tells whether every browser the console supports (Chromium,
// Firefox, Safari) plays the video in MP4: H.264 in 8 bits and 4:2:0 only.
// HEVC plays in Safari and on some hardware only; 10-bit and 4:2:2 H.264
// (High 10, High 4:2:2) in none reliably. The reason names what is wrong.
func unplayable(v VideoFacts) (reason string, ok bool) {
	if v.Codec != "h264" {
		name, known := codecNames[v.Codec]
		if !known {
			name = strings.ToUpper(v.Codec)
		}
		return texts.T(texts.Default, texts.MediaCodec, name), false
	}
	bits, chroma := pixelFormat(v.PixFmt)
	switch {
	case strings.Contains(v.Profile, "4:4:4") && chroma == "":
		chroma = "4:4:4"
	case strings.Contains(v.Profile, "4:2:2") && chroma == "":
		chroma = "4:2:2"
	}
	if bits == 0 && strings.Contains(v.Profile, "High 10") {
		bits = 10
	}
	switch {
	case chroma != "" && chroma != "4:2:0":
		return texts.T(texts.Default, texts.MediaChroma, chroma), false
	case bits > 8:
		return texts.T(texts.Default, texts.MediaBitDepth, bits), false
	}
	return "", true
}

// pixelFormat reads ffmpeg's pixel format names (yuv420p, yuvj420p,
// yuv422p10le, yuv444p...): the bits per sample (0: unknown, 8 when not
// written) and the chroma subsampling ("" when unknown).
func pixelFormat(pf string) (bits int, chroma string) {
	rest, ok := strings.CutPrefix(pf, "yuvj")
	if !ok {
		rest, ok = strings.CutPrefix(pf, "yuv")
	}
	if !ok || len(rest) < 4 || rest[3] != 'p' {
		return 0, ""
	}
	chroma = rest[0:1] + ":" + rest[1:2] + ":" + rest[2:3]
	depth := strings.TrimSuffix(strings.TrimSuffix(rest[4:], "le"), "be")
	if depth == "" {
		return 8, chroma
	}
	if n, err := strconv.Atoi(depth); err == nil {
		return n, chroma
	}
	return 0, chroma
}

// filmClock writes a duration of film the way the checks' reasons show it:
// 1 h 32 min 05 s, 4 min 12 s, 38 s.
func filmClock(seconds float64) string {
	s := int64(math.Round(max(seconds, 0)))
	h, m, sec := s/3600, s/60%60, s%60
	switch {
	case h > 0:
		return fmt.Sprintf("%d h %02d min %02d s", h, m, sec)
	case m > 0:
		return fmt.Sprintf("%d min %02d s", m, sec)
	}
	return fmt.Sprintf("%d s", sec)
}
