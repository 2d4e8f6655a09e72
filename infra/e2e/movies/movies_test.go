package movies_test

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

func TestUploadStoresTheMovieAndItsFilesUnderTheMoviePrefix(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	putCategory(t, api, 1, "Court métrage")

	// Text fields after the files: the order of parts does not matter.
	form := apitest.NewMultipart().
		File("filmFile", "film.mp4", filestest.MP4()).
		File("thumbnail1", "a.png", filestest.PNG()).
		File("thumbnail2", "b.jpg", filestest.JPEG()).
		File("subtitlesSrt", "st.srt", filestest.SRT()).
		Field("title", "Le Voyage").
		Field("synopsis", "Un voyage.").
		Field("duration", "95").
		Field("release_year", "2024").
		Field("language", "fr").
		Field("nationality", "France").
		Field("categories", "[1]").
		Field("collaborators", `[{"first_name":"Ada","last_name":"L","email":"ada@example.org","job":"WRITER"}]`).
		Close()
	r := api.Do("POST", "/movies/upload", prod.Token, form).Expect(http.StatusCreated)
	m := r.JSON()["movie"].(map[string]any)
	id := int64(m["id_movie"].(float64))

	checks := map[string]any{
		"title": "Le Voyage", "synopsis": "Un voyage.", "main_language": "fr", "nationality": "France",
		"duration": float64(95), "release_year": float64(2024), "selection_status": "submitted",
		"status": "PENDING", "id_user": float64(prod.ID), "description": nil,
	}
	for k, want := range checks {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
	for field, re := range map[string]string{
		"trailer": `^filmFile-\d+-\d+\.mp4$`, "thumbnail": `^thumbnail1-\d+-\d+\.png$`,
		"picture1": `^thumbnail1-\d+-\d+\.png$`, "picture2": `^thumbnail2-\d+-\d+\.jpg$`,
		"display_picture": `^thumbnail1-\d+-\d+\.png$`, "subtitle": `^subtitlesSrt-\d+-\d+\.srt$`,
	} {
		if s, _ := m[field].(string); !regexp.MustCompile(re).MatchString(s) {
			t.Errorf("%s = %v, want %s", field, m[field], re)
		}
	}
	if cats := m["Categories"].([]any); len(cats) != 1 || cats[0].(map[string]any)["name"] != "Court métrage" {
		t.Errorf("Categories = %v", cats)
	}
	if c := m["Collaborators"].([]any); len(c) != 1 || c[0].(map[string]any)["email"] != "ada@example.org" {
		t.Errorf("Collaborators = %v", c)
	}
	if p := m["Producer"].(map[string]any); p["id_user"] != float64(prod.ID) || p["first_name"] != "PrénomPRODUCER" {
		t.Errorf("Producer = %v", p)
	}
	for _, k := range []string{"Awards", "Juries"} {
		if l, ok := m[k].([]any); !ok || len(l) != 0 {
			t.Errorf("%s = %v, want []", k, m[k])
		}
	}
	keys := objects(t, api)
	if len(keys) != 4 {
		t.Fatalf("objects %v, want the 4 files", keys)
	}
	for _, k := range keys {
		if !strings.HasPrefix(k, fmt.Sprintf("movies/%d/", id)) {
			t.Errorf("object %s is not under the film's prefix", k)
		}
	}

	got := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).Expect(http.StatusOK).JSON()
	if got["title"] != "Le Voyage" || got["trailer"] != m["trailer"] {
		t.Errorf("GET /movies/:id = %v", got)
	}
	if l := api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List(); len(l) != 1 || l[0]["title"] != "Le Voyage" {
		t.Errorf("/movies/mine = %v", l)
	}
	other := api.Register("PRODUCER")
	if l := api.Do("GET", "/movies/mine", other.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("another producer's /movies/mine = %v", l)
	}
	if l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(l) != 1 {
		t.Errorf("/movies = %v", l)
	}
}

