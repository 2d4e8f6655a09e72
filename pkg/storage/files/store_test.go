package files_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const bucket = "festival-files"

func newStore(t *testing.T, opts files.Options) (*files.Store, *s3.Client) {
	t.Helper()
	client, presign := filestest.NewFakeS3(t, bucket)
	return files.New(client, presign, bucket, opts), client
}

func listKeys(t *testing.T, client *s3.Client, prefix string) []string {
	t.Helper()
	out, err := client.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(bucket),
		Prefix: aws.String(prefix),
	})
	if err != nil {
		t.Fatalf("list: %v", err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

func getObject(t *testing.T, client *s3.Client, key string) ([]byte, string) {
	t.Helper()
	out, err := client.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return b, aws.ToString(out.ContentType)
}

// countUploads counts unfinished multipart uploads in the bucket. gofakes3
// answers NoSuchUpload instead of an empty list for a bucket that never had
// one.
func countUploads(t *testing.T, client *s3.Client) int {
	t.Helper()
	out, err := client.ListMultipartUploads(context.Background(), &s3.ListMultipartUploadsInput{Bucket: aws.String(bucket)})
	var ae smithy.APIError
	if errors.As(err, &ae) && ae.ErrorCode() == "NoSuchUpload" {
		return 0
	}
	if err != nil {
		t.Fatalf("list uploads: %v", err)
	}
	return len(out.Uploads)
}

func TestStoredNameAndKey(t *testing.T) {
	t.Parallel()
	now := time.UnixMilli(1732270000000)
	s := files.New(s3.New(s3.Options{Region: "us-east-1"}), nil, bucket, files.Options{Now: func() time.Time { return now }})
	name := s.StoredName("filmFile", ".mp4")
	if !regexp.MustCompile(`^filmFile-1732270000000-[0-9]{9}\.mp4$`).MatchString(name) {
		t.Errorf("StoredName = %q", name)
	}
	if other := s.StoredName("filmFile", ".mp4"); other == name {
		t.Errorf("two names are equal: %q", name)
	}
	if k := files.Key(42, name); k != "movies/42/"+name {
		t.Errorf("Key = %q", k)
	}
}

func TestPutStoresEachKind(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	tests := []struct {
		part string
		kind files.Kind
		data []byte
		ext  string
		typ  string
	}{
		{"filmFile", files.Video, filestest.MP4(), ".mp4", "video/mp4"},
		{"thumbnail1", files.Image, filestest.PNG(), ".png", "image/png"},
		{"thumbnail2", files.Image, filestest.JPEG(), ".jpg", "image/jpeg"},
		{"subtitlesSrt", files.Subtitle, filestest.SRT(), ".srt", "application/x-subrip"},
	}
	for _, tt := range tests {
		t.Run(tt.part, func(t *testing.T) {
			st, err := s.Put(context.Background(), 7, tt.part, tt.kind, bytes.NewReader(tt.data))
			if err != nil {
				t.Fatalf("Put: %v", err)
			}
			if !strings.HasPrefix(st.Name, tt.part+"-") || !strings.HasSuffix(st.Name, tt.ext) {
				t.Errorf("Name = %q", st.Name)
			}
			if st.Key != "movies/7/"+st.Name || st.Size != int64(len(tt.data)) || st.ContentType != tt.typ {
				t.Errorf("Stored = %+v", st)
			}
			got, typ := getObject(t, client, st.Key)
			if !bytes.Equal(got, tt.data) {
				t.Errorf("stored %d bytes differ from the %d sent", len(got), len(tt.data))
			}
			if typ != tt.typ {
				t.Errorf("stored Content-Type %q, want %q", typ, tt.typ)
			}
		})
	}
}

// A film above one 5 MiB part goes through the uploader's multipart path.
func TestPutMultipartMovie(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	var want bytes.Buffer
	size := int64(12 << 20)
	if _, err := io.Copy(&want, filestest.LargeMP4(size)); err != nil {
		t.Fatal(err)
	}
	st, err := s.Put(context.Background(), 8, "filmFile", files.Video, filestest.LargeMP4(size))
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	if st.Size != int64(want.Len()) {
		t.Errorf("Size = %d, want %d", st.Size, want.Len())
	}
	got, _ := getObject(t, client, st.Key)
	if !bytes.Equal(got, want.Bytes()) {
		t.Error("stored film differs from the one sent")
	}
}

func TestPutInvalidStoresNothing(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	tests := []struct {
		part string
		kind files.Kind
		data []byte
	}{
		{"filmFile", files.Video, filestest.PNG()},
		{"filmFile", files.Video, []byte("hello, I am a text file called film.mp4")},
		{"filmFile", files.Video, nil},
		{"thumbnail1", files.Image, filestest.MP4()},
		{"subtitlesSrt", files.Subtitle, []byte("1\nsoon\nHi\n")},
	}
	for _, tt := range tests {
		_, err := s.Put(context.Background(), 9, tt.part, tt.kind, bytes.NewReader(tt.data))
		var inv *files.InvalidFileError
		if !errors.As(err, &inv) {
			t.Fatalf("Put(%s): want *InvalidFileError, got %v", tt.part, err)
		}
		if inv.Part != tt.part {
			t.Errorf("error names part %q, want %q", inv.Part, tt.part)
		}
	}
	if keys := listKeys(t, client, ""); len(keys) != 0 {
		t.Errorf("objects stored after invalid parts: %v", keys)
	}
}

func TestPutTooLargeLeavesNothing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		opts  files.Options
		kind  files.Kind
		part  string
		input func() io.Reader
	}{
		// Over the limit inside the first part: no request at all.
		{"subtitle", files.Options{MaxSubtitleBytes: 1000}, files.Subtitle, "subtitlesSrt", func() io.Reader {
			return io.MultiReader(bytes.NewReader(filestest.SRT()), strings.NewReader(strings.Repeat("x\n", 1000)))
		}},
		// Over the limit after several parts: the multipart upload is aborted.
		{"video multipart", files.Options{MaxUploadBytes: 12 << 20}, files.Video, "filmFile", func() io.Reader {
			return filestest.LargeMP4(13 << 20)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, client := newStore(t, tt.opts)
			_, err := s.Put(context.Background(), 10, tt.part, tt.kind, tt.input())
			var tl *files.TooLargeError
			if !errors.As(err, &tl) || tl.Part != tt.part || tl.Limit != s.PutLimit(tt.kind) {
				t.Fatalf("want *TooLargeError for %s, got %v", tt.part, err)
			}
			if keys := listKeys(t, client, ""); len(keys) != 0 {
				t.Errorf("objects left: %v", keys)
			}
			if n := countUploads(t, client); n != 0 {
				t.Errorf("unfinished multipart uploads left: %d", n)
			}
		})
	}
}

