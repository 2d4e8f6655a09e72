package movies_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// registerMovieForm is a complete register-film form for the e-mail.
func registerMovieForm(email string) *apitest.Multipart {
	return apitest.NewMultipart().
		Field("first_name", "Nina").Field("last_name", "Prod").Field("email", email).
		Field("password", "motdepasse1").Field("role", "ADMIN").
		Field("title", "Premier film").Field("synopsis", "Synopsis.").Field("duration", "12").
		File("filmFile", "f.mp4", filestest.MP4()).
		File("thumbnail1", "t.jpg", filestest.JPEG()).
		Close()
}

func TestRegisterMovieCreatesTheProducerAndTheMovieTogether(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	r := api.Do("POST", "/auth/register-film", "", registerMovieForm("nina@example.org")).Expect(http.StatusCreated).JSON()
	u := r["newUser"].(map[string]any)
	m := r["movie"].(map[string]any)
	if u["role"] != "PRODUCER" || u["email"] != "nina@example.org" || u["password"] != nil {
		t.Errorf("newUser = %v (a producer, without the hash)", u)
	}
	if m["id_user"] != u["id_user"] || m["title"] != "Premier film" || m["status"] != "PENDING" {
		t.Errorf("movie = %v", m)
	}
	token := api.Login("nina@example.org", "motdepasse1")
	if l := api.Do("GET", "/movies/mine", token, nil).Expect(http.StatusOK).List(); len(l) != 1 {
		t.Errorf("the new producer's films: %v", l)
	}
	if n := len(objects(t, api)); n != 2 {
		t.Errorf("%d objects, want 2", n)
	}

	t.Run("a registered e-mail answers 409 and creates nothing", func(t *testing.T) {
		api.Do("POST", "/auth/register-film", "", registerMovieForm("NINA@example.org")).
			ExpectError(http.StatusConflict, "Cet utilisateur existe déjà")
		if n := len(objects(t, api)); n != 2 {
			t.Errorf("%d objects, want still 2", n)
		}
		if l := api.Do("GET", "/movies", "", nil).List(); len(l) != 1 {
			t.Errorf("films: %d, want still 1", len(l))
		}
	})
	t.Run("an e-mail sent after the files answers 409 too and leaves no object", func(t *testing.T) {
		form := apitest.NewMultipart().Field("title", "T").
			File("filmFile", "f.mp4", filestest.MP4()).
			Field("first_name", "A").Field("last_name", "B").Field("email", "nina@example.org").Field("password", "motdepasse1").
			Close()
		api.Do("POST", "/auth/register-film", "", form).ExpectError(http.StatusConflict, "Cet utilisateur existe déjà")
		if n := len(objects(t, api)); n != 2 {
			t.Errorf("%d objects, want still 2", n)
		}
	})
	t.Run("bad user or film values answer 400 and create nothing", func(t *testing.T) {
		for _, c := range []struct {
			form *apitest.Multipart
			want string
		}{
			{apitest.NewMultipart().Field("title", "T").Field("email", "x@example.org").Close(), "Tous les champs sont requis"},
			{apitest.NewMultipart().Field("first_name", "A").Field("last_name", "B").Field("email", "pas-un-mail").
				Field("password", "motdepasse1").Field("title", "T").Close(), `email : l'adresse e-mail "pas-un-mail" n'est pas valide`},
			{apitest.NewMultipart().Field("first_name", "A").Field("last_name", "B").Field("email", "ok@example.org").
				Field("password", "motdepasse1").File("filmFile", "f.mp4", filestest.MP4()).Close(), "Le titre du film est requis (champ title)"},
		} {
			api.Do("POST", "/auth/register-film", "", c.form).ExpectError(http.StatusBadRequest, c.want)
		}
		if n := len(objects(t, api)); n != 2 {
			t.Errorf("%d objects, want still 2", n)
		}
		if u := items(t, api, "EMAIL#ok@"); len(u) != 0 {
			t.Errorf("account created: %v", u)
		}
	})
}

