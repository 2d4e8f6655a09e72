package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Put validates and stores one uploaded part of a film. It reads the first
// SniffLen bytes and checks them with Sniff before sending anything to S3, so
// a part of the wrong kind stores nothing. The rest is streamed in 5 MiB
// parts, so memory stays bounded whatever the file size. A file larger than
// PutLimit(kind) fails with *TooLargeError and its partial upload is removed.
func (s *Store) Put(ctx context.Context, movieID int64, part string, kind Kind, r io.Reader) (Stored, error) {
	if err := checkPart(part); err != nil {
		return Stored{}, err
	}
	limit := s.PutLimit(kind)

	// The head is read through the same counting reader as the rest, so
	// that a body that breaks inside it is told apart from a short file.
	src := &limitReader{r: r, limit: limit}
	head := make([]byte, SniffLen)
	n, err := io.ReadFull(src, head)
	switch {
	case src.exceeded:
		return Stored{}, &TooLargeError{Part: part, Limit: limit}
	case src.broken != nil:
		return Stored{}, &BrokenBodyError{Part: part, Err: src.broken}
	}
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return Stored{}, fmt.Errorf("files: read part %q: %w", part, err)
	}
	head = head[:n]
	ext, contentType, err := Sniff(kind, head)
	if err != nil {
		return Stored{}, withPart(err, part)
	}

	name := s.StoredName(part, ext)
	key := Key(movieID, name)
	body := &limitReader{r: io.MultiReader(bytes.NewReader(head), src), limit: limit}
	//lint:ignore SA1019 see the uploader field of Store
	_, err = s.uploader.Upload(ctx, &s3.PutObjectInput{
		Bucket:      aws.String(s.bucket),
		Key:         aws.String(key),
		Body:        body,
		ContentType: aws.String(contentType),
	})
	if body.exceeded || err != nil {
		// The uploader aborts its multipart upload on error; the delete also
		// covers a single PutObject whose answer was lost. Best effort: the
		// caller's error matters more than a cleanup failure.
		s.deleteAfterFailure(ctx, key)
		switch {
		case body.exceeded || src.exceeded:
			return Stored{}, &TooLargeError{Part: part, Limit: limit}
		case src.broken != nil:
			return Stored{}, &BrokenBodyError{Part: part, Err: src.broken}
		}
		return Stored{}, fmt.Errorf("files: store part %q: %w", part, err)
	}
	return Stored{Name: name, Key: key, Size: body.n, ContentType: contentType}, nil
}

// withPart fills the Part of a content error.
func withPart(err error, part string) error {
	var inv *InvalidFileError
	if errors.As(err, &inv) {
		return &InvalidFileError{Part: part, Reason: inv.Reason}
	}
	return err
}

var errLimit = errors.New("files: size limit exceeded")

// limitReader counts bytes and fails once more than limit have been read.
// Unlike io.LimitReader it does not end the stream quietly, which would store
// a truncated film. It also keeps the first error of its source other than
// io.EOF (broken), so that a body cut inside a file is the sender's error and
// not the store's. It is read only by the uploader's reading goroutine.
type limitReader struct {
	r        io.Reader
	limit    int64
	n        int64
	exceeded bool
	broken   error
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.exceeded {
		return 0, errLimit
	}
	n, err := l.r.Read(p)
	if err != nil && err != io.EOF && l.broken == nil {
		l.broken = err
	}
	l.n += int64(n)
	if l.n > l.limit {
		l.exceeded = true
		return 0, errLimit
	}
	return n, err
}

// deleteAfterFailure removes key, ignoring errors, even when ctx is done.
func (s *Store) deleteAfterFailure(ctx context.Context, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	_ = s.Delete(ctx, key)
}
