package languages_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

type preview struct {
	PlanID string `json:"plan_id"`
	Films  []struct {
		ID     int64   `json:"id_movie"`
		Juries []int64 `json:"juries"`
	} `json:"films"`
	Loads []struct {
		ID        int64    `json:"id_user"`
		Languages []string `json:"languages"`
	} `json:"loads"`
	Short []struct {
		ID     int64  `json:"id_movie"`
		Reason string `json:"reason"`
	} `json:"short"`
	Unassignable []struct {
		ID        int64    `json:"id_movie"`
		Title     string   `json:"title"`
		Reason    string   `json:"reason"`
		Languages []string `json:"languages"`
	} `json:"unassignable"`
}

// profile sets a member's jury profile with the body given and returns the
// languages the answer shows.
func profile(t *testing.T, api *apitest.API, token string, body map[string]any) string {
	t.Helper()
	return fmt.Sprint(api.Do("PUT", "/users/me/jury-profile", token, body).Expect(http.StatusOK).JSON()["languages"])
}

func TestJurorsDeclareTheirLanguages(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, juror := api.Register("ADMIN"), api.Register("JURY")
	none := map[string]any{"categories": []int64{}, "conflicts": []int64{}}
	if got := fmt.Sprint(api.Do("GET", "/users/me/jury-profile", juror.Token, nil).Expect(http.StatusOK).JSON()["languages"]); got != "[]" {
		t.Fatalf("a new member's languages %s, want []", got)
	}
	if got := profile(t, api, juror.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": []string{"FR", "en", "fr"}}); got != "[en fr]" {
		t.Fatalf("languages %s, want [en fr]: lower case, sorted, once each", got)
	}
	// A client that knows only categories and conflicts keeps the languages.
	if got := profile(t, api, juror.Token, none); got != "[en fr]" {
		t.Fatalf("languages %s after a PUT without them, want them kept", got)
	}
	api.Do("PUT", "/users/me/jury-profile", juror.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": []string{"fr", "xx"}}).
		ExpectError(http.StatusBadRequest, `Code de langue invalide : "xx" (un code ISO 639-1 à deux lettres est attendu, par exemple fr, en, es)`)
	api.Do("PUT", "/users/me/jury-profile", juror.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": "fr"}).
		ExpectError(http.StatusBadRequest, "Le champ languages doit être une liste de codes de langue ISO 639-1")
	api.Do("PUT", "/users/me/jury-profile", juror.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{},
		"languages": []string{"aa", "ab", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az"}}).
		ExpectError(http.StatusBadRequest, "Une liste de langues compte au plus 10 langues")
	api.Do("PUT", "/users/me/jury-profile", juror.Token, map[string]any{"languages": []string{"fr"}}).ExpectErrorAbout(http.StatusBadRequest, "Le corps doit être")
	// An admin sets them too, and reads them.
	api.Do("PUT", fmt.Sprintf("/users/%d/jury-profile", juror.ID), admin.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": []string{"de"}}).Expect(http.StatusOK)
	if got := fmt.Sprint(api.Do("GET", fmt.Sprintf("/users/%d/jury-profile", juror.ID), admin.Token, nil).Expect(http.StatusOK).JSON()["languages"]); got != "[de]" {
		t.Fatalf("the admin reads %s, want [de]", got)
	}
	if got := profile(t, api, juror.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": nil}); got != "[]" {
		t.Fatalf("languages %s after null, want [] (cleared)", got)
	}
}

func TestTheAssignmentGivesAFilmOnlyToJurorsWhoUnderstandIt(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	french, english, spanish := api.Register("JURY"), api.Register("JURY"), api.Register("JURY")
	for j, langs := range map[string][]string{french.Token: {"fr"}, english.Token: {"en", "de"}, spanish.Token: {"es"}} {
		api.Do("PUT", "/users/me/jury-profile", j, map[string]any{"categories": []int64{}, "conflicts": []int64{}, "languages": langs}).Expect(http.StatusOK)
	}
	// Films declare their languages at submission (form fields), in the
	// producer's entry edit or in the admin's PUT; main_language "English"
	// names English plainly; the last film says nothing (anyone may judge it).
	upload := func(title string, fields ...string) int64 {
		r := api.Do("POST", "/movies/upload", prod.Token, apitest.MovieForm(title, fields...)).Expect(http.StatusCreated).JSON()
		return int64(r["movie"].(map[string]any)["id_movie"].(float64))
	}
	frFilm := upload("Le Rayon vert", "original_language", "fr", "language", "")
	enFrFilm := upload("Brief Encounter", "original_language", "EN", "subtitle_languages", "fr")
	jaFilm := upload("Tokyo Story", "language", "")
	derived := upload("The Lady Vanishes", "language", "English")
	unknown := upload("Sans paroles", "language", "")
	m := api.Do("PUT", fmt.Sprintf("/movies/%d/entry", jaFilm), prod.Token, map[string]any{"originalLanguage": "ja", "subtitle_languages": []string{}}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	if m["original_language"] != "ja" || m["subtitle_languages"] != nil {
		t.Fatalf("after the entry edit: original %v, subtitles %v; want ja and none", m["original_language"], m["subtitle_languages"])
	}
	api.Do("PUT", fmt.Sprintf("/movies/%d", jaFilm), admin.Token, map[string]any{"subtitle_languages": []string{"ko"}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d", jaFilm), admin.Token, map[string]any{"original_language": "japanese"}).
		ExpectError(http.StatusBadRequest, `Code de langue invalide : "japanese" (un code ISO 639-1 à deux lettres est attendu, par exemple fr, en, es)`)
	got := api.Do("GET", fmt.Sprintf("/movies/%d", enFrFilm), "", nil).Expect(http.StatusOK).JSON()
	if got["original_language"] != "en" || fmt.Sprint(got["subtitle_languages"]) != "[fr]" {
		t.Fatalf("the public reads original %v, subtitles %v; want en, [fr]", got["original_language"], got["subtitle_languages"])
	}

	var p preview
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 1}).Expect(http.StatusOK).Decode(&p)
	understands := map[int64][]int64{ // film -> the members who may take it
		frFilm: {french.ID}, enFrFilm: {french.ID, english.ID}, derived: {english.ID},
		unknown: {french.ID, english.ID, spanish.ID}, jaFilm: {},
	}
	planned := map[int64][]int64{}
	for _, f := range p.Films {
		planned[f.ID] = f.Juries
		for _, j := range f.Juries {
			if !slices.Contains(understands[f.ID], j) {
				t.Errorf("film %d given to %d, who understands none of its languages", f.ID, j)
			}
		}
	}
	if len(planned[jaFilm]) != 0 || len(p.Unassignable) != 1 || p.Unassignable[0].ID != jaFilm || p.Unassignable[0].Title != "Tokyo Story" ||
		p.Unassignable[0].Reason != "language" || fmt.Sprint(p.Unassignable[0].Languages) != "[ja ko]" {
		t.Fatalf("unassignable %+v, members of film %d %v; want Tokyo Story alone, for its languages [ja ko]", p.Unassignable, jaFilm, planned[jaFilm])
	}
	if len(p.Short) != 1 || p.Short[0].ID != jaFilm || p.Short[0].Reason != "language" {
		t.Fatalf("short %+v, want film %d short for language", p.Short, jaFilm)
	}
	for _, l := range p.Loads {
		if l.ID == english.ID && fmt.Sprint(l.Languages) != "[de en]" {
			t.Errorf("the preview shows member %d's languages as %v", l.ID, l.Languages)
		}
	}
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": p.PlanID}).Expect(http.StatusOK)
	for _, j := range []apitest.Account{french, english, spanish} {
		for _, m := range api.Do("GET", "/movies/assigned", j.Token, nil).Expect(http.StatusOK).List() {
			if id := int64(m["id_movie"].(float64)); !slices.Contains(understands[id], j.ID) {
				t.Errorf("member %d is assigned film %d, whose languages they do not understand", j.ID, id)
			}
		}
	}
	// By hand, the admin decides: the Spanish-speaking member may be given
	// the Japanese film.
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", jaFilm), admin.Token, map[string]any{"juries": []int64{spanish.ID}}).Expect(http.StatusOK)
}
