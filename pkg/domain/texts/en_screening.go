package texts

// enScreening is the English of screening.go's texts.
var enScreening = map[Key]string{
	NotWatchedEnoughServer: "The server counted %.1f %% of the film (the minutes whose key was served at the film's pace); the festival asks you to have watched %d %% before voting",
	StreamNotReady:         "The film is not ready for streaming yet: try again once its encoding is done",
	BadTicket:              "Invalid or expired playback ticket: ask for a new one (GET /movies/:id/stream)",
	NoStreamKey:            "Playback keys are reserved for the jury members assigned to the film and for administrators",
	StreamFileNotFound:     "Playback file not found: master.m3u8 or <rendition>.m3u8",
	KeyMinuteNotFound:      "Film minute not found",
}
