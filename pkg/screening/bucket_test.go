package screening_test

import (
	"testing"

	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const bucket = "festival-files"

// newBucket is a files.Store over an in-memory fake S3.
func newBucket(t *testing.T) *files.Store {
	client, presign := filestest.NewFakeS3(t, bucket)
	return files.New(client, presign, bucket, files.Options{})
}
