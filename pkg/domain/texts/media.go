package texts

// The reasons of the media checks (festival.CheckMedia), shown to the
// producer and the admins beside a flagged film. %s are names or durations.
const (
	// A video codec the browsers do not all play (HEVC, ProRes, VP9...).
	MediaCodec = "La vidéo est en %s, que les navigateurs ne lisent pas tous : exportez-la en H.264 (8 bits, 4:2:0)."
	// H.264 with more than 8 bits per sample.
	MediaBitDepth = "La vidéo H.264 est en %d bits, que les navigateurs ne lisent pas tous : exportez-la en H.264 8 bits (4:2:0)."
	// H.264 with another chroma subsampling than 4:2:0.
	MediaChroma = "La vidéo H.264 est en %s, que les navigateurs ne lisent pas tous : exportez-la en H.264 4:2:0 (8 bits)."
	// No video stream in the file (or nothing readable at all).
	MediaNoVideo = "Le fichier ne contient aucune vidéo lisible : envoyez le film en MP4 (H.264)."
	// The measured runtime far below the declared one.
	MediaShorter = "Le fichier dure %s alors que la durée déclarée est de %s : le film est-il complet ?"
	// The last subtitle ends long before the film does.
	MediaSubtitlesShort = "Les sous-titres s'arrêtent à %s pour un film de %s : le fichier est-il complet ?"
	// A subtitle file with no cue that can be read.
	MediaSubtitlesBroken = "Le fichier de sous-titres ne contient aucun sous-titre lisible : envoyez un fichier SRT (00:00:01,000 --> 00:00:04,000)."
)
