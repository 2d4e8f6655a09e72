package entries_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/infra/localserver"
	"github.com/festivalapi/festival/infra/openapicheck"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

// The makers of the walk's film: every string that names them. None may
// reach a juror, on any route, once the festival judges blind.
const (
	prodFirst    = "Zqxprodfirst"
	prodLast     = "Zqxprodlast"
	prodEmail    = "zqxprodmail@example.org"
	teamFirst    = "Zqxteamfirst"
	teamLast     = "Zqxteamlast"
	teamEmail    = "zqxteammail@example.org"
	production   = "Zqxproductionco"
	workshop     = "Zqxworkshopname"
	youtube      = "https://www.youtube.com/@zqxchannel"
	fileTitleTag = "Zqxfiletitletag" // the film file's own title tag
	fileArtist   = "Zqxfileartisttag"
	adminAnswer  = "Zqxadminsonlyanswer" // an answer the jury may not read
	answerFile   = "Zqxcvname.pdf"       // the name the producer gave a file answer
)

var markers = []string{prodFirst, prodLast, prodEmail, teamFirst, teamLast, teamEmail, production, workshop, "zqxchannel", fileTitleTag, fileArtist, adminAnswer, "zqxcvname"}

// blindWalk is the festival the walk runs in: an admin, the film's
// producer, and a juror assigned to the film who voted on it.
type blindWalk struct {
	api                    *apitest.API
	admin, producer, juror apitest.Account
	film, eventID          int64
	category               int64
	// unencoded is a second film of the producer assigned to the juror,
	// whose file the media job has not encoded yet.
	unencoded int64
}