func TestAnInvalidSubmissionAnswers400AndStoresNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	putCategory(t, api, 1, "Animation")
	cases := []struct {
		name string
		form *apitest.Multipart
		want string
	}{
		{"film part holds an image", apitest.NewMultipart().Field("title", "X").
			File("thumbnail1", "a.png", filestest.PNG()).File("filmFile", "f.mp4", filestest.PNG()).Close(),
			"Fichier invalide pour la partie filmFile : un film MP4 est attendu (pas un fichier MP4 : boîte ftyp absente)"},
		{"thumbnail holds a film", apitest.NewMultipart().Field("title", "X").
			File("filmFile", "f.mp4", filestest.MP4()).File("thumbnail2", "a.png", filestest.MP4()).Close(),
			"Fichier invalide pour la partie thumbnail2 : une image JPEG ou PNG est attendue (une vidéo n'est pas une image)"},
		{"subtitles are not SRT", apitest.NewMultipart().Field("title", "X").
			File("filmFile", "f.mp4", filestest.MP4()).File("subtitlesSrt", "a.srt", filestest.JPEG()).Close(),
			"Fichier invalide pour la partie subtitlesSrt : un fichier de sous-titres SRT est attendu (pas du texte UTF-8)"},
		{"title missing", apitest.NewMultipart().Field("duration", "3").
			File("filmFile", "f.mp4", filestest.MP4()).Close(), "Le titre du film est requis (champ title)"},
		{"duration not a number", apitest.MovieForm("X", "duration", "long"),
			"Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"duration negative", apitest.MovieForm("X", "duration", "-4"),
			"Durée invalide : un nombre entier positif est attendu (champ duration)"},
		{"unknown category", apitest.MovieForm("X", "categories", "[1, 99]"), "Catégories inconnues : 99"},
		{"unknown file part", apitest.NewMultipart().Field("title", "X").
			File("virus", "x.exe", []byte("MZ")).Close(),
			"Partie de fichier inconnue : virus (parties acceptées : filmFile, thumbnail1, thumbnail2, thumbnail3, poster, subtitlesSrt)"},
		{"same part twice", apitest.NewMultipart().Field("title", "X").
			File("filmFile", "f.mp4", filestest.MP4()).File("filmFile", "g.mp4", filestest.MP4()).Close(),
			"La partie filmFile est envoyée plusieurs fois"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := api.Do("POST", "/movies/upload", prod.Token, c.form).ExpectError(http.StatusBadRequest, c.want)
			if body := r.JSON(); len(body) != 2 || body["code"] == "" {
				t.Errorf("a 400 body is {error, code} only: %s", r.Body)
			}
			if keys := objects(t, api); len(keys) != 0 {
				t.Errorf("objects left behind: %v", keys)
			}
			if l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
				t.Errorf("films created: %v", l)
			}
		})
	}
	t.Run("JSON body instead of a form", func(t *testing.T) {
		api.Do("POST", "/movies/upload", prod.Token, map[string]any{"title": "X"}).
			ExpectError(http.StatusBadRequest, "Le corps de la requête doit être de type multipart/form-data")
	})
}

