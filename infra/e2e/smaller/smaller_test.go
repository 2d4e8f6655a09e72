// Package smaller_test proves, end to end on the local stack, the smaller
// points of the committee's working day that the API answers: no award to
// a refused film, and the public cards' pictures (GET /movies/{id}/poster).
package smaller_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/texts"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestNoAwardToARefusedFilm(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	refused := api.Upload(t, prod.Token, "Le Refusé")
	kept := api.Upload(t, prod.Token, "Le Gardé")
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", refused), admin.Token, map[string]any{"status": "REJECTED"}).Expect(http.StatusOK)

	// Refused, in either vocabulary: 409 in the festival's words, nothing written.
	want := texts.T(texts.French, texts.AwardFilmRefused)
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": refused, "name": "Grand prix"}).ExpectError(http.StatusConflict, want)
	m := api.Do("GET", fmt.Sprintf("/movies/%d", refused), admin.Token, nil).Expect(http.StatusOK).JSON()
	if m["selection_status"] != "refused" || len(m["Awards"].([]any)) != 0 {
		t.Fatalf("the refused film after the refused award: %v, %v", m["selection_status"], m["Awards"])
	}
	if aw := api.Do("GET", "/awards", admin.Token, nil).Expect(http.StatusOK).List(); len(aw) != 0 {
		t.Fatalf("GET /awards = %v, want none", aw)
	}
	// In English, the English words.
	en := api.WithHeader("Accept-Language", "en")
	en.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": refused, "name": "Grand prix"}).
		ExpectError(http.StatusConflict, texts.T(texts.English, texts.AwardFilmRefused))

	// A film still in the running (submitted) is awarded as the spec shows.
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": kept, "name": "Grand prix"}).Expect(http.StatusCreated)

	// The decision changed back: the film may be awarded again.
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", refused), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": refused, "name": "Prix du jury"}).Expect(http.StatusCreated)
}

func TestPosterOfAPublicCard(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	withPoster := upload(t, api, prod, "Avec affiche", "poster")
	withThumb := upload(t, api, prod, "Avec vignette", "thumbnail1")
	bare := upload(t, api, prod, "Sans image")

	// Signed out, the public follows the link to the picture itself.
	for film, part := range map[int64]string{withPoster: "poster-", withThumb: "thumbnail1-"} {
		status, loc, body := get(t, api, film, "")
		if status != http.StatusFound || !strings.Contains(loc, part) || !strings.Contains(body, loc) {
			t.Fatalf("GET /movies/%d/poster: %d %q %s, want 302 to the %s file", film, status, loc, body, part)
		}
		resp, err := http.Get(loc)
		if err != nil {
			t.Fatal(err)
		}
		img, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(img, filestest.PNG()) {
			t.Fatalf("the picture's link answers %d, %d bytes", resp.StatusCode, len(img))
		}
	}
	// No picture: 404 in words, which the card replaces with its placeholder.
	api.Do("GET", fmt.Sprintf("/movies/%d/poster", bare), "", nil).ExpectError(http.StatusNotFound, texts.T(texts.French, texts.PosterNone))
	// A film the public may not read (withdrawn) is not found, picture or not.
	api.Do("POST", fmt.Sprintf("/movies/%d/withdraw", withPoster), prod.Token, map[string]any{"reason": "Retenu ailleurs"}).Expect(http.StatusOK)
	api.Do("GET", fmt.Sprintf("/movies/%d/poster", withPoster), "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	// Its admins still reach it.
	if status, loc, _ := get(t, api, withPoster, admin.Token); status != http.StatusFound || !strings.Contains(loc, "poster-") {
		t.Fatalf("the admin's GET /movies/%d/poster: %d %q", withPoster, status, loc)
	}
	// An id that is no film's, as every /movies/{id} route answers it.
	api.Do("GET", "/movies/abc/poster", "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", fmt.Sprintf("/movies/%d/poster", bare+1000), "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
}

// upload submits a film with the given picture parts (PNG).
func upload(t *testing.T, api *apitest.API, prod apitest.Account, title string, pictures ...string) int64 {
	t.Helper()
	f := apitest.NewMultipart().Field("title", title).File("filmFile", "film.mp4", filestest.MP4())
	for _, p := range pictures {
		f = f.File(p, "a.png", filestest.PNG())
	}
	m := api.Do("POST", "/movies/upload", prod.Token, f.Close()).Expect(http.StatusCreated).JSON()["movie"].(map[string]any)
	return int64(m["id_movie"].(float64))
}

// get reads GET /movies/{id}/poster without following its redirect.
func get(t *testing.T, api *apitest.API, id int64, token string) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/movies/%d/poster", api.URL, id), nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), strings.ReplaceAll(string(body), `\u0026`, "&")
}
