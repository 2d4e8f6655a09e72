package filestest

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// NewFakeS3 starts an in-memory S3 (gofakes3) for the test, creates bucket,
// and returns a client and presign client pointed at it. The server stops
// when the test ends. gofakes3 does not check signatures, so presigned URLs
// can be fetched with plain net/http.
func NewFakeS3(t testing.TB, bucket string) (*s3.Client, *s3.PresignClient) {
	t.Helper()
	faker := gofakes3.New(s3mem.New())
	srv := httptest.NewServer(faker.Server())
	t.Cleanup(srv.Close)
	client, presign := NewClient(srv.URL)
	if _, err := client.CreateBucket(context.Background(), &s3.CreateBucketInput{Bucket: aws.String(bucket)}); err != nil {
		t.Fatalf("create bucket %s: %v", bucket, err)
	}
	return client, presign
}

// NewClient returns an S3 client and presign client for an S3-compatible
// server at endpoint: path-style URLs (no bucket subdomains on localhost),
// static credentials, region us-east-1.
func NewClient(endpoint string) (*s3.Client, *s3.PresignClient) {
	client := s3.New(s3.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
	return client, s3.NewPresignClient(client)
}
