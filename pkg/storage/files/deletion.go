package files

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// Delete removes the keys. Keys that do not exist are not an error (S3's
// DeleteObjects reports them as deleted).
func (s *Store) Delete(ctx context.Context, keys ...string) error {
	for len(keys) > 0 {
		batch := keys[:min(len(keys), deleteBatch)]
		keys = keys[len(batch):]

		ids := make([]types.ObjectIdentifier, len(batch))
		for i, k := range batch {
			ids[i] = types.ObjectIdentifier{Key: aws.String(k)}
		}
		out, err := s.client.DeleteObjects(ctx, &s3.DeleteObjectsInput{
			Bucket: aws.String(s.bucket),
			Delete: &types.Delete{Objects: ids, Quiet: aws.Bool(true)},
		})
		if err != nil {
			return fmt.Errorf("files: delete objects: %w", err)
		}
		// DeleteObjects answers 200 even when some keys failed.
		for _, e := range out.Errors {
			if aws.ToString(e.Code) == "NoSuchKey" {
				continue
			}
			return fmt.Errorf("files: delete %s: %s: %s", aws.ToString(e.Key), aws.ToString(e.Code), aws.ToString(e.Message))
		}
	}
	return nil
}

// DeletePrefix removes every object of a film, and aborts its unfinished
// direct uploads so their parts stop costing storage.
func (s *Store) DeletePrefix(ctx context.Context, movieID int64) error {
	p := prefix(movieID)
	if err := s.DeleteUnder(ctx, p, ""); err != nil {
		return err
	}

	in := &s3.ListMultipartUploadsInput{Bucket: aws.String(s.bucket), Prefix: aws.String(p)}
	for {
		out, err := s.client.ListMultipartUploads(ctx, in)
		if isNotFound(err) {
			// S3 answers an empty list; gofakes3 answers NoSuchUpload for a
			// bucket that never had an upload. Both mean nothing to abort.
			return nil
		}
		if err != nil {
			return fmt.Errorf("files: list uploads %s: %w", p, err)
		}
		for _, u := range out.Uploads {
			if err := s.AbortUpload(ctx, aws.ToString(u.Key), aws.ToString(u.UploadId)); err != nil {
				return err
			}
		}
		if !aws.ToBool(out.IsTruncated) {
			return nil
		}
		in.KeyMarker, in.UploadIdMarker = out.NextKeyMarker, out.NextUploadIdMarker
	}
}