func TestRegisterMovieFailingMidwayLeavesNoUserNoMovieNoObject(t *testing.T) {
	t.Parallel()
	s3fail := &failingS3{}
	api, db := apitest.StartCounting(t, func(o *localserver.Options) {
		o.WrapS3 = func(inner aws.HTTPClient) aws.HTTPClient { s3fail.inner = inner; return s3fail }
	})
	for _, c := range []struct {
		name   string
		inject func()
	}{
		{"the S3 put of the second file fails", func() { s3fail.marker.Store("thumbnail1-") }},
		{"the transaction is refused", func() { db.FailTransactions.Store(true) }},
		{"the request panics after the first file", func() { s3fail.marker.Store("thumbnail1-"); s3fail.panics.Store(true) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.inject()
			defer func() { s3fail.marker.Store(""); s3fail.panics.Store(false); db.FailTransactions.Store(false) }()
			api.Do("POST", "/auth/register-film", "", registerMovieForm("mid@example.org")).
				ExpectError(http.StatusInternalServerError, "Internal server error")
			if keys := objects(t, api); len(keys) != 0 {
				t.Errorf("objects left: %v", keys)
			}
			if left := append(items(t, api, "USER#"), append(items(t, api, "EMAIL#"), items(t, api, "MOVIE#")...)...); len(left) != 0 {
				t.Errorf("items left: %v", left)
			}
		})
	}
	// And with nothing injected it works.
	api.Do("POST", "/auth/register-film", "", registerMovieForm("mid@example.org")).Expect(http.StatusCreated)
}

func TestCopiesOfAUserInMoviesFollowTheUser(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	jury := api.Register("JURY")
	id := api.Upload(t, prod.Token, "Film")
	path := fmt.Sprintf("/movies/%d", id)
	api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)

	api.Do("PUT", fmt.Sprintf("/users/%d", prod.ID), admin.Token, map[string]any{"first_name": "Renommé"}).Expect(http.StatusOK)
	api.Do("PUT", "/users/me", jury.Token, map[string]any{"last_name": "Juré", "email": "jure.nouveau@example.org"}).Expect(http.StatusOK)
	m := api.Do("GET", path, "", nil).Expect(http.StatusOK).JSON()
	if p := m["Producer"].(map[string]any); p["first_name"] != "Renommé" {
		t.Errorf("Producer = %v", p)
	}
	if j := m["Juries"].([]any)[0].(map[string]any); j["last_name"] != "Juré" || j["email"] != "jure.nouveau@example.org" {
		t.Errorf("Juries[0] = %v", j)
	}

	api.Do("DELETE", fmt.Sprintf("/users/%d", jury.ID), admin.Token, nil).Expect(http.StatusOK)
	if j := api.Do("GET", path, "", nil).Expect(http.StatusOK).JSON()["Juries"].([]any); len(j) != 0 {
		t.Errorf("a deleted jury member is still embedded: %v", j)
	}

	api.Do("DELETE", fmt.Sprintf("/users/%d", prod.ID), admin.Token, nil).Expect(http.StatusOK)
	api.Do("GET", path, "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	if keys := objects(t, api); len(keys) != 0 {
		t.Errorf("files of the deleted producer's film left: %v", keys)
	}
	if left := items(t, api, "MOVIE#"); len(left) != 0 {
		t.Errorf("items left: %v", left)
	}
}

