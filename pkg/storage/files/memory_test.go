package files_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/festivalapi/festival/pkg/storage/files"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// discardS3 is the least of S3 that Put's uploader calls, keeping nothing:
// gofakes3 holds objects in memory, which would hide the uploader's own use.
func discardS3() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		q := r.URL.Query()
		w.Header().Set("Content-Type", "application/xml")
		switch {
		case r.Method == http.MethodPost && q.Has("uploads"): // CreateMultipartUpload
			fmt.Fprint(w, `<InitiateMultipartUploadResult><UploadId>u1</UploadId></InitiateMultipartUploadResult>`)
		case r.Method == http.MethodPut: // UploadPart or PutObject
			w.Header().Set("ETag", `"`+q.Get("partNumber")+`"`)
		case r.Method == http.MethodPost && q.Has("uploadId"): // CompleteMultipartUpload
			fmt.Fprint(w, `<CompleteMultipartUploadResult><ETag>"x-1"</ETag></CompleteMultipartUploadResult>`)
		case r.Method == http.MethodPost && q.Has("delete"): // DeleteObjects
			fmt.Fprint(w, `<DeleteResult></DeleteResult>`)
		case r.Method == http.MethodDelete: // AbortMultipartUpload
			w.WriteHeader(http.StatusNoContent)
		default:
			http.Error(w, "unexpected "+r.Method+" "+r.URL.String(), http.StatusBadRequest)
		}
	})
}

// putLarge streams a generated film of size bytes through Put to a
// discarding server and returns the peak heap growth.
func putLarge(tb testing.TB, size int64) uint64 {
	srv := httptest.NewServer(discardS3())
	defer srv.Close()
	client, presign := filestest.NewClient(srv.URL)
	s := files.New(client, presign, bucket, files.Options{MaxUploadBytes: 1 << 40})
	var err error
	var st files.Stored
	peak := filestest.PeakHeap(func() {
		st, err = s.Put(context.Background(), 1, "filmFile", files.Video, filestest.LargeMP4(size))
	})
	if err != nil {
		tb.Fatalf("Put: %v", err)
	}
	if st.Size < size {
		tb.Fatalf("stored %d bytes, want more than %d", st.Size, size)
	}
	return peak
}

// BenchmarkPutLargeVideo shows Put's memory does not grow with the film:
// compare peak-heap-MB of the 50 MiB and 200 MiB runs.
//
//	go test -run xxx -bench PutLargeVideo -benchtime 1x ./pkg/storage/files/
func BenchmarkPutLargeVideo(b *testing.B) {
	for _, mib := range []int64{50, 200} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			size := mib << 20
			b.SetBytes(size)
			var worst uint64
			for b.Loop() {
				worst = max(worst, putLarge(b, size))
			}
			b.ReportMetric(float64(worst)/(1<<20), "peak-heap-MB")
		})
	}
}

// TestPutMemoryBounded is the benchmark's claim as a test: a 120 MiB film
// must go through Put with a small, fixed amount of heap.
func TestPutMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 120 MiB")
	}
	const limit = 40 << 20
	if peak := putLarge(t, 120<<20); peak > limit {
		t.Errorf("peak heap growth %d MiB while storing a 120 MiB film, want under %d MiB", peak>>20, limit>>20)
	} else {
		t.Logf("peak heap growth %.1f MiB", float64(peak)/(1<<20))
	}
}