func TestMovieRoutesCheckTokenAndRole(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	id := api.Upload(t, prod.Token, "Film")
	p := func(s string) string { return fmt.Sprintf(s, id) }
	const (
		msgToken    = "Token invalide ou manquant"
		msgAdmin    = "Accès interdit. Rôle ADMIN requis."
		msgProducer = "Accès interdit. Rôle PRODUCER requis."
		msgJury     = "Accès interdit. Rôle JURY requis."
	)
	cases := []struct {
		method, path, token string
		status              int
		msg                 string
	}{
		{"GET", "/movies/mine", "", 401, msgToken},
		{"GET", "/movies/mine", "not-a-token", 401, msgToken},
		{"GET", "/movies/mine", jury.Token, 403, msgProducer},
		{"POST", "/movies/upload", "", 401, msgToken},
		{"POST", "/movies/upload", jury.Token, 403, msgProducer},
		{"GET", "/movies/assigned", "", 401, msgToken},
		{"GET", "/movies/assigned", prod.Token, 403, msgJury},
		{"PUT", p("/movies/%d"), "", 401, msgToken},
		{"PUT", p("/movies/%d"), prod.Token, 403, msgAdmin},
		{"PUT", p("/movies/%d/status"), jury.Token, 403, msgAdmin},
		{"PUT", p("/movies/%d/categories"), prod.Token, 403, msgAdmin},
		{"PUT", p("/movies/%d/juries"), jury.Token, 403, msgAdmin},
		{"PUT", p("/movies/%d/collaborators"), "", 401, msgToken},
		{"PUT", p("/movies/%d/collaborators"), jury.Token, 403, "Accès interdit. Rôle PRODUCER ou ADMIN requis."},
		{"PUT", p("/movies/%d/jury-candidate"), "", 401, msgToken},
		{"PUT", p("/movies/%d/jury-candidate"), prod.Token, 403, msgJury},
		{"DELETE", p("/movies/%d"), "", 401, msgToken},
		{"DELETE", p("/movies/%d"), prod.Token, 403, msgAdmin},
		{"GET", p("/movies/%d/media"), "", 401, msgToken},
		{"POST", p("/movies/%d/uploads"), jury.Token, 403, "Accès interdit. Rôle PRODUCER ou ADMIN requis."},
		{"GET", "/movies/999999", "", 404, "Film non trouvé"},
		{"GET", "/movies/abc", "", 404, "Film non trouvé"},
		{"GET", "/movies/0", "", 404, "Film non trouvé"},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.path+" "+fmt.Sprint(c.status), func(t *testing.T) {
			api.Do(c.method, c.path, c.token, nil).ExpectError(c.status, c.msg)
		})
	}
	if l := api.Do("GET", "/movies/"+fmt.Sprint(id), "", nil).Expect(http.StatusOK).JSON(); l["title"] != "Film" {
		t.Errorf("nothing should have changed: %v", l)
	}
}

