package files

import (
	"context"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Get and PutObject, with Delete and PresignGet, make the Store the bucket
// the media engines and the packager use (media.Objects): they read a
// film's file and write its stream under the plan's whole S3 keys, which
// were not chosen by a user, so no name or content check applies.

// Get opens the object at key; festival.ErrNotFound when there is none.
// The caller closes the body.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	})
	if isNotFound(err) {
		return nil, fmt.Errorf("files: get %s: %w", key, festival.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("files: get %s: %w", key, err)
	}
	return out.Body, nil
}

// PutObject writes body whole at key. The body is seekable so that the SDK
// can sign its length and retry; the media's objects (segments, playlists,
// the watermark's picture) are a few megabytes at most.
func (s *Store) PutObject(ctx context.Context, key string, body io.ReadSeeker, contentType string) error {
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:      aws.String(s.bucket),
		Key:         aws.String(key),
		Body:        body,
		ContentType: aws.String(contentType),
	})
	if err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	return nil
}
