package files

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Answers keeps the answers too large for a Lambda response
// (web.LargeAnswers) whole under answers/ (web.AnswerKey), which the
// bucket's lifecycle rule expires after a day; the client reads one through
// a short-lived link. It is apart from Store, and calls only HeadObject,
// PutObject and a presigned GetObject, so that a function that needs
// nothing else of the bucket (votes) links, and is granted, nothing else.
type Answers struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
}

// NewAnswers returns the answers' store in bucket.
func NewAnswers(client *s3.Client, presign *s3.PresignClient, bucket string) *Answers {
	if presign == nil {
		presign = s3.NewPresignClient(client)
	}
	return &Answers{client: client, presign: presign, bucket: bucket}
}

// Headers are the headers S3 keeps with an object and gives back with it.
type Headers struct {
	ContentType, ContentEncoding, ContentDisposition, CacheControl string
}

// Stat reads when the object at key was written, and its size;
// festival.ErrNotFound when there is none. (Without s3:ListBucket, S3
// answers a missing key 403, not 404: an error all the same.)
func (a *Answers) Stat(ctx context.Context, key string) (written time.Time, size int64, err error) {
	head, err := a.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(a.bucket), Key: aws.String(key)})
	if isNotFound(err) {
		return time.Time{}, 0, fmt.Errorf("files: head %s: %w", key, festival.ErrNotFound)
	}
	if err != nil {
		return time.Time{}, 0, fmt.Errorf("files: head %s: %w", key, err)
	}
	return aws.ToTime(head.LastModified), aws.ToInt64(head.ContentLength), nil
}

// Put writes body whole at key with its headers ("" leaves one out).
func (a *Answers) Put(ctx context.Context, key string, body []byte, h Headers) error {
	in := &s3.PutObjectInput{Bucket: aws.String(a.bucket), Key: aws.String(key), Body: bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body)))}
	for _, f := range []struct {
		value string
		field **string
	}{
		{h.ContentType, &in.ContentType}, {h.ContentEncoding, &in.ContentEncoding},
		{h.ContentDisposition, &in.ContentDisposition}, {h.CacheControl, &in.CacheControl},
	} {
		if f.value != "" {
			*f.field = aws.String(f.value)
		}
	}
	if _, err := a.client.PutObject(ctx, in); err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	return nil
}

// Link is a GET link to the object at key, valid for ttl. A cacheControl
// other than "" is signed into it (response-cache-control), so that the
// answer carries it from S3 and from the local server's gofakes3, which
// does not keep an object's Cache-Control, alike.
func (a *Answers) Link(ctx context.Context, key, cacheControl string, ttl time.Duration) (string, error) {
	in := &s3.GetObjectInput{Bucket: aws.String(a.bucket), Key: aws.String(key)}
	if cacheControl != "" {
		in.ResponseCacheControl = aws.String(cacheControl)
	}
	req, err := a.presign.PresignGetObject(ctx, in, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("files: presign get %s: %w", key, err)
	}
	return req.URL, nil
}