func TestAdminReviewsAMovie(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury1, jury2 := api.Register("JURY"), api.Register("JURY")
	putCategory(t, api, 1, "Fiction")
	putCategory(t, api, 2, "Documentaire")
	id := api.Upload(t, prod.Token, "À revoir")
	path := fmt.Sprintf("/movies/%d", id)
	movie := func() map[string]any { return api.Do("GET", path, "", nil).Expect(http.StatusOK).JSON() }

	t.Run("status accepts both vocabularies and the selection_status key", func(t *testing.T) {
		for _, c := range []struct {
			body          map[string]any
			stored, shown string
		}{
			{map[string]any{"status": "VALIDATED"}, "assigned", "VALIDATED"},
			{map[string]any{"status": "to_discuss"}, "to_discuss", "VALIDATED"},
			{map[string]any{"selection_status": "finalist"}, "finalist", "CANDIDATE"},
			{map[string]any{"status": "REJECTED"}, "refused", "REJECTED"},
			{map[string]any{"status": "PENDING"}, "submitted", "PENDING"},
		} {
			m := api.Do("PUT", path+"/status", admin.Token, c.body).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
			if m["selection_status"] != c.stored || m["status"] != c.shown {
				t.Errorf("%v: %v/%v, want %s/%s", c.body, m["selection_status"], m["status"], c.stored, c.shown)
			}
		}
		api.Do("PUT", path+"/status", admin.Token, map[string]any{"status": "WINNER"}).
			ExpectError(http.StatusBadRequest, `Statut invalide : "WINNER" (valeurs possibles : PENDING, VALIDATED, CANDIDATE, REJECTED, ou submitted, assigned, to_discuss, candidate, awarded, refused, selected, finalist)`)
		api.Do("PUT", path+"/status", admin.Token, nil).ExpectError(http.StatusBadRequest, "Le champ status est requis")
		api.Do("PUT", "/movies/424242/status", admin.Token, map[string]any{"status": "PENDING"}).ExpectError(http.StatusNotFound, "Film non trouvé")
		if s := movie()["selection_status"]; s != "submitted" {
			t.Errorf("a refused status changed the film: %v", s)
		}
	})

	t.Run("status filter of the listing", func(t *testing.T) {
		api.Do("PUT", path+"/status", admin.Token, map[string]any{"status": "to_discuss"}).Expect(http.StatusOK)
		if l := api.Do("GET", "/movies?status=VALIDATED", "", nil).Expect(http.StatusOK).List(); len(l) != 1 {
			t.Errorf("VALIDATED: %v", l)
		}
		if l := api.Do("GET", "/movies?status=assigned", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Errorf("assigned: %v", l)
		}
		api.Do("GET", "/movies?status=nope", "", nil).Expect(http.StatusBadRequest)
	})

	t.Run("categories are assigned exactly, unknown ids change nothing", func(t *testing.T) {
		m := api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": []int{2, 1}}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
		if c := m["Categories"].([]any); len(c) != 2 || c[0].(map[string]any)["name"] != "Fiction" {
			t.Errorf("Categories = %v", c)
		}
		api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": []int{1, 7}}).
			ExpectError(http.StatusBadRequest, "Catégories inconnues : 7")
		api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": "pas une liste"}).
			ExpectError(http.StatusBadRequest, "Le champ categories doit être une liste d'identifiants entiers")
		if c := movie()["Categories"].([]any); len(c) != 2 {
			t.Errorf("a refused assignment changed the film: %v", c)
		}
		if l := api.Do("GET", "/movies?category=2", "", nil).Expect(http.StatusOK).List(); len(l) != 1 {
			t.Errorf("?category=2: %v", l)
		}
		m = api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": []int{1}}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
		if c := m["Categories"].([]any); len(c) != 1 {
			t.Errorf("Categories = %v", c)
		}
		if l := api.Do("GET", "/movies?category=2", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Errorf("?category=2 after removal: %v", l)
		}
	})

	t.Run("juries are assigned exactly and see the film", func(t *testing.T) {
		api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury1.ID, prod.ID, 99999}}).
			ExpectError(http.StatusBadRequest, fmt.Sprintf("Utilisateurs inconnus ou sans le rôle JURY : %d, 99999", prod.ID))
		if j := movie()["Juries"].([]any); len(j) != 0 {
			t.Errorf("a refused assignment changed the film: %v", j)
		}
		m := api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juryIds": []int64{jury1.ID, jury2.ID}}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
		j := m["Juries"].([]any)
		if len(j) != 2 || j[0].(map[string]any)["id_user"] != float64(jury1.ID) || j[0].(map[string]any)["role"] != "JURY" || j[0].(map[string]any)["email"] != jury1.Email {
			t.Errorf("Juries = %v", j)
		}
		if l := api.Do("GET", "/movies/assigned", jury2.Token, nil).Expect(http.StatusOK).List(); len(l) != 1 || l[0]["id_movie"] != float64(id) {
			t.Errorf("jury2 assigned = %v", l)
		}
		api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury1.ID}}).Expect(http.StatusOK)
		if l := api.Do("GET", "/movies/assigned", jury2.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Errorf("jury2 still assigned: %v", l)
		}
	})

	t.Run("partial update of the editable fields", func(t *testing.T) {
		m := api.Do("PUT", path, admin.Token, map[string]any{"title": "Revu", "admin_comment": "ok", "releaseYear": 2023}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
		if m["title"] != "Revu" || m["admin_comment"] != "ok" || m["release_year"] != float64(2023) || m["synopsis"] != "Un synopsis." {
			t.Errorf("updated film = %v", m)
		}
		for body, msg := range map[string]string{
			`{"title": ""}`:               "Le titre du film est requis (champ title)",
			`{"duration": 1.5}`:           "Durée invalide : un nombre entier positif est attendu (champ duration)",
			`{"youtube_link": "ftp://x"}`: "Le champ youtube_link doit être une adresse http(s) valide",
			`{"id_movie": 3}`:             "Aucun champ modifiable n'a été envoyé",
			`[1]`:                         "Le corps de la requête doit être un objet JSON valide",
		} {
			api.Do("PUT", path, admin.Token, body).ExpectError(http.StatusBadRequest, msg)
		}
		if movie()["title"] != "Revu" {
			t.Error("a refused update changed the film")
		}
	})

	t.Run("every review step is in the audit trail", func(t *testing.T) {
		actions := auditActions(t, api)
		for _, a := range []string{"movie.status", "movie.categories", "movie.juries", "movie.update"} {
			if !slices.Contains(actions, a) {
				t.Errorf("audit trail %v lacks %s", actions, a)
			}
		}
	})
}

