package apitest

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// MovieForm is a complete valid submission form (a film, two stills and
// subtitles); pairs of extra replace or add text fields.
func MovieForm(title string, extra ...string) *Multipart {
	fields := [][2]string{{"title", title}, {"synopsis", "Un synopsis."}, {"duration", "95"},
		{"release_year", "2024"}, {"language", "fr"}}
	for i := 0; i+1 < len(extra); i += 2 {
		replaced := false
		for j := range fields {
			if fields[j][0] == extra[i] {
				fields[j][1], replaced = extra[i+1], true
			}
		}
		if !replaced {
			fields = append(fields, [2]string{extra[i], extra[i+1]})
		}
	}
	f := NewMultipart()
	for _, kv := range fields {
		f.Field(kv[0], kv[1])
	}
	return f.File("filmFile", "film.mp4", filestest.MP4()).
		File("thumbnail1", "a.png", filestest.PNG()).
		File("thumbnail2", "b.jpg", filestest.JPEG()).
		File("subtitlesSrt", "st.srt", filestest.SRT()).
		Close()
}

// Upload submits a valid film (MovieForm) as the producer and returns its id.
func (a *API) Upload(t testing.TB, token, title string) int64 {
	t.Helper()
	r := a.Do("POST", "/movies/upload", token, MovieForm(title)).Expect(http.StatusCreated)
	return int64(r.JSON()["movie"].(map[string]any)["id_movie"].(float64))
}

// StoreFilm stores a film of owner straight through the store (as an upload
// would leave it, without files), for tests that need no media. m gives the
// title and anything else; its status defaults to submitted.
func (a *API) StoreMovie(t testing.TB, owner Account, m festival.Movie) int64 {
	t.Helper()
	st := a.Server.Deps.Store
	ctx := context.Background()
	id, err := st.NewMovieID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := festival.NewTime(time.Now())
	m.ID, m.OwnerID, m.CreatedAt, m.UpdatedAt = id, owner.ID, now, now
	m.Producer = &festival.Producer{ID: owner.ID, FirstName: "Prénom", LastName: "Nom"}
	if m.SelectionStatus == "" {
		m.SelectionStatus = festival.StatusSubmitted
	}
	if err := st.CreateMovie(ctx, m, festival.Admission{}); err != nil {
		t.Fatal(err)
	}
	return id
}

// PutParts PUTs a direct upload's parts (the answer of POST
// /movies/{id}/uploads) to their presigned URLs and returns the parts as
// POST /movies/{id}/uploads/complete names them.
func PutParts(t *testing.T, started map[string]any, content []byte) []map[string]any {
	t.Helper()
	var done []map[string]any
	off := 0
	for _, p := range started["parts"].([]any) {
		part := p.(map[string]any)
		size := int(part["size"].(float64))
		req, _ := http.NewRequest("PUT", part["url"].(string), bytes.NewReader(content[off:off+size]))
		off += size
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("PUT part: %d", resp.StatusCode)
		}
		done = append(done, map[string]any{"number": part["number"], "etag": resp.Header.Get("ETag")})
	}
	return done
}
