package texts

// The screening room's texts: the adaptive stream, its tickets and keys.
const (
	NotWatchedEnoughServer Key = "not_watched_enough_server"
	StreamNotReady         Key = "stream_not_ready"
	BadTicket              Key = "bad_ticket"
	NoStreamKey            Key = "no_stream_key"
	StreamFileNotFound     Key = "stream_file_not_found"
	KeyMinuteNotFound      Key = "key_minute_not_found"
)
