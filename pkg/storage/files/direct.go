package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// The direct-to-S3 flow exists because API Gateway stops requests at 10 MB,
// so a real film cannot travel through the API. The client asks for an
// upload (StartUpload), PUTs each part to its presigned URL, reports the
// ETags (CompleteUpload), and the API checks the object (Verify) before the
// movie record points at it.

// Upload is a started direct multipart upload.
type Upload struct {
	Key      string
	Name     string
	UploadID string
	// PartSize is the size of every part but the last.
	PartSize int64
	Parts    []PresignedPart
	// Expires is when the part URLs stop working.
	Expires time.Time
}

// PresignedPart is where to PUT one part. Its Content-Length is signed, so
// the client must send exactly Size bytes: bytes [(Number-1)*PartSize,
// (Number-1)*PartSize+Size) of the file. This is what stops a client from
// uploading more than it declared.
type PresignedPart struct {
	Number int32
	Size   int64
	URL    string
}

// CompletedPart is a part the client uploaded: its number and the ETag
// header S3 answered to the PUT.
type CompletedPart struct {
	Number int32
	ETag   string
}

// directExt is the extension and content type of kinds that have exactly
// one, so the key can be chosen before the content is seen. Images (JPEG or
// PNG) go through Put, which sees the content before choosing the name.
var directExt = map[Kind][2]string{
	Video:    {".mp4", "video/mp4"},
	Subtitle: {".srt", "application/x-subrip"},
}

// StartUpload creates a multipart upload for a file of size bytes and
// presigns one URL per part. size must be positive and at most Limit(kind).
func (s *Store) StartUpload(ctx context.Context, movieID int64, part string, kind Kind, size int64) (Upload, error) {
	if err := checkPart(part); err != nil {
		return Upload{}, err
	}
	et, ok := directExt[kind]
	if !ok {
		return Upload{}, fmt.Errorf("files: direct upload supports video and subtitle, not %q", kind)
	}
	if size <= 0 {
		return Upload{}, &InvalidFileError{Part: part, Reason: texts.M(texts.FileEmpty)}
	}
	if limit := s.Limit(kind); size > limit {
		return Upload{}, &TooLargeError{Part: part, Limit: limit}
	}

	partSize := s.opts.DirectPartSize
	if size > partSize*maxParts {
		// Round up to whole MiB so the parts stay tidy.
		partSize = (size/maxParts/MiB + 1) * MiB
	}
	count := (size + partSize - 1) / partSize

	name := s.StoredName(part, et[0])
	key := Key(movieID, name)
	created, err := s.client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{
		Bucket:      aws.String(s.bucket),
		Key:         aws.String(key),
		ContentType: aws.String(et[1]),
	})
	if err != nil {
		return Upload{}, fmt.Errorf("files: create upload %s: %w", key, err)
	}
	up := Upload{
		Key:      key,
		Name:     name,
		UploadID: aws.ToString(created.UploadId),
		PartSize: partSize,
		Parts:    make([]PresignedPart, 0, count),
		Expires:  s.opts.Now().Add(s.opts.UploadURLTTL),
	}
	for i := int64(0); i < count; i++ {
		n := int32(i + 1)
		length := min(partSize, size-i*partSize)
		req, err := s.presign.PresignUploadPart(ctx, &s3.UploadPartInput{
			Bucket:        aws.String(s.bucket),
			Key:           aws.String(key),
			UploadId:      created.UploadId,
			PartNumber:    aws.Int32(n),
			ContentLength: aws.Int64(length),
		}, s3.WithPresignExpires(s.opts.UploadURLTTL))
		if err != nil {
			// Don't leave an upload nobody can finish.
			ctx2, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
			_ = s.AbortUpload(ctx2, key, up.UploadID)
			cancel()
			return Upload{}, fmt.Errorf("files: presign part %d of %s: %w", n, key, err)
		}
		up.Parts = append(up.Parts, PresignedPart{Number: n, Size: length, URL: req.URL})
	}
	return up, nil
}

// ErrUploadRefused is wrapped by CompleteUpload's error when S3 refused the
// upload as the client described it (unknown upload id, a part or ETag that
// does not match, parts too small): the client's mistake, unlike any other
// failure.
var ErrUploadRefused = errors.New("files: upload refused by S3")

// refusedCodes are S3's answers to CompleteMultipartUpload that blame the
// client's upload id or part list.
var refusedCodes = map[string]bool{"NoSuchUpload": true, "InvalidPart": true, "InvalidPartOrder": true, "EntityTooSmall": true}

