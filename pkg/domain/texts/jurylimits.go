package texts

// What a juror may do on a film (GET /votes/allowed/:id_movie) and their
// queue (GET /votes/queue).
const (
	QueueCurrentEditionOnly Key = "queue_current_edition_only"
)
