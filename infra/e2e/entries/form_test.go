// Package entries_test proves the festival's own form end to end, through
// HTTP on the local API: the form's definition, answers of every kind in a
// submission, their visibility per audience, their edits by the producer
// and an admin, and file answers.
package entries_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// festivalForm asks one question of each kind, one of the Fiction
// category's films only, and one frozen an hour ago.
func festivalForm(fiction int64, frozenFrom time.Time) map[string]any {
	q := func(id, label, kind, visibility string, extra ...any) map[string]any {
		m := map[string]any{"id": id, "label": label, "kind": kind, "visibility": visibility}
		for i := 0; i+1 < len(extra); i += 2 {
			m[extra[i].(string)] = extra[i+1]
		}
		return m
	}
	return map[string]any{"questions": []any{
		q("premiere", "Première mondiale ?", "yes_no", "public", "required", true),
		q("budget", "Budget", "number", "jury", "min", 0, "max", 1e9),
		q("tagline", "Accroche", "text", "public"),
		q("notes", "Notes", "long_text", "admins"),
		q("shot_on", "Fin du tournage", "date", "jury"),
		q("site", "Site du film", "url", "public"),
		q("format", "Format", "choice", "public", "choices", []string{"court", "long"}),
		q("langs", "Langues", "choices", "jury", "choices", []string{"fr", "en", "de"}),
		q("dossier", "Dossier de presse", "file", "admins"),
		q("genre", "Genre de fiction", "text", "public", "category", fiction),
		q("credits", "Générique", "text", "public", "frozen_from", frozenFrom.UTC().Format(time.RFC3339)),
	}}
}

func answersOf(t *testing.T, r *apitest.Response) map[string]any {
	t.Helper()
	body := r.JSON()
	if m, ok := body["movie"].(map[string]any); ok {
		body = m
	}
	a, _ := body["answers"].(map[string]any)
	return a
}

func keys(m map[string]any) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return strings.Join(ks, ",")
}

