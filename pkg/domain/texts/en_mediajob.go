package texts

// enMediajob is the English of mediajob.go's texts.
var enMediajob = map[Key]string{
	MediaChecksShape:   "The media_checks setting must be an object {\"check\": \"refuse\", \"warn\" or \"off\"}; checks: unplayable, no_video, shorter, subtitles_short, subtitles_broken, subtitles_language",
	UnknownMediaCheck:  "Unknown check in media_checks: %q (possible values: unplayable, no_video, shorter, subtitles_short, subtitles_broken)",
	UnknownCheckAction: "Unknown action %q for the check %s of media_checks (possible values: refuse, warn, off)",
	MediaRefused:       "This film cannot be given a jury until its file is replaced: %s",
	MediaJobFailed:     "Preparing the film for streaming failed: %s",
}
