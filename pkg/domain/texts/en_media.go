package texts

// enMedia is the English of media.go's texts.
var enMedia = map[Key]string{
	MediaCodec:           "The video is in %s, which not every browser plays: export it in H.264 (8-bit, 4:2:0).",
	MediaBitDepth:        "The H.264 video is %d-bit, which not every browser plays: export it in 8-bit H.264 (4:2:0).",
	MediaChroma:          "The H.264 video is in %s, which not every browser plays: export it in H.264 4:2:0 (8-bit).",
	MediaNoVideo:         "The file holds no readable video: send the film as MP4 (H.264).",
	MediaShorter:         "The file lasts %s while the declared runtime is %s: is the film complete?",
	MediaSubtitlesShort:  "The subtitles stop at %s in a film of %s: is the file complete?",
	MediaSubtitlesBroken: "The subtitle file holds no readable subtitle: send an SRT file (00:00:01,000 --> 00:00:04,000).",
	ExpectedVideo:        "an MP4 film is expected",
	ExpectedImage:        "a JPEG or PNG image is expected",
	ExpectedSubtitle:     "an SRT subtitle file is expected",
	InvalidFile:          "Invalid file for the part %s: %s (%s)",
	FileTooLarge:         "File too large for the part %s (at most %d bytes)",
}
