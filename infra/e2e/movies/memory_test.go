package movies_test

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// discardingS3 answers the S3 calls of an upload and keeps nothing, so that
// the measured memory is the API's, not the fake S3's (gofakes3 holds
// objects in memory).
type discardingS3 struct{}

func (discardingS3) Do(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close()
	}
	q := r.URL.Query()
	body, status := "", http.StatusOK
	h := http.Header{"Content-Type": {"application/xml"}}
	switch {
	case r.Method == http.MethodPost && q.Has("uploads"):
		body = `<InitiateMultipartUploadResult><UploadId>u1</UploadId></InitiateMultipartUploadResult>`
	case r.Method == http.MethodPut:
		h.Set("ETag", `"`+q.Get("partNumber")+`"`)
	case r.Method == http.MethodPost && q.Has("uploadId"):
		body = `<CompleteMultipartUploadResult><ETag>"x-1"</ETag></CompleteMultipartUploadResult>`
	case r.Method == http.MethodPost && q.Has("delete"):
		body = `<DeleteResult></DeleteResult>`
	case r.Method == http.MethodGet:
		body = `<ListBucketResult></ListBucketResult>`
	default:
		status = http.StatusNoContent
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)),
		ContentLength: int64(len(body)), Request: r}, nil
}

// vmHWM is the peak resident set size of this process so far, in MiB.
func vmHWM() float64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")), "%f", &kb)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkUploadLargeFilm sends a 200 MiB film through the movies
// function's handler for POST /movies/upload (HTTP, multipart streaming,
// content check, S3 multipart upload) and reports the peak heap growth and
// the process's peak RSS. The body is generated while it is sent, so neither
// side holds the film. It calls the handler directly, without the local
// server's edge: on AWS, and so locally, a request this large is refused
// before any function runs (413), and films travel straight to S3. What it
// proves is that the handler's memory does not grow with what it streams.
//
//	go test -run '^$' -bench UploadLargeFilm -benchtime 1x ./infra/e2e/movies/
func BenchmarkUploadLargeMovie(b *testing.B) {
	const size = 200 << 20
	api := apitest.Start(b, func(o *localserver.Options) {
		o.WrapS3 = func(aws.HTTPClient) aws.HTTPClient { return discardingS3{} }
		o.Getenv = func(k string) string {
			if k == "MAX_UPLOAD_BYTES" {
				return fmt.Sprint(size + (10 << 20))
			}
			return ""
		}
	})
	prod := api.Register("PRODUCER")
	handler, err := api.Server.Deps.Handler("movies")
	if err != nil {
		b.Fatal(err)
	}
	direct := httptest.NewServer(handler)
	defer direct.Close()
	for b.Loop() {
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			_ = mw.WriteField("title", "Long métrage")
			w, _ := mw.CreateFormFile("filmFile", "film.mp4")
			_, _ = io.Copy(w, filestest.LargeMP4(size))
			_ = mw.WriteField("duration", "7200")
			pw.CloseWithError(mw.Close())
		}()
		req, _ := http.NewRequest("POST", direct.URL+"/movies/upload", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+prod.Token)

		var resp *http.Response
		var err error
		growth := filestest.PeakHeap(func() { resp, err = http.DefaultClient.Do(req) })
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			b.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		b.ReportMetric(float64(growth)/(1<<20), "peak-heap-growth-MiB")
		b.ReportMetric(vmHWM(), "peak-RSS-MiB")
	}
	b.SetBytes(size)
}
