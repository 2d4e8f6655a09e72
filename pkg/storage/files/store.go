package files

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"path"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/s3/manager"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

const (
	// MiB and GiB keep the size defaults readable.
	MiB = 1 << 20
	GiB = 1 << 30

	// streamPartSize is the part size of Put's streaming upload. It is S3's
	// minimum part size: Put holds about (streamConcurrency+2) parts in
	// memory at once whatever the file size, so smaller parts mean a smaller
	// Lambda.
	streamPartSize = 5 * MiB
	// streamConcurrency 1 still overlaps reading the next part with sending
	// the current one (the uploader queues one part ahead).
	streamConcurrency = 1

	// deleteBatch is the most keys one DeleteObjects call accepts.
	deleteBatch = 1000
	// maxParts is the most parts one S3 multipart upload may have.
	maxParts = 10000
	// minPartSize is S3's minimum size of every part but the last.
	minPartSize = 5 * MiB

	// cleanupTimeout bounds the best-effort deletions done after a failure,
	// which run even when the request's context is already cancelled.
	cleanupTimeout = 30 * time.Second
)

// Options tunes a Store. Zero fields take the defaults given on each field.
type Options struct {
	// MaxVideoBytes caps a film sent by the direct-to-S3 flow (StartUpload,
	// Verify). Default here 2 GiB; the application passes MAX_VIDEO_BYTES,
	// whose own default is 5 GiB (pkg/app/config.go).
	MaxVideoBytes int64
	// MaxUploadBytes caps any single file streamed through the API by Put
	// (the multipart/form-data route). Through API Gateway no request event
	// exceeds Lambda's 6 MB anyway; this is the guard when the handler runs
	// elsewhere. Default here 100 MiB; the application passes
	// MAX_UPLOAD_BYTES, whose own default is 6 MiB (pkg/app/config.go).
	MaxUploadBytes int64
	// MaxImageBytes caps a thumbnail or poster, and a file given in answer
	// to a question (Document). Default 10 MiB.
	MaxImageBytes int64
	// MaxSubtitleBytes caps an SRT file. Default 2 MiB.
	MaxSubtitleBytes int64
	// PresignTTL is the lifetime of presigned GET URLs. Short,
	// because a leaked URL gives access to an unreleased film. Default
	// 15 minutes.
	PresignTTL time.Duration
	// UploadURLTTL is the lifetime of the presigned part URLs of a direct
	// multipart upload. Longer than PresignTTL because S3 checks the
	// signature when each part starts, and the last part of a 2 GiB film on
	// a slow link starts long after the first. Default 1 hour.
	UploadURLTTL time.Duration
	// DirectPartSize is the part size of direct multipart uploads; it grows
	// when needed to stay within S3's 10,000 parts. At least 5 MiB (S3's
	// minimum). Default 16 MiB.
	DirectPartSize int64
	// Now is the clock for stored names and expiry times. Default time.Now.
	Now func() time.Time
}