func TestDeleteAndDeletePrefix(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	ctx := context.Background()
	put := func(movie int64, part string) files.Stored {
		st, err := s.Put(ctx, movie, part, files.Image, bytes.NewReader(filestest.PNG()))
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	a := put(1, "thumbnail1")
	put(1, "thumbnail2")
	put(1, "thumbnail3")
	other := put(12, "thumbnail1") // film 12 shares the "movies/1" string prefix

	// A direct upload left unfinished must go with the film too.
	if _, err := s.StartUpload(ctx, 1, "filmFile", files.Video, 1000); err != nil {
		t.Fatal(err)
	}

	if err := s.Delete(ctx, a.Key, "movies/1/does-not-exist.png"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if keys := listKeys(t, client, "movies/1/"); len(keys) != 2 {
		t.Fatalf("after Delete: %v", keys)
	}
	if err := s.DeletePrefix(ctx, 1); err != nil {
		t.Fatalf("DeletePrefix: %v", err)
	}
	if keys := listKeys(t, client, "movies/1/"); len(keys) != 0 {
		t.Errorf("after DeletePrefix: %v", keys)
	}
	if keys := listKeys(t, client, ""); len(keys) != 1 || keys[0] != other.Key {
		t.Errorf("film 12 touched: %v", keys)
	}
	if n := countUploads(t, client); n != 0 {
		t.Errorf("unfinished uploads left: %d", n)
	}
	if err := s.DeletePrefix(ctx, 99); err != nil {
		t.Errorf("DeletePrefix of a film without files: %v", err)
	}
}

func TestDeleteManyKeysInBatches(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	ctx := context.Background()
	keys := make([]string, 1005)
	for i := range keys {
		keys[i] = fmt.Sprintf("movies/3/k%04d", i)
		if i%250 == 0 || i >= 1000 { // store a few; the rest are missing keys
			_, err := client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(keys[i]), Body: strings.NewReader("x")})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.Delete(ctx, keys...); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if left := listKeys(t, client, ""); len(left) != 0 {
		t.Errorf("left: %v", left)
	}
}

func TestPresignGet(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, files.Options{})
	st, err := s.Put(context.Background(), 5, "thumbnail1", files.Image, bytes.NewReader(filestest.JPEG()))
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	raw, expires, err := s.PresignGet(context.Background(), st.Key)
	if err != nil {
		t.Fatal(err)
	}
	if d := expires.Sub(before); d < 15*time.Minute-time.Second || d > 15*time.Minute+time.Second {
		t.Errorf("expires in %v, want 15m", d)
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if u.Path != "/"+bucket+"/"+st.Key {
		t.Errorf("path %q", u.Path)
	}
	if got := u.Query().Get("X-Amz-Expires"); got != "900" {
		t.Errorf("X-Amz-Expires = %q", got)
	}
	if u.Query().Get("X-Amz-Signature") == "" {
		t.Error("URL is not signed")
	}
	resp, err := http.Get(raw)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, filestest.JPEG()) {
		t.Errorf("GET presigned: %s, %d bytes", resp.Status, len(body))
	}
}

func TestVerifyAcceptsAnImageStoredStraightInTheBucket(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	ctx := context.Background()
	key := files.Key(6, s.StoredName("thumbnail1", ".png"))
	if _, err := client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(bucket), Key: aws.String(key), Body: bytes.NewReader(filestest.PNG()), ContentType: aws.String("image/png"),
	}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Verify(ctx, key, files.Image, 0)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if st.ContentType != "image/png" || st.Size != int64(len(filestest.PNG())) {
		t.Errorf("Stored = %+v", st)
	}
}