func TestMediaURLsAreForAdminsOwnerAndAssignedJury(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod, other := api.Register("PRODUCER"), api.Register("PRODUCER")
	assigned, unassigned := api.Register("JURY"), api.Register("JURY")
	id := api.Upload(t, prod.Token, "Film")
	path := fmt.Sprintf("/movies/%d/media", id)
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", id), admin.Token, map[string]any{"juries": []int64{assigned.ID}}).Expect(http.StatusOK)

	for _, who := range []apitest.Account{admin, prod, assigned} {
		r := api.Do("GET", path, who.Token, nil).Expect(http.StatusOK).JSON()
		files := r["files"].(map[string]any)
		trailer := files["trailer"].(map[string]any)
		if len(files) != 6 || !regexp.MustCompile(`X-Amz-Expires=900`).MatchString(trailer["url"].(string)) {
			t.Fatalf("media = %v", r)
		}
		exp, err := time.Parse(time.RFC3339, r["expiresAt"].(string))
		if err != nil || time.Until(exp) > 15*time.Minute+time.Minute || time.Until(exp) < 14*time.Minute {
			t.Errorf("expiresAt = %v", r["expiresAt"])
		}
		resp, err := http.Get(trailer["url"].(string))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !bytes.Equal(body, filestest.MP4()) {
			t.Errorf("the presigned URL does not serve the film (%d bytes)", len(body))
		}
	}
	for _, who := range []apitest.Account{other, unassigned} {
		api.Do("GET", path, who.Token, nil).ExpectError(http.StatusForbidden,
			"Accès interdit. Seuls le producteur du film, les membres du jury qui lui sont assignés et les administrateurs peuvent voir ses fichiers.")
	}
	api.Do("GET", "/movies/7777/media", admin.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
}

func TestDirectUploadOfALargeMovieIsVerifiedBeforeTheMoviePointsAtIt(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod, other := api.Register("PRODUCER"), api.Register("PRODUCER")
	id := api.Upload(t, prod.Token, "Film")
	before := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).JSON()["trailer"].(string)
	start := fmt.Sprintf("/movies/%d/uploads", id)

	// A 12 MiB film: bigger than API Gateway lets through, in parts of 16 MiB... so one part;
	// the part count logic itself is tested in pkg/storage/files.
	var movie bytes.Buffer
	_, _ = io.Copy(&movie, filestest.LargeMP4(12<<20))
	started := api.Do("POST", start, prod.Token, map[string]any{"part": "filmFile", "size": movie.Len()}).Expect(http.StatusCreated).JSON()
	done := apitest.PutParts(t, started, movie.Bytes())
	m := api.Do("POST", start+"/complete", prod.Token, map[string]any{
		"part": "filmFile", "name": started["name"], "upload_id": started["upload_id"], "parts": done,
	}).Expect(http.StatusOK).JSON()["movie"].(map[string]any)
	if m["trailer"] != started["name"] {
		t.Errorf("trailer = %v, want %v", m["trailer"], started["name"])
	}
	for _, k := range objects(t, api) {
		if k == fmt.Sprintf("movies/%d/%s", id, before) {
			t.Errorf("the replaced film file was not removed")
		}
	}

	t.Run("content that is not MP4 is refused and removed", func(t *testing.T) {
		junk := bytes.Repeat(filestest.PNG(), 100)
		s := api.Do("POST", start, prod.Token, map[string]any{"part": "filmFile", "size": len(junk)}).Expect(http.StatusCreated).JSON()
		parts := apitest.PutParts(t, s, junk)
		api.Do("POST", start+"/complete", prod.Token, map[string]any{
			"part": "filmFile", "name": s["name"], "upload_id": s["upload_id"], "parts": parts,
		}).ExpectError(http.StatusBadRequest, "Fichier invalide pour la partie filmFile : un film MP4 est attendu (pas un fichier MP4 : boîte ftyp absente)")
		for _, k := range objects(t, api) {
			if k == fmt.Sprintf("movies/%d/%s", id, s["name"]) {
				t.Error("refused object left in the bucket")
			}
		}
		if got := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).JSON()["trailer"]; got != started["name"] {
			t.Errorf("trailer changed to %v", got)
		}
	})
	t.Run("bad requests", func(t *testing.T) {
		api.Do("POST", start, other.Token, map[string]any{"part": "filmFile", "size": 10}).
			ExpectError(http.StatusForbidden, "Accès interdit. Seul le producteur du film ou un administrateur peut le modifier.")
		api.Do("POST", start, prod.Token, map[string]any{"part": "thumbnail1", "size": 10}).
			ExpectError(http.StatusBadRequest, "Le champ part doit valoir filmFile ou subtitlesSrt (les images passent par POST /movies/upload)")
		api.Do("POST", start, prod.Token, map[string]any{"part": "filmFile", "size": 0}).
			ExpectError(http.StatusBadRequest, "Le champ size doit être la taille du fichier en octets (entier positif)")
		api.Do("POST", start, prod.Token, map[string]any{"part": "filmFile", "size": int64(1) << 40}).
			Expect(http.StatusRequestEntityTooLarge)
		api.Do("POST", start+"/complete", prod.Token, map[string]any{"part": "filmFile", "name": "../../etc", "upload_id": "x", "parts": []any{map[string]any{"number": 1, "etag": "x"}}}).
			Expect(http.StatusBadRequest)
		s := api.Do("POST", start, prod.Token, map[string]any{"part": "filmFile", "size": 10}).Expect(http.StatusCreated).JSON()
		for name, parts := range map[string][]any{
			"part number 0":       {map[string]any{"number": 0, "etag": "x"}},
			"part number 10001":   {map[string]any{"number": 10001, "etag": "x"}},
			"a part twice":        {map[string]any{"number": 1, "etag": "x"}, map[string]any{"number": 1, "etag": "x"}},
			"a part without ETag": {map[string]any{"number": 1, "etag": " "}},
		} {
			t.Run(name, func(t *testing.T) {
				api.For(t).Do("POST", start+"/complete", prod.Token, map[string]any{"part": "filmFile", "name": s["name"], "upload_id": s["upload_id"], "parts": parts}).
					ExpectError(http.StatusBadRequest, "Parties invalides : chaque partie a un numéro de 1 à 10000, une seule fois, et l'ETag reçu de S3")
			})
		}
	})
}

