package files

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// DeleteUnder removes every object whose key starts with prefix, except
// those whose key starts with keep ("" keeps none): a film's stream files of
// an encoding that is dropped or replaced (movies/<id>/stream/...).
func (s *Store) DeleteUnder(ctx context.Context, prefix, keep string) error {
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{
		Bucket: aws.String(s.bucket), Prefix: aws.String(prefix),
	})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("files: list %s: %w", prefix, err)
		}
		keys := make([]string, 0, len(page.Contents))
		for _, o := range page.Contents {
			if k := aws.ToString(o.Key); keep == "" || !strings.HasPrefix(k, keep) {
				keys = append(keys, k)
			}
		}
		if err := s.Delete(ctx, keys...); err != nil {
			return err
		}
	}
	return nil
}
