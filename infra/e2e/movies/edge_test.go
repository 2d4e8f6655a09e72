package movies_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// TestA20MBFilmGoesStraightToS3AndIsRefusedAsAFormAsOnAWS: the direct flow
// carries a feature-sized film, and the same film sent as a multipart form
// gets API Gateway's 413 before any function runs, leaving nothing behind.
func TestA20MBMovieGoesStraightToS3AndIsRefusedAsAFormAsOnAWS(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	var movie bytes.Buffer
	_, _ = io.Copy(&movie, filestest.LargeMP4(20<<20))

	t.Run("as a multipart form: 413 from the edge, no film, no object", func(t *testing.T) {
		form := apitest.NewMultipart().Field("title", "Long métrage").File("filmFile", "film.mp4", movie.Bytes()).Close()
		r := api.For(t).Do("POST", "/movies/upload", prod.Token, form).Expect(http.StatusRequestEntityTooLarge)
		if string(r.Body) != `{"message":"Request Entity Too Large"}` {
			t.Errorf("body %s, want API Gateway's", r.Body)
		}
		if mine := api.For(t).Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List(); len(mine) != 0 {
			t.Errorf("a refused form left %d film(s)", len(mine))
		}
		if keys := objects(t, api); len(keys) != 0 {
			t.Errorf("a refused form left objects %v", keys)
		}
	})

	t.Run("through the direct flow: stored, and served back byte for byte", func(t *testing.T) {
		started := time.Now()
		id := api.Upload(t, prod.Token, "Long métrage")
		path := fmt.Sprintf("/movies/%d/uploads", id)
		s := api.For(t).Do("POST", path, prod.Token, map[string]any{"part": "filmFile", "size": movie.Len()}).Expect(http.StatusCreated).JSON()
		parts := apitest.PutParts(t, s, movie.Bytes())
		api.For(t).Do("POST", path+"/complete", prod.Token, map[string]any{
			"part": "filmFile", "name": s["name"], "upload_id": s["upload_id"], "parts": parts,
		}).Expect(http.StatusOK)
		media := api.For(t).Do("GET", fmt.Sprintf("/movies/%d/media", id), prod.Token, nil).Expect(http.StatusOK).JSON()
		url := media["files"].(map[string]any)["trailer"].(map[string]any)["url"].(string)
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !bytes.Equal(got, movie.Bytes()) {
			t.Fatalf("the film served back has %d bytes, want the %d sent", len(got), movie.Len())
		}
		t.Logf("20 MB film: direct upload, completion and read back in %v", time.Since(started).Round(time.Millisecond))
	})
}

// TestAFunctionThatRunsPastItsTimeoutAnswersAsAPIGateway: Lambda stops the
// invocation and API Gateway answers 500 {"message":"Internal Server Error"}.
func TestAFunctionThatRunsPastItsTimeoutAnswersAsAPIGateway(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t, func(o *localserver.Options) { o.FunctionTimeout = time.Millisecond })
	// A login costs a bcrypt comparison (tens of milliseconds): past 1 ms.
	// Sent by hand: the edge's 500 is AWS's answer, not the API's contract.
	resp, err := http.Post(api.URL+"/auth/login", "application/json",
		bytes.NewReader([]byte(`{"email":"nobody@example.org","password":"motdepasse"}`)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError || string(body) != `{"message":"Internal Server Error"}` {
		t.Errorf("%d %s, want API Gateway's 500", resp.StatusCode, body)
	}
}

// TestAnUndeclaredRouteAnswersAsAPIGateway: no function sees it.
func TestAnUndeclaredRouteAnswersAsAPIGateway(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/nowhere"}, {"PATCH", "/movies/1"}, {"DELETE", "/movies"}, {"GET", "/movies/1/2/3"},
	} {
		r := api.Do(c.method, c.path, "", nil).Expect(http.StatusNotFound)
		if string(r.Body) != `{"message":"Not Found"}` {
			t.Errorf("%s %s: body %s, want API Gateway's", c.method, c.path, r.Body)
		}
	}
}