func TestCollaboratorsAreReplacedByTheOwnerOrAnAdmin(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	owner, other := api.Register("PRODUCER"), api.Register("PRODUCER")
	id := api.Upload(t, owner.Token, "Film")
	path := fmt.Sprintf("/movies/%d/collaborators", id)
	body := map[string]any{"collaborators": []map[string]any{
		{"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.org", "job": "WRITER"},
		{"firstName": "Alan", "lastName": "Turing"},
	}}
	m := api.Do("PUT", path, owner.Token, body).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	c := m["Collaborators"].([]any)
	if len(c) != 2 || c[1].(map[string]any)["first_name"] != "Alan" || c[0].(map[string]any)["id_collaborator"] == nil {
		t.Fatalf("Collaborators = %v", c)
	}
	adaID := c[0].(map[string]any)["id_collaborator"]

	api.Do("PUT", path, other.Token, body).ExpectError(http.StatusForbidden, "Accès interdit. Seul le producteur du film ou un administrateur peut le modifier.")
	api.Do("PUT", path, owner.Token, map[string]any{"collaborators": []map[string]any{{"first_name": "X"}}}).
		ExpectError(http.StatusBadRequest, "Collaborateur n°1 : le champ last_name est requis")
	api.Do("PUT", path, owner.Token, map[string]any{"collaborators": []map[string]any{{"first_name": "X", "last_name": "Y", "email": "nope"}}}).
		ExpectError(http.StatusBadRequest, "Collaborateur n°1 : adresse e-mail invalide")
	api.Do("PUT", path, owner.Token, nil).
		ExpectError(http.StatusBadRequest, "Le champ collaborators est requis (liste d'objets {first_name, last_name, email, job})")
	api.Do("PUT", "/movies/98765/collaborators", owner.Token, body).ExpectError(http.StatusNotFound, "Film non trouvé")

	m = api.Do("PUT", path, admin.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": "Ada", "last_name": "Lovelace", "email": "ADA@example.org"},
	}}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	c = m["Collaborators"].([]any)
	if len(c) != 1 || c[0].(map[string]any)["id_collaborator"] != adaID {
		t.Errorf("the same collaborator should keep their id: %v (was %v)", c, adaID)
	}
	if !slices.Contains(auditActions(t, api), "movie.collaborators") {
		t.Error("the admin's change is not in the audit trail")
	}
}

