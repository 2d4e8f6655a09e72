package files

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// An answer too large for a Lambda response (web.LargeAnswers) is kept
// whole under answers/ (web.AnswerKey), which the bucket's lifecycle rule
// expires after a day, and read by the client through a short-lived link.

// Headers are the headers S3 keeps with an object and gives back with it.
type Headers struct {
	ContentType, ContentEncoding, ContentDisposition, CacheControl string
}

// PutWhole writes body whole at key with its headers ("" leaves one out).
func (s *Store) PutWhole(ctx context.Context, key string, body []byte, h Headers) error {
	in := &s3.PutObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key), Body: bytes.NewReader(body),
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
	if _, err := s.client.PutObject(ctx, in); err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	return nil
}

// PresignFor is a GET link to the object at key, valid for ttl.
func (s *Store) PresignFor(ctx context.Context, key string, ttl time.Duration) (string, error) {
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)},
		s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("files: presign get %s: %w", key, err)
	}
	return req.URL, nil
}
