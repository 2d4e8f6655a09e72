package files

import (
	"context"
	"fmt"
	"net/url"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

// Copy copies a film's stored file to another film's prefix under the same
// name, inside the bucket (S3 CopyObject: the bytes never pass through the
// function; up to 5 GB, the largest film MAX_VIDEO_BYTES allows). It
// returns the new object's key; festival.ErrNotFound when the file is gone.
func (s *Store) Copy(ctx context.Context, fromMovie int64, name string, toMovie int64) (string, error) {
	from, to := Key(fromMovie, name), Key(toMovie, name)
	_, err := s.client.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket:     aws.String(s.bucket),
		Key:        aws.String(to),
		CopySource: aws.String((&url.URL{Path: s.bucket + "/" + from}).EscapedPath()),
	})
	if isNotFound(err) {
		return "", fmt.Errorf("files: copy %s: %w", from, festival.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("files: copy %s to %s: %w", from, to, err)
	}
	return to, nil
}
