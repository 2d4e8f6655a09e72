package texts

// frMedia is the French of media.go's texts.
var frMedia = map[Key]string{
	MediaCodec:           "La vidéo est en %s, que les navigateurs ne lisent pas tous : exportez-la en H.264 (8 bits, 4:2:0).",
	MediaBitDepth:        "La vidéo H.264 est en %d bits, que les navigateurs ne lisent pas tous : exportez-la en H.264 8 bits (4:2:0).",
	MediaChroma:          "La vidéo H.264 est en %s, que les navigateurs ne lisent pas tous : exportez-la en H.264 4:2:0 (8 bits).",
	MediaNoVideo:         "Le fichier ne contient aucune vidéo lisible : envoyez le film en MP4 (H.264).",
	MediaShorter:         "Le fichier dure %s alors que la durée déclarée est de %s : le film est-il complet ?",
	MediaSubtitlesShort:  "Les sous-titres s'arrêtent à %s pour un film de %s : le fichier est-il complet ?",
	MediaSubtitlesBroken: "Le fichier de sous-titres ne contient aucun sous-titre lisible : envoyez un fichier SRT (00:00:01,000 --> 00:00:04,000).",
	ExpectedVideo:        "un film MP4 est attendu",
	ExpectedImage:        "une image JPEG ou PNG est attendue",
	ExpectedSubtitle:     "un fichier de sous-titres SRT est attendu",
	InvalidFile:          "Fichier invalide pour la partie %s : %s (%s)",
	FileTooLarge:         "Fichier trop volumineux pour la partie %s (maximum %d octets)",
}