// TestRequestsPerCall counts the DynamoDB requests of the reads: GET
// /movies/:id is one request, a listing none while the list kept in memory
// is fresh, and never a request per film.
func TestRequestsPerCall(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes 1,000 films")
	}
	api, db := apitest.StartCounting(t)
	prod := api.Register("PRODUCER")
	st := api.Server.Deps.Store
	ctx := context.Background()
	write := func(n int) {
		for i := 0; i < n; i++ {
			id, err := st.NewMovieID(ctx)
			if err != nil {
				t.Fatal(err)
			}
			syn := "Un synopsis de taille ordinaire pour un court métrage de festival, sur deux lignes environ."
			now := festival.NewTime(time.Now())
			m := festival.Movie{ID: id, Title: fmt.Sprintf("Film %d", id), Synopsis: &syn, OwnerID: prod.ID,
				Producer: &festival.Producer{ID: prod.ID, FirstName: "P", LastName: "N"}, SelectionStatus: festival.StatusSubmitted,
				CreatedAt: now, UpdatedAt: now,
				Collaborators: []festival.Collaborator{{ID: 1, FirstName: "A", LastName: "B", Email: "a@example.org", Job: "WRITER"}}}
			if err := st.CreateMovie(ctx, m, festival.Admission{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(10)
	db.Take()
	api.Do("GET", "/movies/5", "", nil).Expect(http.StatusOK)
	byOp, one := db.Take()
	t.Logf("GET /movies/:id: %d DynamoDB request(s) %v", one, byOp)
	if one != 1 {
		t.Errorf("GET /movies/:id made %d requests, want 1", one)
	}
	// The list is kept in memory: the first read after a write reads the
	// version (with the settings) and the films written since (one
	// BatchGetItem per 100 ids; and, past 64 writes, one trim of the
	// version's log); the next ones nothing while the list is fresh (one
	// second), the version alone after.
	for _, c := range []struct{ movies, refill int }{{10, 3}, {1000, 12}} {
		write(c.movies - len(api.Do("GET", "/movies", "", nil).List()))
		for _, read := range []struct {
			name string
			max  int
		}{{"first read after a write", c.refill}, {"next read", 1}} {
			db.Take()
			l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List()
			byOp, n := db.Take()
			t.Logf("GET /movies with %d films, %s: %d DynamoDB request(s) %v", len(l), read.name, n, byOp)
			if len(l) != c.movies || n > read.max {
				t.Errorf("GET /movies with %d films, %s: %d films, %d requests (want at most %d)", c.movies, read.name, len(l), n, read.max)
			}
		}
		db.Take()
		page := api.Do("GET", "/movies?limit=100", "", nil).Expect(http.StatusOK).List()
		_, n := db.Take()
		t.Logf("GET /movies?limit=100 with %d films: %d film(s), %d DynamoDB request(s)", c.movies, len(page), n)
		if len(page) != min(100, c.movies) || n > 1 {
			t.Errorf("GET /movies?limit=100 with %d films: %d films, %d requests (want at most 1)", c.movies, len(page), n)
		}
	}
}

// TestAFormCutAnywhereIsAClientErrorAndLeavesNothing: a register-film form
// or a submission whose connection breaks, wherever it breaks (in a field, in
// a file's first bytes, deep in the film, on a boundary), answers 400 and
// leaves no user, no film and no object.
func TestAFormCutAnywhereIsAClientErrorAndLeavesNothing(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod := api.Register("PRODUCER")
	forms := []struct {
		path, token string
		form        *apitest.Multipart
	}{
		{"/auth/register-film", "", registerMovieForm("coupee@example.org")},
		{"/movies/upload", prod.Token, apitest.MovieForm("Coupé")},
	}
	for _, f := range forms {
		end := f.form.End()
		cuts := []int{0, 1, end - 2, end - 1}
		for n := 2; n < end-2; n += max(1, end/97) {
			cuts = append(cuts, n)
		}
		for _, n := range cuts {
			r := api.Do("POST", f.path, f.token, f.form.Cut(n))
			if r.Status != http.StatusBadRequest {
				t.Fatalf("%s cut at %d of %d bytes: %d %s, want 400", f.path, n, f.form.Len(), r.Status, r.Body)
			}
		}
		t.Logf("%s: %d cuts of a %d-byte form, each 400", f.path, len(cuts), f.form.Len())
	}
	// A film of 3 MiB (as large as a form may carry through API Gateway)
	// cut while the S3 uploader reads it, past the content check.
	var big bytes.Buffer
	_, _ = io.Copy(&big, filestest.LargeMP4(3<<20))
	form := apitest.NewMultipart().Field("title", "Long").File("filmFile", "long.mp4", big.Bytes()).Close()
	for _, n := range []int{1 << 20, 2<<20 + 1000, form.End() - 10} {
		api.Do("POST", "/movies/upload", prod.Token, form.Cut(n)).Expect(http.StatusBadRequest)
	}
	api.Do("POST", "/auth/login", "", map[string]any{"email": "coupee@example.org", "password": "motdepasse1"}).
		Expect(http.StatusUnauthorized)
	if l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Errorf("cut forms left %d film(s)", len(l))
	}
	if keys := objects(t, api); len(keys) != 0 {
		t.Errorf("cut forms left objects %v", keys)
	}
}
