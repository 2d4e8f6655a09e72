package festival

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// A film's media, as the media job measured and encoded it (docs/screening.md).
//
// The job runs when a film's file arrives (multipart or direct upload): it
// measures the file (MediaFacts), checks it (MediaFlag), encodes the
// adaptive streaming renditions (Streaming) and encrypts their segments with
// one key per minute of film. FilmMedia is what the film keeps of it; admins
// and the film's producer read it in the film's `media` field.

// MediaState is where a film's media job stands.
type MediaState string

// The media job's states, in the order a job takes them.
const (
	MediaQueued    MediaState = "queued"    // the file arrived; nothing measured yet
	MediaMeasured  MediaState = "measured"  // facts and checks known; encoding to start
	MediaEncoding  MediaState = "encoding"  // the engine encodes the renditions
	MediaPackaging MediaState = "packaging" // the segments are being encrypted
	MediaReady     MediaState = "ready"     // the film streams (Streaming is set)
	MediaFailed    MediaState = "failed"    // Error says why; the progressive file still plays
)

// VideoFacts are a film's measured video stream.
type VideoFacts struct {
	Codec     string  `json:"codec" dynamodbav:"codec"`           // ffprobe's codec name: h264, hevc, prores, vp9, av1...
	Profile   string  `json:"profile" dynamodbav:"profile"`       // High, Main, High 4:2:2...
	PixFmt    string  `json:"pix_fmt" dynamodbav:"pix_fmt"`       // yuv420p, yuv422p10le...
	Width     int     `json:"width" dynamodbav:"width"`           // pixels
	Height    int     `json:"height" dynamodbav:"height"`         // pixels
	FrameRate float64 `json:"frame_rate" dynamodbav:"frame_rate"` // frames per second, 3 decimals
}

// AudioFacts are a film's measured (first) audio stream.
type AudioFacts struct {
	Codec    string `json:"codec" dynamodbav:"codec"`       // aac, mp3, opus, pcm_s16le...
	Channels int    `json:"channels" dynamodbav:"channels"` // 1 mono, 2 stereo, 6 for 5.1...
}

// MediaFacts are what the media job measured of a film's file.
type MediaFacts struct {
	// Duration is the measured runtime in seconds (3 decimals).
	Duration  float64     `json:"duration" dynamodbav:"duration"`
	Container string      `json:"container" dynamodbav:"container"` // mp4, mov, webm, matroska...
	Video     *VideoFacts `json:"video" dynamodbav:"video"`         // nil: no video stream
	Audio     *AudioFacts `json:"audio" dynamodbav:"audio"`         // nil: no audio stream
	// Loudness is the integrated loudness (EBU R128, LUFS); nil when not
	// measured (no audio, or the engine does not measure it).
	Loudness *float64 `json:"loudness" dynamodbav:"loudness"`
	// SubtitlesEnd is when the film's subtitles' last cue ends (seconds),
	// and SubtitlesCoverage that end's share of the runtime (0 to 1, 3
	// decimals); both nil without a subtitle file.
	SubtitlesEnd      *float64 `json:"subtitles_end" dynamodbav:"subtitles_end"`
	SubtitlesCoverage *float64 `json:"subtitles_coverage" dynamodbav:"subtitles_coverage"`
	// SubtitlesLanguage is the language the subtitles' text reads in
	// (media.SubtitleLanguage); nil without a subtitle file, or when too
	// little of it reads in one of the languages recognised.
	SubtitlesLanguage *LanguageCode `json:"subtitles_language,omitempty" dynamodbav:"subtitles_language,omitempty"`
}

// MediaCheck names one technical check of a film's file.
type MediaCheck string

// The technical checks (media.Check runs them).
const (
	CheckUnplayable      MediaCheck = "unplayable"       // will not play in the browsers the console supports
	CheckNoVideo         MediaCheck = "no_video"         // no video stream at all
	CheckShorter         MediaCheck = "shorter"          // far shorter than the runtime declared
	CheckSubtitlesShort  MediaCheck = "subtitles_short"  // subtitles stop long before the end
	CheckSubtitlesBroken MediaCheck = "subtitles_broken" // a subtitle file with no cue that can be read
	// CheckSubtitlesLanguage: the subtitles read in a language the film
	// does not declare among its subtitle languages.
	CheckSubtitlesLanguage MediaCheck = "subtitles_language"
)

// MediaChecks lists every check, in the order they are shown.
var MediaChecks = []MediaCheck{CheckUnplayable, CheckNoVideo, CheckShorter, CheckSubtitlesShort, CheckSubtitlesBroken, CheckSubtitlesLanguage}

// CheckAction is what a festival does when a check fails.
type CheckAction string

// The actions a festival may choose per check (settings `media_checks`).
const (
	CheckRefuse CheckAction = "refuse" // the film is held back: no jury until its file is replaced
	CheckWarn   CheckAction = "warn"   // the producer and the admins are told, nothing is held back
	CheckOff    CheckAction = "off"    // not checked
)

// MediaFlag is one failed check: its action and its reason, in French.
type MediaFlag struct {
	Check  MediaCheck  `json:"check" dynamodbav:"check"`
	Action CheckAction `json:"action" dynamodbav:"action"`
	Reason string      `json:"reason" dynamodbav:"reason"`
}

