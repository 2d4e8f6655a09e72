package texts

// The reasons of the media checks (festival.CheckMedia), shown to the
// producer and the admins beside a flagged film. %s are names or durations.
const (
	// A video codec the browsers do not all play (HEVC, ProRes, VP9...).
	MediaCodec Key = "media_codec"
	// H.264 with more than 8 bits per sample.
	MediaBitDepth Key = "media_bit_depth"
	// H.264 with another chroma subsampling than 4:2:0.
	MediaChroma Key = "media_chroma"
	// No video stream in the file (or nothing readable at all).
	MediaNoVideo Key = "media_no_video"
	// The measured runtime far below the declared one.
	MediaShorter Key = "media_shorter"
	// The last subtitle ends long before the film does.
	MediaSubtitlesShort Key = "media_subtitles_short"
	// A subtitle file with no cue that can be read.
	MediaSubtitlesBroken Key = "media_subtitles_broken"
)

// A film's files as the API receives them: what each part must hold.
const (
	ExpectedVideo    Key = "expected_video"
	ExpectedImage    Key = "expected_image"
	ExpectedSubtitle Key = "expected_subtitle"
	InvalidFile      Key = "invalid_file"
	FileTooLarge     Key = "file_too_large"
)
