package files

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// A person's export (GET /users/me/export): a zip the API writes under
// exports/<user id>/, which the bucket's lifecycle rule expires after 7
// days, and which its owner downloads through a presigned link.

// PutStream writes r at key as it is read, in parts (the uploader), for an
// object whose length is not known before it ends: memory stays bounded
// whatever its size. A failed upload leaves nothing.
func (s *Store) PutStream(ctx context.Context, key string, r io.Reader, contentType string) error {
	//lint:ignore SA1019 see the uploader field of Store
	_, err := s.uploader.Upload(ctx, &s3.PutObjectInput{
		Bucket: aws.String(s.bucket), Key: aws.String(key), Body: r, ContentType: aws.String(contentType),
	})
	if err != nil {
		s.deleteAfterFailure(ctx, key)
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	return nil
}

// Stat reads when the object at key was written, and its size;
// festival.ErrNotFound when there is none.
func (s *Store) Stat(ctx context.Context, key string) (written time.Time, size int64, err error) {
	head, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if isNotFound(err) {
		return time.Time{}, 0, fmt.Errorf("files: head %s: %w", key, festival.ErrNotFound)
	}
	if err != nil {
		return time.Time{}, 0, fmt.Errorf("files: head %s: %w", key, err)
	}
	return aws.ToTime(head.LastModified), aws.ToInt64(head.ContentLength), nil
}

// PresignDownload is PresignGet for a file the browser saves under
// filename (Content-Disposition: attachment).
func (s *Store) PresignDownload(ctx context.Context, key, filename string) (string, error) {
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket), Key: aws.String(key),
		ResponseContentDisposition: aws.String(`attachment; filename="` + filename + `"`),
	}, s3.WithPresignExpires(s.opts.PresignTTL))
	if err != nil {
		return "", fmt.Errorf("files: presign get %s: %w", key, err)
	}
	return req.URL, nil
}

// MovieFile opens one of a film's files by the name its record keeps
// (festival.ErrNotFound when there is none).
func (s *Store) MovieFile(ctx context.Context, movieID int64, name string) (io.ReadCloser, error) {
	return s.Get(ctx, Key(movieID, name))
}