func (o Options) withDefaults() Options {
	if o.MaxVideoBytes <= 0 {
		o.MaxVideoBytes = 2 * GiB
	}
	if o.MaxUploadBytes <= 0 {
		o.MaxUploadBytes = 100 * MiB
	}
	if o.MaxImageBytes <= 0 {
		o.MaxImageBytes = 10 * MiB
	}
	if o.MaxSubtitleBytes <= 0 {
		o.MaxSubtitleBytes = 2 * MiB
	}
	if o.PresignTTL <= 0 {
		o.PresignTTL = 15 * time.Minute
	}
	if o.UploadURLTTL <= 0 {
		o.UploadURLTTL = time.Hour
	}
	if o.DirectPartSize <= 0 {
		o.DirectPartSize = 16 * MiB
	}
	if o.DirectPartSize < minPartSize {
		o.DirectPartSize = minPartSize
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Store keeps a festival's files in one private S3 bucket, under
// movies/<movieID>/.
type Store struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
	opts    Options
	// manager.Uploader is deprecated in favour of feature/s3/transfermanager,
	// which is not a dependency of this module yet; the uploader still works
	// and is what the streaming design was measured with.
	//lint:ignore SA1019 see above
	uploader *manager.Uploader
}

// Stored describes an object written or verified by the Store.
type Stored struct {
	// Name is the file name kept on the movie record, e.g.
	// "filmFile-1732270000000-123456789.mp4".
	Name string
	// Key is the S3 object key, movies/<movieID>/<Name>.
	Key         string
	Size        int64
	ContentType string
}

// New returns a Store writing to bucket. presign may be nil, in which case
// one is built from client.
func New(client *s3.Client, presign *s3.PresignClient, bucket string, opts Options) *Store {
	if presign == nil {
		presign = s3.NewPresignClient(client)
	}
	//lint:ignore SA1019 see the uploader field of Store
	up := manager.NewUploader(client, func(u *manager.Uploader) {
		u.PartSize = streamPartSize
		u.Concurrency = streamConcurrency
	})
	return &Store{
		client:   client,
		presign:  presign,
		bucket:   bucket,
		opts:     opts.withDefaults(),
		uploader: up,
	}
}

// Limit is the largest file of the kind accepted by the direct upload flow
// (StartUpload, Verify).
func (s *Store) Limit(kind Kind) int64 {
	switch kind {
	case Video:
		return s.opts.MaxVideoBytes
	case Image, Document:
		return s.opts.MaxImageBytes
	default:
		return s.opts.MaxSubtitleBytes
	}
}

// PutLimit is the largest file of the kind that Put accepts: the kind's limit,
// but never more than MaxUploadBytes, since Put runs inside an API request.
func (s *Store) PutLimit(kind Kind) int64 {
	return min(s.Limit(kind), s.opts.MaxUploadBytes)
}

// StoredName returns a fresh name "<part>-<unix millis>-<9 random digits><ext>",
// the shape the spec shows on movie records. The random digits come from
// crypto/rand so names cannot be guessed from the upload time.
func (s *Store) StoredName(part string, ext string) string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000_000))
	if err != nil {
		// crypto/rand does not fail on supported platforms (since Go 1.24
		// it crashes the program instead), so this is unreachable.
		panic("files: crypto/rand: " + err.Error())
	}
	return fmt.Sprintf("%s-%d-%09d%s", part, s.opts.Now().UnixMilli(), n.Int64(), ext)
}

// Key returns the object key of a film's file. All of a film's files share
// the prefix movies/<movieID>/ so DeletePrefix can remove them together.
func Key(movieID int64, name string) string {
	return prefix(movieID) + name
}

// prefix ends with "/" so that film 1's prefix does not match film 12's keys.
func prefix(movieID int64) string {
	return "movies/" + strconv.FormatInt(movieID, 10) + "/"
}

// checkPart rejects part names that would not make a safe, single-segment
// key. Part names come from the handler's code, so this guards against
// programming errors rather than users.
func checkPart(part string) error {
	if part == "" {
		return errors.New("files: empty part name")
	}
	for _, c := range part {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return fmt.Errorf("files: part name %q must be letters, digits or _", part)
		}
	}
	return nil
}

// partOf recovers the part name from a key made by Key and StoredName, so
// errors about an uploaded object can name the form part.
func partOf(key string) string {
	name := path.Base(key)
	for i := 0; i < len(name); i++ {
		if name[i] == '-' {
			return name[:i]
		}
	}
	return name
}

// PresignGet returns a short-lived URL to download key, for the jury, admins
// and the owning producer; the bucket itself stays private. expires is
// computed from the Store's clock and is approximate by the signing delay.
func (s *Store) PresignGet(ctx context.Context, key string) (url string, expires time.Time, err error) {
	expires = s.opts.Now().Add(s.opts.PresignTTL)
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	}, s3.WithPresignExpires(s.opts.PresignTTL))
	if err != nil {
		return "", time.Time{}, fmt.Errorf("files: presign get %s: %w", key, err)
	}
	return req.URL, expires, nil
}

// isNotFound reports whether err is S3's answer for a missing key or upload.
// HEAD answers have no body, so the SDK only knows the code "NotFound".
func isNotFound(err error) bool {
	var nf *types.NotFound
	var nsk *types.NoSuchKey
	var nsu *types.NoSuchUpload
	if errors.As(err, &nf) || errors.As(err, &nsk) || errors.As(err, &nsu) {
		return true
	}
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NotFound", "NoSuchKey", "NoSuchUpload":
			return true
		}
	}
	return false
}
