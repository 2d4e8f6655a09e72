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

// Moved from the code.
const (
	SniffBinary        Key = "sniff_binary"
	SniffUTF16         Key = "sniff_utf16"
	SniffJPEGTruncated Key = "sniff_jpeg_truncated"
	SniffMP4Truncated  Key = "sniff_mp4_truncated"
	SniffPNGTruncated  Key = "sniff_png_truncated"
	FileEmpty          Key = "file_empty"
	SniffAVIF          Key = "sniff_avif"
	SniffHEIF          Key = "sniff_heif"
	SniffRaw           Key = "sniff_raw"
	SniffCueBackwards  Key = "sniff_cue_backwards"
	SniffCueTiming     Key = "sniff_cue_timing"
	SniffCueRange      Key = "sniff_cue_range"
	SniffCueNumber     Key = "sniff_cue_number"
	SniffNotUTF8       Key = "sniff_not_utf8"
	SniffNoFtyp        Key = "sniff_no_ftyp"
	SniffAfterFtyp     Key = "sniff_after_ftyp"
	SniffCompatBrand   Key = "sniff_compat_brand"
	SniffMajorBrand    Key = "sniff_major_brand"
	SniffFtypSize      Key = "sniff_ftyp_size"
	SniffNoIHDR        Key = "sniff_no_ihdr"
	SniffCueEmpty      Key = "sniff_cue_empty"
	SniffAVIFSequence  Key = "sniff_avif_sequence"
	SniffHEIFSequence  Key = "sniff_heif_sequence"
	SniffVideoNotImage Key = "sniff_video_not_image"
)

// The direct upload's file checks.
const (
	NoPartSent     Key = "no_part_sent"
	FileNotSent    Key = "file_not_sent"
	ContentNotName Key = "content_not_name"
)

// A QuickTime file sent as the film.
const SniffQuickTime Key = "sniff_quick_time"

// Moved from the code.
const (
	SniffUnknown Key = "sniff_unknown"
	SniffNoCue   Key = "sniff_no_cue"
)
