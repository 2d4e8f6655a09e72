package app

import (
	"context"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/storage/files"
)

// large gives a route group's handler the path of answers too large for a
// Lambda response: the bucket, through a 303 to a short-lived link
// (web.LargeAnswers, docs/decisions.md "Answers larger than a Lambda
// response"). The groups whose GETs grow with the festival use it: movies
// (the film lists), users (the accounts, the audit, the board) and votes
// (the results of every film).
func (d *Deps) large(h http.Handler) http.Handler {
	if d.largeAnswers == nil {
		d.largeAnswers = web.NewLargeAnswers(answerBucket{files.NewAnswers(d.s3(), nil, d.Config.Bucket)}, d.Now)
	}
	return d.largeAnswers.Wrap(h)
}

// s3 is the S3 client, built on first use.
func (d *Deps) s3() *s3.Client {
	if d.S3 == nil {
		d.S3 = s3.NewFromConfig(*d.aws, func(o *s3.Options) { o.UsePathStyle = d.Config.S3PathStyle })
	}
	return d.S3
}

// answerBucket is files.Answers as web.AnswerBucket.
type answerBucket struct{ *files.Answers }

func (b answerBucket) AnswerWritten(ctx context.Context, key string) (time.Time, error) {
	written, _, err := b.Stat(ctx, key)
	return written, err
}

func (b answerBucket) PutAnswer(ctx context.Context, o web.AnswerObject) error {
	return b.Put(ctx, o.Key, o.Body, files.Headers{ContentType: o.ContentType, ContentEncoding: o.ContentEncoding,
		ContentDisposition: o.ContentDisposition, CacheControl: o.CacheControl})
}

func (b answerBucket) PresignAnswer(ctx context.Context, key, cacheControl string, ttl time.Duration) (string, error) {
	return b.Link(ctx, key, cacheControl, ttl)
}