// putParts uploads data through the presigned part URLs, as a browser
// would, and returns the parts to complete with.
func putParts(t *testing.T, up files.Upload, data []byte) []files.CompletedPart {
	t.Helper()
	var done []files.CompletedPart
	for _, p := range up.Parts {
		off := int64(p.Number-1) * up.PartSize
		req, err := http.NewRequest(http.MethodPut, p.URL, bytes.NewReader(data[off:off+p.Size]))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("PUT part %d: %s", p.Number, resp.Status)
		}
		done = append(done, files.CompletedPart{Number: p.Number, ETag: resp.Header.Get("ETag")})
	}
	// Report them out of order: CompleteUpload must sort.
	for i, j := 0, len(done)-1; i < j; i, j = i+1, j-1 {
		done[i], done[j] = done[j], done[i]
	}
	return done
}

func TestDirectUploadFlow(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{DirectPartSize: 5 << 20})
	ctx := context.Background()
	var movie bytes.Buffer
	if _, err := io.Copy(&movie, filestest.LargeMP4(11<<20)); err != nil {
		t.Fatal(err)
	}
	size := int64(movie.Len())

	up, err := s.StartUpload(ctx, 20, "filmFile", files.Video, size)
	if err != nil {
		t.Fatalf("StartUpload: %v", err)
	}
	if !strings.HasPrefix(up.Key, "movies/20/filmFile-") || !strings.HasSuffix(up.Name, ".mp4") || up.UploadID == "" {
		t.Errorf("Upload = %+v", up)
	}
	if len(up.Parts) != 3 || up.PartSize != 5<<20 || up.Parts[2].Size != size-10<<20 {
		t.Fatalf("parts: size %d, %d parts, last %d", up.PartSize, len(up.Parts), up.Parts[len(up.Parts)-1].Size)
	}
	// Each part URL signs its Content-Length, so S3 refuses a bigger part.
	u, _ := url.Parse(up.Parts[0].URL)
	if h := u.Query().Get("X-Amz-SignedHeaders"); !strings.Contains(h, "content-length") {
		t.Errorf("part URL does not sign content-length: %q", h)
	}
	if u.Query().Get("uploadId") != up.UploadID || u.Query().Get("partNumber") != "1" {
		t.Errorf("part URL %s", up.Parts[0].URL)
	}

	parts := putParts(t, up, movie.Bytes())
	if err := s.CompleteUpload(ctx, up.Key, up.UploadID, parts); err != nil {
		t.Fatalf("CompleteUpload: %v", err)
	}
	st, err := s.Verify(ctx, up.Key, files.Video, 0)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if st.Name != up.Name || st.Size != size || st.ContentType != "video/mp4" {
		t.Errorf("Stored = %+v", st)
	}
	got, _ := getObject(t, client, up.Key)
	if !bytes.Equal(got, movie.Bytes()) {
		t.Error("assembled film differs")
	}
}

func TestVerifyRejectsAndDeletes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tests := []struct {
		name  string
		kind  files.Kind
		ext   string
		data  []byte
		max   int64
		large bool
	}{
		{"png uploaded as video", files.Video, ".mp4", filestest.PNG(), 0, false},
		{"jpeg named png", files.Image, ".png", filestest.JPEG(), 0, false},
		{"too large", files.Image, ".png", filestest.PNG(), 10, true},
		{"empty", files.Subtitle, ".srt", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, client := newStore(t, files.Options{})
			key := files.Key(30, s.StoredName("part1", tt.ext))
			if _, err := client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String(key), Body: bytes.NewReader(tt.data)}); err != nil {
				t.Fatal(err)
			}
			_, err := s.Verify(ctx, key, tt.kind, tt.max)
			if tt.large {
				var tl *files.TooLargeError
				if !errors.As(err, &tl) || tl.Part != "part1" || tl.Limit != tt.max {
					t.Fatalf("want *TooLargeError, got %v", err)
				}
			} else {
				var inv *files.InvalidFileError
				if !errors.As(err, &inv) || inv.Part != "part1" {
					t.Fatalf("want *InvalidFileError naming part1, got %v", err)
				}
			}
			if keys := listKeys(t, client, ""); len(keys) != 0 {
				t.Errorf("rejected object kept: %v", keys)
			}
		})
	}
}

