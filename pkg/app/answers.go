package app

import (
	"context"
	"net/http"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// large gives a route group's handler the path of answers too large for a
// Lambda response: the bucket, through a 303 to a short-lived link
// (web.LargeAnswers, docs/decisions.md "Answers larger than a Lambda
// response"). The groups whose GETs can grow with the festival use it:
// movies (the film lists), users (the accounts, the audit, the board) and
// votes (the results of every film).
func (d *Deps) large(h http.Handler) http.Handler {
	if d.largeAnswers == nil {
		d.largeAnswers = web.NewLargeAnswers(answerBucket{d.files()}, d.Now)
	}
	return d.largeAnswers.Wrap(h)
}

// answerBucket is the files store as web.AnswerBucket.
type answerBucket struct{ *files.Store }

func (b answerBucket) PutAnswer(ctx context.Context, o web.AnswerObject) error {
	return b.PutWhole(ctx, o.Key, o.Body, files.Headers{ContentType: o.ContentType, ContentEncoding: o.ContentEncoding,
		ContentDisposition: o.ContentDisposition, CacheControl: o.CacheControl})
}

func (b answerBucket) PresignAnswer(ctx context.Context, key string, ttl time.Duration) (string, error) {
	return b.PresignFor(ctx, key, ttl)
}