// With blind judging on, a juror calls every route the contract lets a
// juror call (derived from docs/openapi.yaml: each operation whose x-roles
// has JURY, and each public one, with the juror's token and signed out),
// and no answer, no segment of the film's stream and no message sent to
// them names the film's producer or team. With blind judging off, the same
// juror reads the producer on the film: the markers are real.
func TestBlindJudgingHidesTheMakersOnEveryRouteAJurorCalls(t *testing.T) {
	t.Parallel()
	w := newBlindWalk(t)
	api, juror := w.api, w.juror
	filmPath := fmt.Sprintf("/movies/%d", w.film)

	// Off: the juror reads who made the film, and its file carries the tags.
	seen := api.Do("GET", filmPath, juror.Token, nil).Expect(http.StatusOK)
	if p, _ := seen.JSON()["Producer"].(map[string]any); p["first_name"] != prodFirst || !containsAll(seen.Body, prodLast, teamEmail, production, workshop, answerFile) {
		t.Fatalf("blind judging off: the juror reads %s, want the producer, the team, the production and the workshop", seen.Body)
	}
	clear := api.Do("GET", filmPath+"/media", w.admin.Token, nil).Expect(http.StatusOK).JSON()["files"].(map[string]any)["trailer"].(map[string]any)
	if b := fetch(t, clear["url"].(string)); !containsAll(b, fileTitleTag, fileArtist) {
		t.Fatal("the uploaded film file does not carry its title and artist tags: the stream's check below proves nothing")
	}
	if _, ok := w.files(t, w.unencoded)["trailer"]; !ok {
		t.Fatal("blind judging off: the juror gets no film file of a film not encoded yet")
	}

	api.Do("PUT", "/settings", w.admin.Token, map[string]any{"blind_judging": true}).Expect(http.StatusOK)
	// The accounts are the admins' (the specification's ADMIN routes): a
	// juror reaches neither the producer's nor anyone's.
	for _, path := range []string{"/users", fmt.Sprintf("/users/%d", w.producer.ID)} {
		api.Do("GET", path, juror.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
	}

	walked := w.walk(t)

	doc, err := openapicheck.Load(repoFile(t, "docs", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range jurorOperations(doc) {
		if !walked[op] {
			t.Errorf("%s: a juror may call it (docs/openapi.yaml) but the walk does not: add it to blindWalk.walk", op)
		}
		delete(walked, op)
	}
	for op := range walked {
		t.Errorf("%s: walked, but docs/openapi.yaml has no such juror operation", op)
	}

	// What the festival mailed the juror (the assignment) names no maker.
	if err := api.Server.DeliverNow(context.Background()); err != nil {
		t.Fatal(err)
	}
	mailed := 0
	for _, m := range api.Mailbox(t) {
		if strings.EqualFold(m.To, juror.Email) {
			mailed++
			t.Logf("mailed to the juror: %s", m.Subject)
			noMarker(t, "the mail "+m.Subject, []byte(m.Subject+"\n"+m.Text))
		}
	}
	if mailed == 0 {
		t.Error("the juror was mailed nothing: the assignment's message is not checked")
	}

	// The producer and the admins still read who made it.
	for _, token := range []string{w.producer.Token, w.admin.Token} {
		if p, _ := api.Do("GET", filmPath, token, nil).Expect(http.StatusOK).JSON()["Producer"].(map[string]any); p["first_name"] != prodFirst {
			t.Errorf("blind judging on: the film's producer or an admin reads the producer %v", p)
		}
	}
}

// walk calls every route a juror may call, as the juror (and signed out
// for the public ones), checks that no answer names the makers, and
// returns the operations walked ("GET /movies/{id}").
func (w blindWalk) walk(t *testing.T) map[string]bool {
	api, juror := w.api, w.juror
	film := fmt.Sprintf("/movies/%d", w.film)
	walked := map[string]bool{}
	call := func(op string, status int, path, token string, body any) *apitest.Response {
		t.Helper()
		walked[op] = true
		r := api.Do(strings.Fields(op)[0], path, token, body).Expect(status)
		noMarker(t, op, r.Body)
		w.noProducerID(t, op, r.Body)
		return r
	}
	// public is a route anyone may call: the juror calls it signed in and
	// signed out (their token changes nothing of what it shows).
	public := func(op string, status int, path string, body func() any) *apitest.Response {
		t.Helper()
		call(op, status, path, "", body())
		return call(op, status, path, juror.Token, body())
	}
	none := func() any { return nil }
	n := 0
	newcomer := func() any {
		n++
		return map[string]any{"first_name": "Nouveau", "last_name": "Juré", "email": fmt.Sprintf("nouveau.%d.%s@example.org", n, dynamotest.RandomSuffix()),
			"password": "motdepasse1", "role": "JURY"}
	}

	public("POST /auth/register", http.StatusCreated, "/auth/register", newcomer)
	public("POST /users", http.StatusCreated, "/users", newcomer)
	public("POST /auth/login", http.StatusOK, "/auth/login", func() any { return map[string]any{"email": juror.Email, "password": "motdepasse1"} })
	public("POST /auth/register-film", http.StatusCreated, "/auth/register-film", func() any {
		n++
		return apitest.MovieForm("Un autre film", "first_name", "Autre", "last_name", "Producteur",
			"email", fmt.Sprintf("autre.%d.%s@example.org", n, dynamotest.RandomSuffix()), "password", "motdepasse1")
	})
	public("POST /auth/password-reset", http.StatusOK, "/auth/password-reset", func() any { return map[string]any{"email": juror.Email} })
	public("POST /auth/password-reset/confirm", http.StatusBadRequest, "/auth/password-reset/confirm",
		func() any { return map[string]any{"token": "pas-un-jeton", "password": "motdepasse2"} })
	public("GET /auth/setup", http.StatusOK, "/auth/setup", none)
	public("POST /auth/setup", http.StatusConflict, "/auth/setup", func() any {
		return map[string]any{"code": "pas-le-code", "first_name": "Autre", "last_name": "Admin", "email": "autre.admin@example.org", "password": "motdepasse1"}
	})
	public("POST /auth/confirm", http.StatusBadRequest, "/auth/confirm", func() any { return map[string]any{"token": "pas-un-jeton"} })
	call("POST /auth/confirm/resend", http.StatusConflict, "/auth/confirm/resend", juror.Token, nil) // the juror's address needs no confirmation
	public("GET /settings/status-words", http.StatusOK, "/settings/status-words", none)
	public("GET /season", http.StatusOK, "/season", none)
	public("GET /editions", http.StatusOK, "/editions", none)
	public("GET /settings/form", http.StatusOK, "/settings/form", none)
	public("GET /votes/ledger/head", http.StatusOK, "/votes/ledger/head", none)
	public("GET /categories", http.StatusOK, "/categories", none)
	public("GET /events", http.StatusOK, "/events", none)
	public("GET /events/{id}", http.StatusOK, fmt.Sprintf("/events/%d", w.eventID), none)

	// The films, as lists and one by one: the film is there, blind.
	for _, r := range []*apitest.Response{
		public("GET /movies", http.StatusOK, "/movies", none),
		call("GET /movies/assigned", http.StatusOK, "/movies/assigned", juror.Token, nil),
	} {
		if !slices.ContainsFunc(r.List(), func(m map[string]any) bool { return m["id_movie"] == float64(w.film) }) {
			t.Errorf("the film is not in %s", r.Body)
		}
	}
	one := public("GET /movies/{id}", http.StatusOK, film, none).JSON()
	if one["Producer"] != nil || one["id_user"] != 0.0 || fmt.Sprint(one["Collaborators"]) != "[]" || one["production"] != nil || one["workshop"] != nil || one["youtube_link"] != nil {
		t.Errorf("the film as a juror reads it blind: %v", one)
	}
	if a, _ := one["answers"].(map[string]any); a["pitch"] != "Un été." || a["cv"] == nil || a["budget"] != nil {
		t.Errorf("the answers a juror reads blind: %v (want the public and jury ones, not the admins')", one["answers"])
	}
	// The file answer a juror may read: a link to the stored object, whose
	// name the server made up (not the producer's own name for it).
	walked["GET /movies/{id}/answers/{question}"] = true
	if status, loc := noRedirect(t, api, film+"/answers/cv", juror.Token); status != http.StatusFound || !strings.Contains(loc, "answer_cv-") {
		t.Errorf("the juror's link to the jury's file answer: %d %q", status, loc)
	} else {
		noMarker(t, "GET /movies/{id}/answers/{question}", []byte(loc))
	}
	if status, _ := noRedirect(t, api, film+"/answers/cv", ""); status != http.StatusForbidden {
		t.Errorf("signed out, the jury's file answer answers %d, want 403", status)
	}
	// The card's picture: a link to the object under the server's name,
	// the same signed in or out.
	walked["GET /movies/{id}/poster"] = true
	for _, token := range []string{juror.Token, ""} {
		if status, loc := noRedirect(t, api, film+"/poster", token); status != http.StatusFound || !strings.Contains(loc, "thumbnail1-") {
			t.Errorf("the film's card picture: %d %q", status, loc)
		} else {
			noMarker(t, "GET /movies/{id}/poster", []byte(loc))
		}
	}
	cand := call("PUT /movies/{id}/jury-candidate", http.StatusOK, film+"/jury-candidate", juror.Token, nil).JSON()["movie"].(map[string]any)
	if cand["selection_status"] != "candidate" || cand["Producer"] != nil {
		t.Errorf("the candidate mark answers %v", cand)
	}

	// The screening room: the files, the stream, what was played.
	files := call("GET /movies/{id}/media", http.StatusOK, film+"/media", juror.Token, nil).JSON()["files"].(map[string]any)
	if _, ok := files["trailer"]; ok {
		t.Error("blind judging on: /media hands the juror the film file as uploaded, with its maker's metadata")
	}
	if _, ok := w.files(t, w.unencoded)["trailer"]; ok {
		t.Error("blind judging on: /media hands the juror the file as uploaded of a film not encoded yet")
	}
	w.screen(t, call)
	call("POST /movies/{id}/viewing", http.StatusOK, film+"/viewing", juror.Token, map[string]any{"from": 0, "to": 4})
	call("GET /movies/{id}/viewing", http.StatusOK, film+"/viewing", juror.Token, nil)

	// Their votes and progress.
	call("POST /votes/mine/{id_movie}", http.StatusOK, fmt.Sprintf("/votes/mine/%d", w.film), juror.Token, map[string]any{"score": 8, "comment": "Revu."})
	call("GET /votes/mine/{id_movie}", http.StatusOK, fmt.Sprintf("/votes/mine/%d", w.film), juror.Token, nil)
	call("GET /votes/mine", http.StatusOK, "/votes/mine", juror.Token, nil)
	call("GET /votes/progress/mine", http.StatusOK, "/votes/progress/mine", juror.Token, nil)
	call("GET /votes/allowed/{id_movie}", http.StatusOK, fmt.Sprintf("/votes/allowed/%d", w.film), juror.Token, nil)
	call("GET /votes/queue", http.StatusOK, "/votes/queue", juror.Token, nil)

	// Their account.
	call("GET /users/me", http.StatusOK, "/users/me", juror.Token, nil)
	call("PUT /users/me", http.StatusOK, "/users/me", juror.Token, map[string]any{"city": "Nantes"})
	call("GET /users/me/reminders", http.StatusOK, "/users/me/reminders", juror.Token, nil)
	call("PUT /users/me/reminders", http.StatusOK, "/users/me/reminders", juror.Token, map[string]any{"reminders": true})
	call("GET /users/me/jury-profile", http.StatusOK, "/users/me/jury-profile", juror.Token, nil)
	call("PUT /users/me/jury-profile", http.StatusOK, "/users/me/jury-profile", juror.Token, map[string]any{"categories": []int64{w.category}, "conflicts": []int64{}})

	// Their data: the export (every file of the zip, unzipped), then the
	// erasure, last.
	call("GET /users/me/export", http.StatusAccepted, "/users/me/export", juror.Token, nil)
	walked["GET /users/me/export/{id}"] = true
	_, z := download(t, api, juror.Token, exportLink(t, api, juror.Email))
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		noMarker(t, "the juror's export, "+f.Name, b)
		w.noProducerID(t, "the juror's export, "+f.Name, b)
	}
	// Their notices in the app: the messages delivered so far (the
	// assignments, the edit, the export's link), as mailed.
	if ns := call("GET /users/me/notices", http.StatusOK, "/users/me/notices", juror.Token, nil).List(); len(ns) == 0 {
		t.Error("the juror has no notice: the notices are not checked")
	}
	call("GET /users/me/notices/unread", http.StatusOK, "/users/me/notices/unread", juror.Token, nil)
	call("POST /users/me/notices/read", http.StatusOK, "/users/me/notices/read", juror.Token, map[string]any{"all": true})
	call("DELETE /users/me", http.StatusOK, "/users/me", juror.Token, map[string]any{"password": "motdepasse1"})
	return walked
}

// screen plays the film's stream as the juror's player does: the ticket,
// the master and a rendition's playlist, the first minute's key, and the
// first segment, decrypted: the file's tags are not in it.
func (w blindWalk) screen(t *testing.T, call func(op string, status int, path, token string, body any) *apitest.Response) {
	t.Helper()
	film := fmt.Sprintf("/movies/%d", w.film)
	ticket := call("GET /movies/{id}/stream", http.StatusOK, film+"/stream", w.juror.Token, nil).JSON()
	master, err := url.Parse(ticket["master"].(string))
	if err != nil {
		t.Fatal(err)
	}
	q := "?ticket=" + url.QueryEscape(master.Query().Get("ticket"))
	call("GET /movies/{id}/stream/{file}", http.StatusOK, film+"/stream/master.m3u8"+q, "", nil)
	rendition := ticket["renditions"].([]any)[0].(string)
	p := string(call("GET /movies/{id}/stream/{file}", http.StatusOK, film+"/stream/"+rendition+".m3u8"+q, "", nil).Body)
	key := call("GET /movies/{id}/keys/{minute}", http.StatusOK, film+"/keys/0"+q, "", nil).Body
	first := regexp.MustCompile(`(?m)^http\S+`).FindString(p)
	if first == "" {
		t.Fatalf("no segment in the playlist:\n%s", p)
	}
	seg := decrypt(t, fetch(t, first), key, 1)
	if len(seg) < 188 || seg[0] != 0x47 {
		t.Fatalf("the first segment does not decrypt to MPEG-TS (%d bytes)", len(seg))
	}
	noMarker(t, "the stream's first segment", seg)
}

// newBlindWalk builds the festival: the film (a real one, its file tagged
// with the makers' names, streamed by the media job) with its producer,
// team, production and workshop all named by markers; a category, an
// event; a juror assigned to the film who voted.
func newBlindWalk(t *testing.T) blindWalk {
	t.Helper()
	needFFmpeg(t)
	api := apitest.Start(t, func(o *localserver.Options) {
		o.MediaJobs = true
		o.Getenv = func(k string) string {
			if k == "MEDIA_PRESET" {
				return "ultrafast"
			}
			return ""
		}
	})
	w := blindWalk{api: api, admin: api.Register("ADMIN"), juror: api.Register("JURY")}
	api.Do("POST", "/auth/register", "", map[string]any{"first_name": prodFirst, "last_name": prodLast, "email": prodEmail,
		"password": "motdepasse1", "role": "PRODUCER"}).Expect(http.StatusCreated)
	w.producer = apitest.Account{Email: prodEmail, Token: api.Login(prodEmail, "motdepasse1")}
	w.producer.ID = int64(api.Do("GET", "/users/me", w.producer.Token, nil).Expect(http.StatusOK).JSON()["id_user"].(float64))

	form := apitest.NewMultipart().Field("title", "Le Film à l'aveugle").Field("synopsis", "Un film sans auteur connu.").
		Field("duration", "6").Field("production", production).Field("workshop", workshop).Field("youtube_link", youtube).
		File("filmFile", "film.mp4", taggedFilm(t)).File("thumbnail1", "a.png", filestest.PNG()).Close()
	m := api.Do("POST", "/movies/upload", w.producer.Token, form).Expect(http.StatusCreated).JSON()["movie"].(map[string]any)
	w.film = int64(m["id_movie"].(float64))
	film := fmt.Sprintf("/movies/%d", w.film)
	api.Do("PUT", film+"/collaborators", w.producer.Token, map[string]any{"collaborators": []map[string]any{
		{"first_name": teamFirst, "last_name": teamLast, "email": teamEmail, "job": "ACTOR"},
	}}).Expect(http.StatusOK)

	w.answer(t)

	c := api.Do("POST", "/categories", w.admin.Token, map[string]any{"name": "Courts métrages"}).Expect(http.StatusCreated).JSON()
	w.category = int64(c["newCategory"].(map[string]any)["id_categorie"].(float64))
	api.Do("PUT", film+"/categories", w.admin.Token, map[string]any{"categories": []int64{w.category}}).Expect(http.StatusOK)
	e := api.Do("POST", "/events", w.admin.Token, map[string]any{"name": "Projection du jury", "description": "Les films en compétition",
		"start_date": "2026-06-01T18:00:00Z", "end_date": "2026-06-01T20:00:00Z", "location": "Marseille", "event_type": "CONFERENCE"}).Expect(http.StatusCreated).JSON()
	w.eventID = int64(e["newEvent"].(map[string]any)["id_event"].(float64))

	file := "filmFile-1732270000000-123456789.mp4"
	w.unencoded = api.StoreMovie(t, w.producer, festival.Movie{Title: "Pas encore encodé", Trailer: &file})

	w.settle(t, 3*time.Minute)
	for _, id := range []int64{w.film, w.unencoded} {
		api.Do("PUT", fmt.Sprintf("/movies/%d/juries", id), w.admin.Token, map[string]any{"juries": []int64{w.juror.ID}}).Expect(http.StatusOK)
	}
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", w.film), w.juror.Token, map[string]any{"score": 7, "comment": "Beau."}).Expect(http.StatusCreated)
	// The producer edits the film after the vote: the juror is told what
	// changed (movie.edited), and the mail check below reads it.
	api.Do("PUT", film+"/entry", w.producer.Token, map[string]any{"production": production + " et associés", "workshop": workshop + " 2"}).Expect(http.StatusOK)
	return w
}

// answer gives the festival three questions (public, jury, admins only)
// and the film its answers, the file one's name and the admins' text
// naming the makers; answers are written through the store, as the
// submission form writes them.
func (w blindWalk) answer(t *testing.T) {
	t.Helper()
	w.api.Do("PUT", "/settings/form", w.admin.Token, map[string]any{"questions": []map[string]any{
		{"id": "pitch", "label": "En une phrase", "kind": "text", "visibility": "public"},
		{"id": "cv", "label": "CV de l'équipe", "kind": "file", "visibility": "jury"},
		{"id": "budget", "label": "Budget et financeurs", "kind": "long_text", "visibility": "admins"},
	}}).Expect(http.StatusOK)
	pitch, budget := "Un été.", "Financé par "+adminAnswer
	_, err := w.api.Server.Deps.Store.ChangeMovie(context.Background(), w.film, nil, func(m *festival.Movie) (map[string]string, error) {
		m.Answers = festival.Answers{"pitch": {Text: &pitch}, "budget": {Text: &budget},
			"cv": {File: &festival.AnswerFile{Key: "answer_cv-1732270000000-000000001.pdf", Name: answerFile, ContentType: "application/pdf", Size: 1000}}}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// files are the film's files GET /movies/{id}/media hands the juror.
func (w blindWalk) files(t *testing.T, film int64) map[string]any {
	t.Helper()
	r := w.api.Do("GET", fmt.Sprintf("/movies/%d/media", film), w.juror.Token, nil).Expect(http.StatusOK)
	noMarker(t, "GET /movies/{id}/media", r.Body)
	return r.JSON()["files"].(map[string]any)
}

// settle waits until the film's media job made it stream.
func (w blindWalk) settle(t *testing.T, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		m := w.api.Do("GET", fmt.Sprintf("/movies/%d", w.film), w.producer.Token, nil).Expect(http.StatusOK).JSON()
		media, _ := m["media"].(map[string]any)
		switch state := fmt.Sprint(media["state"]); {
		case state == "ready":
			return
		case state == "failed":
			t.Fatalf("the media job failed: %v", media)
		case time.Now().After(deadline):
			t.Fatalf("media %v after %s, want ready", media, within)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// taggedFilm is a 6-second film whose file's title and artist tags name
// its makers, as an editing program writes them.
func taggedFilm(t *testing.T) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "film.mp4")
	cmd := exec.Command("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10", "-f", "lavfi", "-i", "sine=frequency=440",
		"-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-b:v", "120k", "-c:a", "aac", "-b:a", "32k",
		"-metadata", "title="+fileTitleTag, "-metadata", "artist="+fileArtist, "-movflags", "+faststart", "-y", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// jurorOperations are the operations of the document a juror may call:
// those whose x-roles has JURY, and the public ones (no security).
func jurorOperations(doc *openapicheck.Document) []string {
	var ops []string
	for _, op := range doc.Operations() {
		o := doc.Spec.Paths.Find(op.Path).GetOperation(op.Method)
		roles, secured := o.Extensions["x-roles"].([]any)
		if !secured || slices.Contains(roles, any("JURY")) {
			ops = append(ops, op.String())
		}
	}
	return ops
}

// noMarker fails when b names a maker of the film.
func noMarker(t *testing.T, what string, b []byte) {
	t.Helper()
	low := strings.ToLower(string(b))
	for _, m := range markers {
		if strings.Contains(low, strings.ToLower(m)) {
			t.Errorf("%s names the film's maker (%q): %.600s", what, m, b)
		}
	}
}

// noProducerID fails when a JSON answer holds the producer's id as a
// user's id (id_user) or as who withdrew a film (by).
func (w blindWalk) noProducerID(t *testing.T, what string, b []byte) {
	t.Helper()
	var v any
	if json.Unmarshal(b, &v) != nil {
		return // a playlist, a key
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if (k == "id_user" || k == "by") && x == float64(w.producer.ID) {
					t.Errorf("%s holds the producer's id (%s): %.600s", what, k, b)
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
}

func containsAll(b []byte, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(string(b), p) {
			return false
		}
	}
	return true
}

func fetch(t *testing.T, u string) []byte {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d, %v", u, resp.StatusCode, err)
	}
	return b
}

// decrypt opens an AES-128 HLS segment as a player does: the key the API
// served, the IV its media sequence number (screening.IV).
func decrypt(t *testing.T, enc, key []byte, sequence int) []byte {
	t.Helper()
	if len(key) != 16 {
		t.Fatalf("a key of %d bytes", len(key))
	}
	out, err := screening.Decrypt([16]byte(key), screening.IV(sequence), enc)
	if err != nil {
		t.Fatalf("segment %d of %d bytes: %v", sequence, len(enc), err)
	}
	return out
}

func repoFile(t *testing.T, parts ...string) string {
	t.Helper()
	root, err := dynamotest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(append([]string{root}, parts...)...)
}

// needFFmpeg skips the test on a machine without ffmpeg, and fails it in
// CI (CI=true), where the Makefile installed it.
func needFFmpeg(t *testing.T) {
	t.Helper()
	for _, p := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(p); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed (make check-tools installs the Debian package ffmpeg)", p)
			}
			t.Skipf("%s is not installed (apt-get install ffmpeg)", p)
		}
	}
}