func TestVerifyDirectUploadOfPNGAsVideo(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{})
	ctx := context.Background()
	png := filestest.PNG()
	up, err := s.StartUpload(ctx, 21, "filmFile", files.Video, int64(len(png)))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteUpload(ctx, up.Key, up.UploadID, putParts(t, up, png)); err != nil {
		t.Fatal(err)
	}
	_, err = s.Verify(ctx, up.Key, files.Video, 0)
	var inv *files.InvalidFileError
	if !errors.As(err, &inv) || inv.Part != "filmFile" {
		t.Fatalf("want *InvalidFileError naming filmFile, got %v", err)
	}
	if keys := listKeys(t, client, ""); len(keys) != 0 {
		t.Errorf("rejected film kept: %v", keys)
	}
}

func TestVerifyMissingObject(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, files.Options{})
	_, err := s.Verify(context.Background(), "movies/1/filmFile-1-000000001.mp4", files.Video, 0)
	var inv *files.InvalidFileError
	if !errors.As(err, &inv) || inv.Part != "filmFile" {
		t.Fatalf("want *InvalidFileError for a missing upload, got %v", err)
	}
}

func TestStartUploadLimits(t *testing.T) {
	t.Parallel()
	s, client := newStore(t, files.Options{MaxVideoBytes: 1 << 30})
	ctx := context.Background()
	_, err := s.StartUpload(ctx, 1, "filmFile", files.Video, 1<<30+1)
	var tl *files.TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1<<30 {
		t.Errorf("want *TooLargeError, got %v", err)
	}
	if _, err := s.StartUpload(ctx, 1, "filmFile", files.Video, 0); !errors.Is(err, files.ErrInvalid) {
		t.Errorf("size 0: want ErrInvalid, got %v", err)
	}
	if _, err := s.StartUpload(ctx, 1, "thumbnail1", files.Image, 100); err == nil {
		t.Error("images must not use the multipart direct flow")
	}
	if _, err := s.StartUpload(ctx, 1, "../x", files.Video, 100); err == nil {
		t.Error("unsafe part name accepted")
	}
	if n := countUploads(t, client); n != 0 {
		t.Errorf("refused uploads were created: %d", n)
	}

	// A 1 GiB film with the default 16 MiB parts makes 64 URLs; AbortUpload
	// discards it, twice without error.
	up, err := s.StartUpload(ctx, 1, "filmFile", files.Video, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if up.PartSize != 16<<20 || len(up.Parts) != 64 {
		t.Errorf("part size %d, %d parts", up.PartSize, len(up.Parts))
	}
	for range 2 {
		if err := s.AbortUpload(ctx, up.Key, up.UploadID); err != nil {
			t.Errorf("AbortUpload: %v", err)
		}
	}
}

// failingHTTP fails every request, as an unreachable S3 does.
type failingHTTP struct{}

func (failingHTTP) Do(*http.Request) (*http.Response, error) {
	return nil, errors.New("connection refused")
}

func TestCompleteUploadTellsTheClientsMistakesFromFailures(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, files.Options{DirectPartSize: 5 << 20})
	ctx := context.Background()
	up, err := s.StartUpload(ctx, 21, "subtitlesSrt", files.Subtitle, int64(len(filestest.SRT())))
	if err != nil {
		t.Fatal(err)
	}
	parts := putParts(t, up, filestest.SRT())

	// The client's mistakes: an unknown upload id, an ETag that is not the part's.
	err = s.CompleteUpload(ctx, up.Key, "no-such-upload", parts)
	if !errors.Is(err, files.ErrUploadRefused) {
		t.Errorf("unknown upload id: %v, want ErrUploadRefused", err)
	}
	err = s.CompleteUpload(ctx, up.Key, up.UploadID, []files.CompletedPart{{Number: 1, ETag: `"0123456789abcdef0123456789abcdef"`}})
	if !errors.Is(err, files.ErrUploadRefused) {
		t.Errorf("wrong ETag: %v, want ErrUploadRefused", err)
	}

	// S3 out of reach is not the client's mistake.
	down := files.New(s3.New(s3.Options{Region: "us-east-1", HTTPClient: failingHTTP{}, RetryMaxAttempts: 1,
		BaseEndpoint: aws.String("http://127.0.0.1:1"), UsePathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider("k", "s", "")}), nil, bucket, files.Options{})
	err = down.CompleteUpload(ctx, up.Key, up.UploadID, parts)
	if err == nil || errors.Is(err, files.ErrUploadRefused) {
		t.Errorf("S3 down: %v, want a failure that is not ErrUploadRefused", err)
	}
}