// CompleteUpload assembles the uploaded parts into the object. Parts may be
// given in any order. The object is not trusted until Verify accepts it. An
// upload S3 refuses because of what the client sent wraps ErrUploadRefused.
func (s *Store) CompleteUpload(ctx context.Context, key, uploadID string, parts []CompletedPart) error {
	if len(parts) == 0 {
		return &InvalidFileError{Part: partOf(key), Reason: texts.M(texts.NoPartSent)}
	}
	sorted := slices.Clone(parts)
	slices.SortFunc(sorted, func(a, b CompletedPart) int { return int(a.Number) - int(b.Number) })
	done := make([]types.CompletedPart, len(sorted))
	for i, p := range sorted {
		done[i] = types.CompletedPart{PartNumber: aws.Int32(p.Number), ETag: aws.String(p.ETag)}
	}
	_, err := s.client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{
		Bucket:          aws.String(s.bucket),
		Key:             aws.String(key),
		UploadId:        aws.String(uploadID),
		MultipartUpload: &types.CompletedMultipartUpload{Parts: done},
	})
	var ae smithy.APIError
	if errors.As(err, &ae) && refusedCodes[ae.ErrorCode()] {
		return fmt.Errorf("files: complete upload %s: %w", key, errors.Join(ErrUploadRefused, err))
	}
	if err != nil {
		return fmt.Errorf("files: complete upload %s: %w", key, err)
	}
	return nil
}

// AbortUpload discards an unfinished upload and its parts. An upload that no
// longer exists (already completed or aborted) is not an error.
func (s *Store) AbortUpload(ctx context.Context, key, uploadID string) error {
	_, err := s.client.AbortMultipartUpload(ctx, &s3.AbortMultipartUploadInput{
		Bucket:   aws.String(s.bucket),
		Key:      aws.String(key),
		UploadId: aws.String(uploadID),
	})
	if err != nil && !isNotFound(err) {
		return fmt.Errorf("files: abort upload %s: %w", key, err)
	}
	return nil
}

// Verify checks an object uploaded straight to S3 before a movie record may
// point at it: it must exist, be non-empty, be at most maxBytes (Limit(kind)
// when maxBytes <= 0), hold content of the kind, and have the extension
// matching that content. A rejected object is deleted, and the error is an
// *InvalidFileError or *TooLargeError naming the part.
func (s *Store) Verify(ctx context.Context, key string, kind Kind, maxBytes int64) (Stored, error) {
	if maxBytes <= 0 {
		maxBytes = s.Limit(kind)
	}
	part := partOf(key)

	head, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	})
	if err != nil {
		if isNotFound(err) {
			return Stored{}, &InvalidFileError{Part: part, Reason: texts.M(texts.FileNotSent)}
		}
		return Stored{}, fmt.Errorf("files: head %s: %w", key, err)
	}
	size := aws.ToInt64(head.ContentLength)
	if size <= 0 {
		return Stored{}, s.reject(ctx, key, &InvalidFileError{Part: part, Reason: texts.M(texts.FileEmpty)})
	}
	if size > maxBytes {
		return Stored{}, s.reject(ctx, key, &TooLargeError{Part: part, Limit: maxBytes})
	}

	obj, err := s.client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
		Range:  aws.String("bytes=0-" + strconv.Itoa(SniffLen-1)),
	})
	if err != nil {
		return Stored{}, fmt.Errorf("files: read %s: %w", key, err)
	}
	// LimitReader in case a server ignores Range and sends the whole film.
	first, err := io.ReadAll(io.LimitReader(obj.Body, SniffLen))
	_ = obj.Body.Close()
	if err != nil {
		return Stored{}, fmt.Errorf("files: read %s: %w", key, err)
	}

	ext, contentType, err := Sniff(kind, first)
	if err != nil {
		return Stored{}, s.reject(ctx, key, withPart(err, part))
	}
	if path.Ext(key) != ext {
		// The name was chosen before the content was seen; a .png name on
		// JPEG bytes would be served with the wrong type.
		return Stored{}, s.reject(ctx, key, &InvalidFileError{
			Part:   part,
			Reason: texts.M(texts.ContentNotName, contentType, path.Ext(key)),
		})
	}
	return Stored{Name: path.Base(key), Key: key, Size: size, ContentType: contentType}, nil
}

// reject deletes a refused object and returns why it was refused, plus the
// deletion error if any (errors.As still finds the typed error).
func (s *Store) reject(ctx context.Context, key string, why error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	if err := s.Delete(ctx, key); err != nil {
		return errors.Join(why, err)
	}
	return why
}