// Rendition is one quality of a film's adaptive stream.
type Rendition struct {
	Name      string `json:"name" dynamodbav:"name"`           // 1080p, 720p, 480p, 360p
	Width     int    `json:"width" dynamodbav:"width"`         // pixels
	Height    int    `json:"height" dynamodbav:"height"`       // pixels
	Bandwidth int    `json:"bandwidth" dynamodbav:"bandwidth"` // peak bits per second (the master playlist's BANDWIDTH)
}

// Streaming is a film's encoded adaptive stream: its renditions, and the
// segments each one has (the same count and durations for every rendition).
type Streaming struct {
	// Version tells encodings of the same film apart: their keys and paths
	// differ, so a new file never plays with an old key.
	Version    int64       `json:"version" dynamodbav:"version"`
	Renditions []Rendition `json:"renditions" dynamodbav:"renditions"`
	// SegmentSeconds is the target segment length; Segments the duration
	// of each segment in order (seconds, 3 decimals).
	SegmentSeconds int       `json:"segment_seconds" dynamodbav:"segment_seconds"`
	Segments       []float64 `json:"segments" dynamodbav:"segments"`
	// Watermarked: every rendition exists in two marked forms (A and B),
	// and each juror's playlists pick their own sequence of them.
	Watermarked bool `json:"watermarked" dynamodbav:"watermarked"`
}

// Minutes is the number of keys, one per started minute of the stream.
func (s Streaming) Minutes() int {
	total := 0.0
	for _, d := range s.Segments {
		total += d
	}
	return int(math.Ceil(total / 60))
}

// FilmMedia is what a film keeps of its media job.
type FilmMedia struct {
	State MediaState `json:"state" dynamodbav:"state"`
	// File is the stored name of the film file the job is about (the
	// film's `trailer`): a job whose file was replaced meanwhile is dropped.
	File      string      `json:"file" dynamodbav:"file"`
	UpdatedAt Time        `json:"updatedAt" dynamodbav:"updatedAt"`
	Facts     *MediaFacts `json:"facts" dynamodbav:"facts"`
	Flags     []MediaFlag `json:"flags" dynamodbav:"flags"`
	Streaming *Streaming  `json:"streaming" dynamodbav:"streaming"`
	Error     string      `json:"error,omitempty" dynamodbav:"error,omitempty"`
}

// Refused reports whether a check the festival set to refuse failed.
func (m *FilmMedia) Refused() bool {
	if m == nil {
		return false
	}
	for _, f := range m.Flags {
		if f.Action == CheckRefuse {
			return true
		}
	}
	return false
}

// Runtime is the film's runtime in whole seconds as the jury's rules count
// it: the measured one when the media job measured it, else the one the
// producer declared (nil: not known).
func (m Movie) Runtime() *int64 {
	if m.Media != nil && m.Media.Facts != nil && m.Media.Facts.Duration > 0 {
		d := int64(math.Round(m.Media.Facts.Duration))
		return &d
	}
	return m.Duration
}

// KeyMinute is the minute of film (from 0) whose key encrypts the segment
// that starts at start seconds: one key per minute of film.
func KeyMinute(start float64) int {
	return int(math.Floor(start / time.Minute.Seconds()))
}

// CheckAction is what the festival does when check c fails: its setting,
// CheckWarn when it set none.
func (s Season) CheckAction(c MediaCheck) CheckAction {
	if a, ok := s.MediaChecks[c]; ok {
		return a
	}
	return CheckWarn
}

// KeyFetch is one fetch of the key of one minute of a film by a jury
// member's player (a minute may be fetched several times: seeking back).
type KeyFetch struct {
	Minute int
	At     time.Time
}

// KeyPace is the real time one counted minute of film needs, and
// KeyPaceWait how long a key fetched ahead of its turn (the player buffers
// ahead) may wait for it before it is taken as skipped.
const (
	KeyPace     = time.Minute
	KeyPaceWait = 2 * time.Minute
)

// CountedMinutes is how many minutes of film the server counts as watched
// from a jury member's key fetches, at now: taken in the order they were
// fetched, each minute once, a minute counts no sooner than KeyPace after the previous counted
// one; a fetch that comes early waits its turn, but one whose turn would come
// more than KeyPaceWait after it was fetched was skipped over and never
// counts. Seeking works (a minute fetched later counts when its turn comes);
// requesting keys faster than the film plays gains nothing.
func CountedMinutes(fetches []KeyFetch, now time.Time) int {
	sorted := slices.Clone(fetches)
	slices.SortStableFunc(sorted, func(a, b KeyFetch) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return cmp.Compare(a.Minute, b.Minute)
	})
	counted := 0
	var last time.Time
	seen := map[int]bool{}
	for _, f := range sorted {
		if seen[f.Minute] {
			continue // counted already
		}
		turn := f.At
		if counted > 0 && last.Add(KeyPace).After(turn) {
			turn = last.Add(KeyPace)
		}
		if turn.Sub(f.At) > KeyPaceWait {
			continue // skipped over: its turn is too far past its fetch
		}
		if turn.After(now) {
			break // waiting for its turn; those after it wait longer
		}
		counted++
		seen[f.Minute] = true
		last = turn
	}
	return counted
}