func TestJuryMarksCandidateUnlessInConflictOfInterest(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	jury, conflicted := api.Register("JURY"), api.Register("JURY")
	id := api.Upload(t, prod.Token, "Film")
	api.Do("PUT", fmt.Sprintf("/movies/%d/collaborators", id), prod.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": "C", "last_name": "J", "email": strings.ToUpper(conflicted.Email)},
	}}).Expect(http.StatusOK)

	api.Do("PUT", fmt.Sprintf("/movies/%d/jury-candidate", id), conflicted.Token, nil).
		ExpectError(http.StatusForbidden, "Accès interdit. Conflit d'intérêts : vous avez produit ce film, figurez parmi ses collaborateurs ou avez déclaré un conflit avec lui.")
	if s := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).JSON()["selection_status"]; s != "submitted" {
		t.Errorf("refused mark changed the status: %v", s)
	}
	m := api.Do("PUT", fmt.Sprintf("/movies/%d/jury-candidate", id), jury.Token, nil).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	if m["selection_status"] != "candidate" || m["status"] != "CANDIDATE" {
		t.Errorf("after the mark: %v / %v", m["selection_status"], m["status"])
	}
	api.Do("PUT", "/movies/5555/jury-candidate", jury.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	if !slices.Contains(auditActions(t, api), "movie.candidate") {
		t.Error("the mark is not in the audit trail")
	}
}

func TestDeletingAMovieRemovesItsCollectionAndFiles(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	putCategory(t, api, 3, "Clip")
	keep := api.Upload(t, prod.Token, "Reste")
	id := api.Upload(t, prod.Token, "Part")
	path := fmt.Sprintf("/movies/%d", id)
	api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": []int{3}}).Expect(http.StatusOK)
	api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)

	api.Do("DELETE", path, admin.Token, nil).Expect(http.StatusOK)
	api.Do("GET", path, "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("DELETE", path, admin.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	if left := items(t, api, fmt.Sprintf("MOVIE#%d", id)); len(left) != 0 {
		t.Errorf("items left: %v", left)
	}
	for _, k := range objects(t, api) {
		if !strings.HasPrefix(k, fmt.Sprintf("movies/%d/", keep)) {
			t.Errorf("object left: %s", k)
		}
	}
	if l := api.Do("GET", "/movies/assigned", jury.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("jury still sees the film: %v", l)
	}
	if l := api.Do("GET", "/movies?category=3", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("category still lists the film: %v", l)
	}
	if !slices.Contains(auditActions(t, api), "movie.delete") {
		t.Error("deletion is not in the audit trail")
	}
}

func TestAJuryMemberInConflictOfInterestIsNeitherAssignedNorMadeCollaborator(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury, conflicted := api.Register("JURY"), api.Register("JURY")
	id := api.Upload(t, prod.Token, "Film")
	path := fmt.Sprintf("/movies/%d", id)
	api.Do("PUT", path+"/collaborators", prod.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": "C", "last_name": "J", "email": strings.ToUpper(conflicted.Email)},
	}}).Expect(http.StatusOK)

	api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID, conflicted.ID}}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf("Conflit d'intérêts : ces membres du jury ont produit ce film, figurent parmi ses collaborateurs ou ont déclaré un conflit avec lui : %d", conflicted.ID))
	if j := api.Do("GET", path, "", nil).JSON()["Juries"].([]any); len(j) != 0 {
		t.Errorf("a refused assignment changed the film: %v", j)
	}
	if l := api.Do("GET", "/movies/assigned", jury.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("a refused assignment created links: %v", l)
	}
	api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)

	// The other side of the rule: an assigned jury member cannot become a collaborator.
	upper := strings.ToUpper(jury.Email)
	api.Do("PUT", path+"/collaborators", prod.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": "C", "last_name": "J", "email": conflicted.Email},
		{"first_name": "A", "last_name": "B", "email": upper},
	}}).ExpectError(http.StatusBadRequest, "Conflit d'intérêts : ces collaborateurs sont membres du jury assignés à ce film (retirez-les du jury d'abord) : "+upper)
	c := api.Do("GET", path, "", nil).JSON()["Collaborators"].([]any)
	if len(c) != 1 || !strings.EqualFold(c[0].(map[string]any)["email"].(string), conflicted.Email) {
		t.Errorf("a refused change altered the collaborators: %v", c)
	}
}