// noRedirect reads a GET without following its redirect.
func noRedirect(t *testing.T, api *apitest.API, path, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", api.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

func TestTheFestivalsOwnForm(t *testing.T) {
	t.Parallel()
	api, clock := apitest.StartOnClock(t)
	admin, prod, juror := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("JURY")
	cat := api.Do("POST", "/categories", admin.Token, map[string]any{"name": "Fiction"}).Expect(http.StatusCreated).JSON()["newCategory"].(map[string]any)
	fiction := int64(cat["id_categorie"].(float64))

	// The form: refusals name the question; then saved whole, read by anyone.
	api.Do("PUT", "/settings/form", admin.Token, map[string]any{"questions": []any{map[string]any{"id": "x", "kind": "text", "visibility": "public"}}}).
		ExpectError(http.StatusBadRequest, "questions[0].label : l'intitulé est requis, sur une ligne, 200 caractères au plus")
	bad := festivalForm(999, clock.Now())
	api.Do("PUT", "/settings/form", admin.Token, bad).ExpectError(http.StatusBadRequest, "Question « Genre de fiction » : la catégorie 999 n'existe pas")
	api.Do("PUT", "/settings/form", prod.Token, festivalForm(fiction, clock.Now())).Expect(http.StatusForbidden)
	saved := api.Do("PUT", "/settings/form", admin.Token, festivalForm(fiction, clock.Now().Add(-time.Hour))).Expect(http.StatusOK).JSON()
	if qs := saved["questions"].([]any); len(qs) != 11 || saved["updatedAt"] == nil {
		t.Fatalf("saved form %v", saved)
	}
	api.Do("PUT", "/settings/form", admin.Token, map[string]any{"questions": []any{}, "updatedAt": "2020-01-01T00:00:00.000Z"}).
		ExpectError(http.StatusConflict, "Le formulaire a été modifié entre-temps : rechargez-le avant de l'enregistrer")
	if qs := api.Do("GET", "/settings/form", "", nil).Expect(http.StatusOK).JSON()["questions"].([]any); len(qs) != 11 {
		t.Errorf("the public form has %d questions, want 11", len(qs))
	}
	if qs := api.Do("GET", "/settings/form?category=999", "", nil).Expect(http.StatusOK).JSON()["questions"].([]any); len(qs) != 10 {
		t.Errorf("another category's form has %d questions, want the 10 festival-wide", len(qs))
	}

	// A submission with an answer of each kind, as JSON and as form text.
	answers, _ := json.Marshal(map[string]any{"premiere": true, "budget": 12500.5, "tagline": "Une nuit à Marseille",
		"notes": "Ligne 1\nLigne 2", "shot_on": "2025-11-30", "site": "https://example.org/film", "format": "court",
		"genre": "polar", "credits": "Équipe"})
	upload := apitest.NewMultipart().Field("title", "Nuit blanche").Field("categories", fmt.Sprintf("[%d]", fiction)).
		Field("answers", string(answers)).Field("answer.langs", "fr").Field("answer.langs", "de").
		File("answer.dossier", "dossier de presse.pdf", filestest.PDF()).Close()
	film := api.Do("POST", "/movies/upload", prod.Token, upload).Expect(http.StatusCreated).JSON()["movie"].(map[string]any)
	id := int64(film["id_movie"].(float64))
	got := film["answers"].(map[string]any)
	if keys(got) != "budget,credits,dossier,format,genre,langs,notes,premiere,shot_on,site,tagline" ||
		got["budget"] != 12500.5 || got["premiere"] != true || fmt.Sprint(got["langs"]) != "[fr de]" ||
		got["dossier"].(map[string]any)["content_type"] != "application/pdf" || got["dossier"].(map[string]any)["name"] != "dossier de presse.pdf" {
		t.Errorf("answers submitted: %v", got)
	}

	// Refused submissions: a file that is no PDF or image, a value of the
	// wrong kind, a question not asked of the film's categories.
	refused := []struct {
		form *apitest.Multipart
		want string
	}{
		{apitest.NewMultipart().Field("title", "X").File("answer.dossier", "dossier.pdf", []byte("pas un PDF du tout\n")).Close(),
			"Fichier invalide pour la partie answer.dossier : un PDF ou une image JPEG, PNG ou WebP est attendu"},
		{apitest.NewMultipart().Field("title", "X").Field("answers", `{"budget": 1.234}`).Close(),
			"Question « Budget » : la réponse est un nombre d'au plus 2 décimales"},
		{apitest.NewMultipart().Field("title", "X").Field("answer.shot_on", "2025-02-30").Close(),
			"Question « Fin du tournage » : la réponse est une date réelle au format AAAA-MM-JJ"},
		{apitest.NewMultipart().Field("title", "X").Field("answers", `{"genre": "polar"}`).Close(),
			"Question « Genre de fiction » : la question n'est pas posée aux films de ses catégories"},
		{apitest.NewMultipart().Field("title", "X").Field("answers", `{"nope": 1}`).Close(),
			"Question inconnue : nope (le formulaire du festival ne la pose pas)"},
	}
	for _, r := range refused {
		api.Do("POST", "/movies/upload", prod.Token, r.form).ExpectErrorAbout(http.StatusBadRequest, r.want)
	}
	if n := len(api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List()); n != 1 {
		t.Errorf("the producer has %d films after the refusals, want 1", n)
	}

	// Each audience reads the answers its questions allow.
	path := fmt.Sprintf("/movies/%d", id)
	for _, who := range []struct {
		name, token, want string
	}{
		{"anonymous", "", "credits,format,genre,premiere,site,tagline"},
		{"a juror", juror.Token, "budget,credits,format,genre,langs,premiere,shot_on,site,tagline"},
		{"the producer", prod.Token, "budget,credits,dossier,format,genre,langs,notes,premiere,shot_on,site,tagline"},
		{"an admin", admin.Token, "budget,credits,dossier,format,genre,langs,notes,premiere,shot_on,site,tagline"},
	} {
		if got := keys(answersOf(t, api.Do("GET", path, who.token, nil).Expect(http.StatusOK))); got != who.want {
			t.Errorf("%s reads %s, want %s", who.name, got, who.want)
		}
	}
	list := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List()
	if got := keys(list[0]["answers"].(map[string]any)); got != "credits,format,genre,premiere,site,tagline" {
		t.Errorf("the public list shows %s", got)
	}
	dossier := path + "/answers/dossier"
	if status, _ := noRedirect(t, api, dossier, ""); status != http.StatusForbidden {
		t.Errorf("anonymous reads the admins' file: %d", status)
	}
	if status, loc := noRedirect(t, api, dossier, admin.Token); status != http.StatusFound || !strings.Contains(loc, "answer_dossier-") {
		t.Errorf("an admin's link: %d %q", status, loc)
	}
	api.Do("GET", path+"/answers/site", admin.Token, nil).ExpectError(http.StatusNotFound, "Ce film n'a pas de fichier en réponse à cette question")

	// The producer edits: changes, clears, and a frozen answer is refused
	// to them but not to an admin.
	edited := api.Do("PUT", path+"/answers", prod.Token, map[string]any{"answers": map[string]any{"budget": 9000, "tagline": nil, "premiere": true}}).
		Expect(http.StatusOK)
	if a := answersOf(t, edited); a["budget"] != 9000.0 || a["tagline"] != nil || a["premiere"] != true {
		t.Errorf("answers after the producer's edit: %v", a)
	}
	audit := api.Do("GET", "/audit?action=movie.answers", admin.Token, nil).Expect(http.StatusOK).List()
	if len(audit) != 1 || audit[0]["details"].(map[string]any)["questions"] != "budget,tagline" {
		t.Errorf("audit of the edit: %v", audit)
	}
	api.Do("PUT", path+"/answers", prod.Token, map[string]any{"answers": map[string]any{"credits": "Autre équipe"}}).
		ExpectErrorAbout(http.StatusConflict, "Question « Générique » : la réponse est figée depuis le")
	api.Do("PUT", path+"/answers", juror.Token, map[string]any{"answers": map[string]any{"budget": 1}}).Expect(http.StatusForbidden)
	other := api.Register("PRODUCER")
	api.Do("PUT", path+"/answers", other.Token, map[string]any{"answers": map[string]any{"budget": 1}}).Expect(http.StatusForbidden)
	if a := answersOf(t, api.Do("PUT", path+"/answers", admin.Token, map[string]any{"answers": map[string]any{"credits": "Autre équipe"}}).
		Expect(http.StatusOK)); a["credits"] != "Autre équipe" {
		t.Errorf("an admin's change of a frozen answer: %v", a)
	}

	// A file answer replaced, then removed: the old object goes once the
	// film points at the new one.
	_, oldLink := noRedirect(t, api, dossier, admin.Token)
	api.Do("PUT", dossier, prod.Token, apitest.NewMultipart().File("file", "fiche.txt", []byte("texte")).Close()).
		ExpectErrorAbout(http.StatusBadRequest, "un PDF ou une image JPEG, PNG ou WebP est attendu")
	replaced := api.Do("PUT", dossier, prod.Token, apitest.NewMultipart().File("file", "affiche.webp", filestest.WebP()).Close()).Expect(http.StatusOK)
	if f := answersOf(t, replaced)["dossier"].(map[string]any); f["content_type"] != "image/webp" || f["name"] != "affiche.webp" {
		t.Errorf("file answer after its replacement: %v", f)
	}
	if resp, err := http.Get(oldLink); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("the replaced file is still in the bucket (%v, %v)", resp.StatusCode, err)
	}
	api.Do("PUT", path+"/answers/tagline", prod.Token, apitest.NewMultipart().File("file", "a.pdf", filestest.PDF()).Close()).
		ExpectError(http.StatusBadRequest, "Question « Accroche » : la question n'attend pas de fichier")
	gone := api.Do("DELETE", dossier, prod.Token, nil).Expect(http.StatusOK)
	if _, has := answersOf(t, gone)["dossier"]; has {
		t.Error("the file answer is still on the film after its deletion")
	}
}
