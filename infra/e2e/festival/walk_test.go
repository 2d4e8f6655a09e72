package festival

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

const password = "motdepasse1"

// TestWholeFestival runs a festival from the first account to the last
// deletion, each step over HTTP and each answer checked for its status, its
// shape and its French text. Later steps use what earlier ones created.
func TestWholeFestival(t *testing.T) {
	t.Parallel()
	start := time.Now()
	api := apitest.Start(t)

	var (
		admin, jury, prod     acct
		movieID, rfID         int64 // the uploaded film, the register-film one
		catFeature, catPublic int64
		voteID, awardID       int64
		eventID               int64
	)

	t.Run("accounts: admin and jury register, the producer registers with a film, all log in", func(t *testing.T) {
		api := api.For(t)
		admin = register(t, api, "ADMIN", "Agnès", "Varda")
		jury = register(t, api, "JURY", "Jacques", "Demy")

		form := apitest.NewMultipart().
			Field("first_name", "Céline").Field("last_name", "Sciamma").Field("email", "celine@example.org").
			Field("password", password).
			Field("title", "Tomboy").Field("synopsis", "Un été, Laure devient Mickaël.").Field("duration", "82").
			File("filmFile", "tomboy.mp4", filestest.MP4()).
			File("thumbnail1", "tomboy.jpg", filestest.JPEG()).
			Close()
		r := api.Do("POST", "/auth/register-film", "", form)
		body := message(t, r, http.StatusCreated, "Compte producteur et film créés avec succès")
		u := object(t, body, "newUser")
		if u["role"] != "PRODUCER" || u["email"] != "celine@example.org" || u["first_name"] != "Céline" || u["last_name"] != "Sciamma" {
			t.Fatalf("newUser = %v", u)
		}
		if _, ok := u["password"]; ok {
			t.Fatalf("register-film answers the hash: %v", u)
		}
		checkUser(t, u)
		prod = acct{ID: id(t, u, "id_user"), Email: "celine@example.org", First: "Céline", Last: "Sciamma", Role: "PRODUCER"}
		m := object(t, body, "movie")
		checkMovie(t, m)
		rfID = id(t, m, "id_movie")
		if m["title"] != "Tomboy" || m["synopsis"] != "Un été, Laure devient Mickaël." || m["duration"] != 82.0 ||
			m["status"] != "PENDING" || m["selection_status"] != "submitted" || id(t, m, "id_user") != prod.ID {
			t.Fatalf("register-film movie = %v", m)
		}
		storedName(t, m, "trailer", "filmFile", "mp4")
		storedName(t, m, "thumbnail", "thumbnail1", "jpg")

		prod.Token = login(t, api, prod)
		for _, a := range []acct{admin, jury, prod} {
			me := api.Do("GET", "/users/me", a.Token, nil).Expect(http.StatusOK).JSON()
			if id(t, me, "id_user") != a.ID || me["email"] != a.Email || me["role"] != a.Role ||
				me["first_name"] != a.First || me["last_name"] != a.Last {
				t.Fatalf("GET /users/me for %s = %v", a.Role, me)
			}
			if _, ok := me["password"]; ok {
				t.Fatalf("/users/me shows the hash: %v", me)
			}
			checkUser(t, me)
		}
		api.Do("GET", "/users/me", "", nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
		api.Do("GET", "/users", jury.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
		users := api.Do("GET", "/users", admin.Token, nil).Expect(http.StatusOK).List()
		if got := ids(t, users, "id_user"); !equal(got, []int64{admin.ID, jury.ID, prod.ID}) {
			t.Fatalf("GET /users = %v", got)
		}
	})

	t.Run("the producer submits a film with all four kinds of file", func(t *testing.T) {
		api := api.For(t)
		form := apitest.NewMultipart().
			Field("title", "Portrait de la jeune fille en feu").Field("synopsis", "Bretagne, 1770.").
			Field("duration", "120").Field("release_year", "2019").Field("language", "fr").
			File("filmFile", "portrait.mp4", filestest.MP4()).
			File("thumbnail1", "affiche.png", filestest.PNG()).
			File("thumbnail2", "photo.jpg", filestest.JPEG()).
			File("subtitlesSrt", "portrait.srt", filestest.SRT()).
			Close()
		api.Do("POST", "/movies/upload", jury.Token, form).ExpectError(http.StatusForbidden, "Accès interdit. Rôle PRODUCER requis.")
		body := message(t, api.Do("POST", "/movies/upload", prod.Token, form), http.StatusCreated, "Film soumis avec succès")
		m := object(t, body, "movie")
		checkMovie(t, m)
		movieID = id(t, m, "id_movie")
		if m["title"] != "Portrait de la jeune fille en feu" || m["synopsis"] != "Bretagne, 1770." || m["duration"] != 120.0 ||
			m["release_year"] != 2019.0 || m["main_language"] != "fr" || m["description"] != nil ||
			m["status"] != "PENDING" || m["selection_status"] != "submitted" || id(t, m, "id_user") != prod.ID {
			t.Fatalf("uploaded movie = %v", m)
		}
		trailer := storedName(t, m, "trailer", "filmFile", "mp4")
		p1 := storedName(t, m, "picture1", "thumbnail1", "png")
		storedName(t, m, "picture2", "thumbnail2", "jpg")
		storedName(t, m, "subtitle", "subtitlesSrt", "srt")
		if m["thumbnail"] != p1 || m["display_picture"] != p1 || m["picture3"] != nil {
			t.Fatalf("thumbnail %v, display_picture %v, picture3 %v: want %s, %s, null", m["thumbnail"], m["display_picture"], m["picture3"], p1, p1)
		}
		producer := object(t, m, "Producer")
		if id(t, producer, "id_user") != prod.ID || producer["first_name"] != "Céline" || producer["last_name"] != "Sciamma" {
			t.Fatalf("Producer = %v", producer)
		}
		keys := bucket(t, api, fmt.Sprintf("movies/%d/", movieID))
		if len(keys) != 4 || !contains(keys, fmt.Sprintf("movies/%d/%s", movieID, trailer)) {
			t.Fatalf("objects of the film: %v", keys)
		}

		mine := api.Do("GET", "/movies/mine", prod.Token, nil).Expect(http.StatusOK).List()
		if got := ids(t, mine, "id_movie"); !equal(got, []int64{rfID, movieID}) {
			t.Fatalf("GET /movies/mine = %v, want films %d and %d", got, rfID, movieID)
		}
		for _, m := range mine {
			checkMovie(t, m)
			if id(t, m, "id_user") != prod.ID || m["status"] != "PENDING" {
				t.Fatalf("a film of /movies/mine: %v", m)
			}
		}
		api.Do("GET", "/movies/mine", jury.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle PRODUCER requis.")
	})

	t.Run("the admin creates categories, validates the film, assigns categories and jury", func(t *testing.T) {
		api := api.For(t)
		catFeature = createCategory(t, api, admin, "Long métrage")
		catPublic = createCategory(t, api, admin, "Prix du public")
		cats := api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List()
		if got := ids(t, cats, "id_categorie"); !equal(got, []int64{catFeature, catPublic}) {
			t.Fatalf("GET /categories = %v", cats)
		}

		path := fmt.Sprintf("/movies/%d", movieID)
		api.Do("PUT", path+"/status", jury.Token, map[string]any{"status": "VALIDATED"}).
			ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
		m := movieMessage(t, api.Do("PUT", path+"/status", admin.Token, map[string]any{"status": "VALIDATED"}), "Statut du film mis à jour")
		if m["status"] != "VALIDATED" || m["selection_status"] != "assigned" {
			t.Fatalf("after PUT status VALIDATED: status %v, selection_status %v", m["status"], m["selection_status"])
		}
		m = movieMessage(t, api.Do("PUT", path+"/categories", admin.Token, map[string]any{"categories": []int64{catPublic, catFeature}}), "Catégories du film mises à jour")
		checkCategories(t, m, catFeature, "Long métrage", catPublic, "Prix du public")
		m = movieMessage(t, api.Do("PUT", path+"/juries", admin.Token, map[string]any{"juries": []int64{jury.ID}}), "Jury du film mis à jour")
		checkJury(t, m, jury)
		if m["status"] != "VALIDATED" {
			t.Fatalf("assigning the jury changed the status to %v", m["status"])
		}

		got := api.Do("GET", path, "", nil).Expect(http.StatusOK).JSON()
		checkMovie(t, got)
		checkCategories(t, got, catFeature, "Long métrage", catPublic, "Prix du public")
		checkJury(t, got, jury)
		if got["status"] != "VALIDATED" || got["selection_status"] != "assigned" {
			t.Fatalf("GET %s = %v", path, got)
		}
		validated := api.Do("GET", "/movies?status=VALIDATED", "", nil).Expect(http.StatusOK).List()
		if l := ids(t, validated, "id_movie"); !equal(l, []int64{movieID}) {
			t.Fatalf("GET /movies?status=VALIDATED = %v", l)
		}

		// The producer's first film joins one category and the same jury.
		m = movieMessage(t, api.Do("PUT", fmt.Sprintf("/movies/%d/categories", rfID), admin.Token, map[string]any{"categories": []int64{catPublic}}), "Catégories du film mises à jour")
		checkCategories(t, m, catPublic, "Prix du public")
		checkJury(t, movieMessage(t, api.Do("PUT", fmt.Sprintf("/movies/%d/juries", rfID), admin.Token, map[string]any{"juries": []int64{jury.ID}}), "Jury du film mis à jour"), jury)
		for cat, want := range map[int64][]int64{catFeature: {movieID}, catPublic: {rfID, movieID}} {
			inCat := api.Do("GET", fmt.Sprintf("/movies?category=%d", cat), "", nil).Expect(http.StatusOK).List()
			if l := ids(t, inCat, "id_movie"); !equal(l, want) {
				t.Fatalf("GET /movies?category=%d = %v, want %v", cat, l, want)
			}
		}
	})

	t.Run("the jury member watches the film, votes twice and marks it candidate", func(t *testing.T) {
		api := api.For(t)
		assigned := api.Do("GET", "/movies/assigned", jury.Token, nil).Expect(http.StatusOK).List()
		if l := ids(t, assigned, "id_movie"); !equal(l, []int64{rfID, movieID}) {
			t.Fatalf("GET /movies/assigned = %v", l)
		}
		for _, m := range assigned {
			checkMovie(t, m)
			checkJury(t, m, jury)
		}
		api.Do("GET", "/movies/assigned", prod.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle JURY requis.")

		media := api.Do("GET", fmt.Sprintf("/movies/%d/media", movieID), jury.Token, nil).Expect(http.StatusOK).JSON()
		if id(t, media, "id_movie") != movieID {
			t.Fatalf("media = %v", media)
		}
		if exp, err := time.Parse(time.RFC3339, fmt.Sprint(media["expiresAt"])); err != nil || time.Until(exp) < 10*time.Minute {
			t.Fatalf("expiresAt = %v (%v)", media["expiresAt"], err)
		}
		files := object(t, media, "files")
		names := make([]string, 0, len(files))
		for k := range files {
			names = append(names, k)
		}
		sort.Strings(names)
		if strings.Join(names, ",") != "display_picture,picture1,picture2,subtitle,thumbnail,trailer" {
			t.Fatalf("media files = %v", names)
		}
		for part, want := range map[string][]byte{"trailer": filestest.MP4(), "picture1": filestest.PNG(),
			"picture2": filestest.JPEG(), "subtitle": filestest.SRT()} {
			f := object(t, files, part)
			if got := download(t, fmt.Sprint(f["url"])); !bytes.Equal(got, want) {
				t.Fatalf("%s through the presigned URL: %d bytes, want the %d uploaded", part, len(got), len(want))
			}
		}

		votePath := fmt.Sprintf("/votes/mine/%d", movieID)
		r := api.Do("POST", votePath, jury.Token, map[string]any{"score": 8.5, "comment": "Une mise en scène superbe", "is_candidate": false})
		v := object(t, message(t, r, http.StatusCreated, "Vote enregistré"), "vote")
		checkVote(t, v, jury.ID, movieID, 8.5, "Une mise en scène superbe", false)
		voteID = id(t, v, "id_vote")
		r = api.Do("POST", votePath, jury.Token, map[string]any{"score": 9.25, "comment": "Après un second visionnage : un chef-d'œuvre"})
		v = object(t, message(t, r, http.StatusOK, "Vote mis à jour"), "vote")
		checkVote(t, v, jury.ID, movieID, 9.25, "Après un second visionnage : un chef-d'œuvre", false)
		if id(t, v, "id_vote") != voteID {
			t.Fatalf("the update made vote %v, want %d", v["id_vote"], voteID)
		}
		r = api.Do("POST", fmt.Sprintf("/votes/mine/%d", rfID), jury.Token, map[string]any{"score": 6, "comment": "Prometteur"})
		checkVote(t, object(t, message(t, r, http.StatusCreated, "Vote enregistré"), "vote"), jury.ID, rfID, 6, "Prometteur", false)
		mine := api.Do("GET", "/votes/mine", jury.Token, nil).Expect(http.StatusOK).List()
		if l := ids(t, mine, "id_movie"); !equal(l, []int64{rfID, movieID}) {
			t.Fatalf("GET /votes/mine: films %v", l)
		}
		checkVote(t, mine[1], jury.ID, movieID, 9.25, "Après un second visionnage : un chef-d'œuvre", false)
		if id(t, mine[1], "id_vote") != voteID {
			t.Fatalf("GET /votes/mine = %v", mine)
		}
		one := api.Do("GET", votePath, jury.Token, nil).Expect(http.StatusOK).JSON()
		if id(t, one, "id_vote") != voteID {
			t.Fatalf("GET %s = %v", votePath, one)
		}

		m := movieMessage(t, api.Do("PUT", fmt.Sprintf("/movies/%d/jury-candidate", movieID), jury.Token, nil), "Film marqué comme candidat")
		if m["status"] != "CANDIDATE" || m["selection_status"] != "candidate" {
			t.Fatalf("after jury-candidate: status %v, selection_status %v", m["status"], m["selection_status"])
		}
	})

	t.Run("the admin reads votes and results, awards the film and reads the audit trail", func(t *testing.T) {
		api := api.For(t)
		api.Do("GET", "/votes", jury.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
		votes := api.Do("GET", "/votes", admin.Token, nil).Expect(http.StatusOK).List()
		if len(votes) != 2 || id(t, votes[0], "id_vote") != voteID {
			t.Fatalf("GET /votes = %v (vote %d first)", votes, voteID)
		}
		checkVote(t, votes[0], jury.ID, movieID, 9.25, "Après un second visionnage : un chef-d'œuvre", false)
		checkVote(t, votes[1], jury.ID, rfID, 6, "Prometteur", false)

		res := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).List()
		if len(res) != 2 {
			t.Fatalf("GET /votes/results = %v", res)
		}
		if id(t, res[0], "id_movie") != movieID || res[0]["rank"] != 1.0 || res[0]["vote_count"] != 1.0 || res[0]["mean"] != 9.25 ||
			res[0]["min"] != 9.25 || res[0]["max"] != 9.25 || res[0]["spread"] != 0.0 || res[0]["candidate_flags"] != 0.0 ||
			res[0]["selection_status"] != "candidate" {
			t.Fatalf("results, first = %v", res[0])
		}
		if id(t, res[1], "id_movie") != rfID || res[1]["rank"] != 2.0 || res[1]["vote_count"] != 1.0 || res[1]["mean"] != 6.0 ||
			res[1]["selection_status"] != "submitted" {
			t.Fatalf("results, second = %v", res[1])
		}
		r := api.Do("GET", "/votes/results.csv", admin.Token, nil).Expect(http.StatusOK)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("CSV Content-Type %q", ct)
		}
		rows, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("CSV %q: %v", r.Body, err)
		}
		if got := strings.Join(rows[0], ","); got != "rank,id_movie,title,selection_status,categories,vote_count,mean,min,max,spread,candidate_flags,"+
			"rank_low,rank_high,normalized_mean,normalized_rank,normalized_rank_low,normalized_rank_high,watched_share_min" {
			t.Fatalf("CSV header %s", got)
		}
		// The last column: the juror opened the film's media but played none of it (watched_share_min 0).
		if got, want := strings.Join(rows[1], "|"), fmt.Sprintf("1|%d|Portrait de la jeune fille en feu|candidate|Long métrage; Prix du public|1|9.25|9.25|9.25|0|0|1|1|1|1|1|1|0", movieID); got != want {
			t.Fatalf("CSV row %s, want %s", got, want)
		}

		body := message(t, api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": movieID, "name": "Palme de la mise en scène"}),
			http.StatusCreated, "Prix attribué")
		aw := object(t, body, "award")
		awardID = id(t, aw, "id_award")
		if id(t, aw, "id_movie") != movieID || aw["name"] != "Palme de la mise en scène" || !isTime(aw["awarded_at"]) {
			t.Fatalf("award = %v", aw)
		}
		m := api.Do("GET", fmt.Sprintf("/movies/%d", movieID), "", nil).Expect(http.StatusOK).JSON()
		checkMovie(t, m)
		awards := m["Awards"].([]any)
		if len(awards) != 1 {
			t.Fatalf("Awards = %v", awards)
		}
		a := awards[0].(map[string]any)
		if id(t, a, "id_award") != awardID || a["name"] != "Palme de la mise en scène" || a["awarded_at"] != aw["awarded_at"] || len(a) != 3 {
			t.Fatalf("Awards[0] = %v, want {id_award %d, name, awarded_at %v}", a, awardID, aw["awarded_at"])
		}
		if m["selection_status"] != "awarded" || m["status"] != "CANDIDATE" {
			t.Fatalf("awarded film: selection_status %v, status %v", m["selection_status"], m["status"])
		}
		if res := api.Do("GET", "/votes/results", admin.Token, nil).Expect(http.StatusOK).List(); res[0]["selection_status"] != "awarded" {
			t.Fatalf("results after the award: %v", res[0])
		}
		all := api.Do("GET", "/awards", admin.Token, nil).Expect(http.StatusOK).List()
		if l := ids(t, all, "id_award"); !equal(l, []int64{awardID}) {
			t.Fatalf("GET /awards = %v", all)
		}

		trail := api.Do("GET", fmt.Sprintf("/audit?target=movie:%d", movieID), admin.Token, nil).Expect(http.StatusOK).List()
		want := []struct {
			action string
			actor  acct
		}{
			{"award.create", admin}, {"movie.candidate", jury}, {"vote.update", jury}, {"vote.create", jury},
			{"movie.juries", admin}, {"movie.categories", admin}, {"movie.status", admin},
		}
		if len(trail) != len(want) {
			t.Fatalf("audit of the film (newest first) = %v", actions(trail))
		}
		for i, w := range want {
			e := trail[i]
			if e["action"] != w.action || id(t, e, "actor_id") != w.actor.ID || e["actor_role"] != w.actor.Role ||
				e["target"] != fmt.Sprintf("movie:%d", movieID) || !isTime(e["at"]) {
				t.Fatalf("audit entry %d = %v, want %s by %s %d (all: %v)", i, e, w.action, w.actor.Role, w.actor.ID, actions(trail))
			}
		}
		for i, w := range map[int][2]string{6: {"submitted", "assigned"}, 1: {"assigned", "candidate"}} {
			d, _ := trail[i]["details"].(map[string]any)
			if d["from"] != w[0] || d["to"] != w[1] {
				t.Fatalf("audit %s details = %v, want from %s to %s", trail[i]["action"], d, w[0], w[1])
			}
		}
	})

	t.Run("events are created, found again, edited and listed publicly", func(t *testing.T) {
		api := api.For(t)
		ev := map[string]any{
			"name": "Rencontre avec les réalisatrices", "description": "Table ronde après la projection.",
			"start_date": "2026-05-14T18:00:00Z", "end_date": "2026-05-14T20:00:00Z",
			"location": "Salle Debussy", "event_type": "CONFERENCE",
		}
		api.Do("POST", "/events", admin.Token, map[string]any{"name": "Incomplet"}).
			ExpectError(http.StatusBadRequest, "Tous les champs doivent être remplis ")
		body := message(t, api.Do("POST", "/events", admin.Token, ev), http.StatusCreated, "Evenment créée")
		created := object(t, body, "newEvent")
		eventID = id(t, created, "id_event")
		checkEvent(t, created, ev)

		dup := map[string]any{}
		for k, v := range ev {
			dup[k] = v
		}
		dup["location"] = "Ailleurs"
		body = message(t, api.Do("POST", "/events", admin.Token, dup), http.StatusOK, "Evenement déjà existant")
		again := object(t, body, "newEvent")
		if id(t, again, "id_event") != eventID {
			t.Fatalf("the duplicate answered event %v, want %d", again["id_event"], eventID)
		}
		checkEvent(t, again, ev)

		body = message(t, api.Do("PUT", fmt.Sprintf("/events/%d", eventID), admin.Token, map[string]any{"location": "Grand Théâtre Lumière", "event_type": "MEETUP"}),
			http.StatusOK, "Evenement mis à jour")
		up := object(t, body, "updatedEvent")
		ev["location"], ev["event_type"] = "Grand Théâtre Lumière", "MEETUP"
		checkEvent(t, up, ev)
		if id(t, up, "id_event") != eventID || up["createdAt"] != created["createdAt"] {
			t.Fatalf("updatedEvent = %v", up)
		}
		api.Do("PUT", "/events/999999", admin.Token, map[string]any{"location": "x"}).ExpectError(http.StatusNotFound, "Evenement non trouvé")

		list := api.Do("GET", "/events", "", nil).Expect(http.StatusOK).List()
		if len(list) != 1 || id(t, list[0], "id_event") != eventID {
			t.Fatalf("GET /events = %v", list)
		}
		checkEvent(t, list[0], ev)
		checkEvent(t, api.Do("GET", fmt.Sprintf("/events/%d", eventID), "", nil).Expect(http.StatusOK).JSON(), ev)
	})

	t.Run("deletions leave nothing behind", func(t *testing.T) {
		api := api.For(t)
		path := fmt.Sprintf("/movies/%d", movieID)
		before := strings.Join(movieItems(t, api, movieID), ",")
		// The media job its file queued waits there (this harness runs no
		// media worker): it goes with the film too.
		if !regexp.MustCompile(`^AWARD#\d+,CATEGORY#\d+,CATEGORY#\d+,JURY#\d+,MEDIAJOB,MOVIE,VOTE#\d+,WATCH#\d+$`).MatchString(before) {
			t.Fatalf("the film's items before its deletion: %s, want the film, an award, two category links, a jury assignment, its media job, a vote, the juror's watch", before)
		}
		message(t, api.Do("DELETE", path, admin.Token, nil), http.StatusOK, "Film supprimé avec succès")
		api.Do("GET", path, "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
		api.Do("DELETE", path, admin.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
		if keys := bucket(t, api, fmt.Sprintf("movies/%d/", movieID)); len(keys) != 0 {
			t.Fatalf("objects of the deleted film: %v", keys)
		}
		if left := movieItems(t, api, movieID); len(left) != 0 {
			t.Fatalf("items of the deleted film: %v", left)
		}
		// Only the producer's other film is left in every listing.
		leftOnly(t, api, admin, jury, rfID)
		api.Do("GET", fmt.Sprintf("/votes/mine/%d", movieID), jury.Token, nil).ExpectError(http.StatusNotFound, "Vote non trouvé")

		// The producer's account goes with their other film and its files.
		if keys := bucket(t, api, fmt.Sprintf("movies/%d/", rfID)); len(keys) != 2 {
			t.Fatalf("objects of the register-film film before the account's deletion: %v", keys)
		}
		if before := strings.Join(movieItems(t, api, rfID), ","); !regexp.MustCompile(`^CATEGORY#\d+,JURY#\d+,MEDIAJOB,MOVIE,VOTE#\d+$`).MatchString(before) {
			t.Fatalf("the register-film film's items: %s, want the film, a category link, a jury assignment, its media job, a vote", before)
		}
		userPath := fmt.Sprintf("/users/%d", prod.ID)
		message(t, api.Do("DELETE", userPath, admin.Token, nil), http.StatusOK, "Utilisateur supprimé avec succès")
		api.Do("GET", userPath, admin.Token, nil).ExpectError(http.StatusNotFound, "Utilisateur non trouvé")
		api.Do("GET", "/users/me", prod.Token, nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
		api.Do("GET", fmt.Sprintf("/movies/%d", rfID), "", nil).ExpectError(http.StatusNotFound, "Film non trouvé")
		if l := api.Do("GET", "/movies", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Fatalf("GET /movies after the deletions = %v", l)
		}
		if keys := bucket(t, api, ""); len(keys) != 0 {
			t.Fatalf("objects left in the bucket: %v", keys)
		}
		if left := movieItems(t, api, rfID); len(left) != 0 {
			t.Fatalf("items of the producer's film: %v", left)
		}
		leftOnly(t, api, admin, jury)
		api.Do("POST", "/auth/login", "", map[string]any{"email": prod.Email, "password": password}).
			ExpectError(http.StatusUnauthorized, "Identifiants invalides")
		// The e-mail is free again.
		message(t, api.Do("POST", "/auth/register", "", map[string]any{"first_name": "Céline", "last_name": "Sciamma",
			"email": prod.Email, "password": password}), http.StatusCreated, "Utilisateur créé avec succès")

		message(t, api.Do("DELETE", fmt.Sprintf("/events/%d", eventID), admin.Token, nil), http.StatusOK, "Evenement supprimé")
		if l := api.Do("GET", "/events", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Fatalf("GET /events after the deletion = %v", l)
		}
		for _, c := range []int64{catFeature, catPublic} {
			message(t, api.Do("DELETE", fmt.Sprintf("/categories/%d", c), admin.Token, nil), http.StatusOK, "Catégorie supprimée")
		}
		api.Do("DELETE", fmt.Sprintf("/categories/%d", catFeature), admin.Token, nil).ExpectError(http.StatusNotFound, "Catégorie non trouvée")
		if l := api.Do("GET", "/categories", "", nil).Expect(http.StatusOK).List(); len(l) != 0 {
			t.Fatalf("GET /categories after the deletions = %v", l)
		}
		// The names are free again.
		createCategory(t, api, admin, "Long métrage")

		tail := actions(api.Do("GET", "/audit?limit=7", admin.Token, nil).Expect(http.StatusOK).List())
		want := []string{"category.create", "category.delete", "category.delete", "event.delete", "user.delete", "movie.delete", "event.update"}
		if strings.Join(tail, ",") != strings.Join(want, ",") {
			t.Fatalf("latest audit entries %v, want %v", tail, want)
		}
	})

	t.Logf("the whole festival took %s", time.Since(start).Round(time.Millisecond))
}

// leftOnly checks that the films, votes, assignments, results and awards
// that listings show are those of the films given, and nothing else.
func leftOnly(t *testing.T, api *apitest.API, admin, jury acct, movies ...int64) {
	t.Helper()
	want := fmt.Sprint(movies)
	if movies == nil {
		want = "[]"
	}
	for _, l := range []struct{ path, token, key string }{
		{"/movies", "", "id_movie"}, {"/movies/assigned", jury.Token, "id_movie"}, {"/votes", admin.Token, "id_movie"},
		{"/votes/mine", jury.Token, "id_movie"}, {"/votes/results", admin.Token, "id_movie"},
	} {
		got := ids(t, api.Do("GET", l.path, l.token, nil).Expect(http.StatusOK).List(), l.key)
		if fmt.Sprint(got) != want {
			t.Fatalf("GET %s: films %v, want %s", l.path, got, want)
		}
	}
	if aw := api.Do("GET", "/awards", admin.Token, nil).Expect(http.StatusOK).List(); len(aw) != 0 {
		t.Fatalf("GET /awards = %v", aw)
	}
}

// acct is an account of the walk.
type acct struct {
	ID                              int64
	Email, First, Last, Role, Token string
}

// register creates an account through POST /auth/register, checks the
// answer and logs in.
func register(t *testing.T, api *apitest.API, role, first, last string) acct {
	t.Helper()
	a := acct{Email: strings.ToLower(first) + "@example.org", First: first, Last: last, Role: role}
	r := api.Do("POST", "/auth/register", "", map[string]any{
		"first_name": first, "last_name": last, "email": a.Email, "password": password, "role": role,
	})
	u := object(t, message(t, r, http.StatusCreated, "Utilisateur créé avec succès"), "newUser")
	a.ID = id(t, u, "id_user")
	if u["email"] != a.Email || u["role"] != role || u["first_name"] != first || u["last_name"] != last ||
		!strings.HasPrefix(fmt.Sprint(u["password"]), "$2") {
		t.Fatalf("newUser = %v", u)
	}
	checkUser(t, u)
	r = api.Do("POST", "/auth/register", "", map[string]any{
		"first_name": first, "last_name": last, "email": a.Email, "password": password, "role": role,
	})
	if again := object(t, message(t, r, http.StatusOK, "Cet utilisateur existe déjà"), "user"); id(t, again, "id_user") != a.ID {
		t.Fatalf("the second registration answered %v", again)
	}
	a.Token = login(t, api, a)
	return a
}

// login logs the account in and checks the answer.
func login(t *testing.T, api *apitest.API, a acct) string {
	t.Helper()
	api.Do("POST", "/auth/login", "", map[string]any{"email": a.Email, "password": "pas le bon"}).
		ExpectError(http.StatusUnauthorized, "Identifiants invalides")
	r := api.Do("POST", "/auth/login", "", map[string]any{"email": a.Email, "password": password})
	d := object(t, message(t, r, http.StatusOK, "Connexion réussie"), "data")
	tok, _ := d["token"].(string)
	if d["email"] != a.Email || d["first_name"] != a.First || d["role"] != a.Role || strings.Count(tok, ".") != 2 || len(d) != 4 {
		t.Fatalf("login data = %v", d)
	}
	return tok
}

// message checks the status and the message of a {message, ...} answer and
// returns the body.
func message(t *testing.T, r *apitest.Response, status int, msg string) map[string]any {
	t.Helper()
	r.Expect(status)
	if r.Header.Get("X-Request-Id") == "" {
		t.Fatalf("no X-Request-Id on the answer %s", r.Body)
	}
	body := r.JSON()
	if body["message"] != msg {
		t.Fatalf("message %q, want %q; body: %s", body["message"], msg, r.Body)
	}
	return body
}

// movieMessage checks a 200 {message, movie} answer and returns the movie.
func movieMessage(t *testing.T, r *apitest.Response, msg string) map[string]any {
	t.Helper()
	m := object(t, message(t, r, http.StatusOK, msg), "movie")
	checkMovie(t, m)
	return m
}

// checkMovie checks that m has every field of the spec's Movie (plus status)
// and that its embedded arrays are arrays.
func checkMovie(t *testing.T, m map[string]any) {
	t.Helper()
	wantKeys(t, m, "id_movie", "title", "description", "duration", "main_language", "release_year", "nationality",
		"display_picture", "picture1", "picture2", "picture3", "trailer", "youtube_link", "production", "workshop",
		"translation", "synopsis", "synopsis_anglais", "subtitle", "ai_tool", "thumbnail", "selection_status", "status",
		"jury_comment", "admin_comment", "id_user", "createdAt", "updatedAt", "Producer")
	for _, k := range []string{"Categories", "Collaborators", "Awards", "Juries"} {
		if _, ok := m[k].([]any); !ok {
			t.Fatalf("%s = %#v, want an array; movie: %v", k, m[k], m)
		}
	}
	if !isTime(m["createdAt"]) || !isTime(m["updatedAt"]) {
		t.Fatalf("timestamps %v, %v", m["createdAt"], m["updatedAt"])
	}
}

// checkUser checks that u has every field of the spec's User (the password
// only where the spec shows it) and that the profile is empty.
func checkUser(t *testing.T, u map[string]any) {
	t.Helper()
	for _, k := range []string{"phone", "mobile", "birth_date", "street", "postal_code", "city", "country", "biography",
		"job", "portfolio", "youtube", "instagram", "linkedin", "facebook", "tiktok", "known_by_service"} {
		if v, ok := u[k]; !ok || v != nil {
			t.Fatalf("%s = %#v (present %v), want null; user: %v", k, v, ok, u)
		}
	}
	if !isTime(u["createdAt"]) || !isTime(u["updatedAt"]) {
		t.Fatalf("user timestamps %v, %v", u["createdAt"], u["updatedAt"])
	}
}

// storedName checks that the field holds a stored name of the spec's shape,
// <part>-<digits>.<ext>, and returns it.
func storedName(t *testing.T, m map[string]any, field, part, ext string) string {
	t.Helper()
	name, _ := m[field].(string)
	if !regexp.MustCompile(`^` + part + `-[0-9]+(-[0-9]+)*\.` + ext + `$`).MatchString(name) {
		t.Fatalf("%s = %q, want %s-<digits>.%s", field, m[field], part, ext)
	}
	return name
}

func checkCategories(t *testing.T, m map[string]any, want ...any) {
	t.Helper()
	cats, _ := m["Categories"].([]any)
	if len(cats) != len(want)/2 {
		t.Fatalf("Categories = %v", m["Categories"])
	}
	for i, c := range cats {
		c := c.(map[string]any)
		if id(t, c, "id_categorie") != want[2*i].(int64) || c["name"] != want[2*i+1] || len(c) != 2 {
			t.Fatalf("Categories[%d] = %v, want {id_categorie %v, name %v}", i, c, want[2*i], want[2*i+1])
		}
	}
}

func checkJury(t *testing.T, m map[string]any, j acct) {
	t.Helper()
	juries, _ := m["Juries"].([]any)
	if len(juries) != 1 {
		t.Fatalf("Juries = %v", m["Juries"])
	}
	got := juries[0].(map[string]any)
	if id(t, got, "id_user") != j.ID || got["first_name"] != j.First || got["last_name"] != j.Last ||
		got["email"] != j.Email || got["role"] != "JURY" || len(got) != 5 {
		t.Fatalf("Juries[0] = %v, want %+v", got, j)
	}
}

func checkVote(t *testing.T, v map[string]any, user, movie int64, score float64, comment string, candidate bool) {
	t.Helper()
	wantKeys(t, v, "id_vote", "createdAt", "updatedAt")
	if id(t, v, "id_user") != user || id(t, v, "id_movie") != movie || v["score"] != score ||
		v["comment"] != comment || v["is_candidate"] != candidate {
		t.Fatalf("vote = %v, want user %d, film %d, score %v, comment %q, is_candidate %v", v, user, movie, score, comment, candidate)
	}
}

// checkEvent compares an Event with the fields sent (dates as ISO instants).
func checkEvent(t *testing.T, e, sent map[string]any) {
	t.Helper()
	wantKeys(t, e, "id_event", "createdAt", "updatedAt")
	for k, v := range sent {
		if strings.HasSuffix(k, "_date") {
			want, _ := time.Parse(time.RFC3339, v.(string))
			got, err := time.Parse(time.RFC3339, fmt.Sprint(e[k]))
			if err != nil || !got.Equal(want) || !isTime(e[k]) {
				t.Fatalf("%s = %v, want %v", k, e[k], v)
			}
			continue
		}
		if e[k] != v {
			t.Fatalf("%s = %v, want %v; event: %v", k, e[k], v, e)
		}
	}
}

func createCategory(t *testing.T, api *apitest.API, admin acct, name string) int64 {
	t.Helper()
	c := object(t, message(t, api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}), http.StatusCreated, "Catégorie créée"), "newCategory")
	if c["name"] != name || !isTime(c["createdAt"]) || !isTime(c["updatedAt"]) {
		t.Fatalf("newCategory = %v", c)
	}
	return id(t, c, "id_categorie")
}

// isTime tells whether v is an ISO 8601 UTC timestamp as the API writes them.
func isTime(v any) bool {
	s, _ := v.(string)
	return regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`).MatchString(s)
}

func object(t *testing.T, m map[string]any, key string) map[string]any {
	t.Helper()
	o, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("%s = %#v, want an object; in %v", key, m[key], m)
	}
	return o
}

func id(t *testing.T, m map[string]any, key string) int64 {
	t.Helper()
	f, ok := m[key].(float64)
	if !ok || f != float64(int64(f)) || f <= 0 {
		t.Fatalf("%s = %#v, want a positive integer; in %v", key, m[key], m)
	}
	return int64(f)
}

func ids(t *testing.T, l []map[string]any, key string) []int64 {
	t.Helper()
	out := make([]int64, len(l))
	for i, m := range l {
		out[i] = id(t, m, key)
	}
	return out
}

func wantKeys(t *testing.T, m map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Fatalf("no %s in %v", k, m)
		}
	}
}

func actions(l []map[string]any) []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = fmt.Sprint(e["action"])
	}
	return out
}

func equal(a, b []int64) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// download fetches a presigned URL as a browser would, without a token.
func download(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v: %s", url, resp.StatusCode, err, b)
	}
	return b
}

// bucket lists the keys of the API's bucket under prefix.
func bucket(t *testing.T, api *apitest.API, prefix string) []string {
	t.Helper()
	d := api.Server.Deps
	var keys []string
	p := s3.NewListObjectsV2Paginator(d.S3, &s3.ListObjectsV2Input{Bucket: aws.String(d.Config.Bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatalf("list the bucket: %v", err)
		}
		for _, o := range out.Contents {
			keys = append(keys, aws.ToString(o.Key))
		}
	}
	return keys
}

// movieItems lists the sort keys of the film's item collection (the film,
// its category links, jury assignments, votes and awards).
func movieItems(t *testing.T, api *apitest.API, movieID int64) []string {
	t.Helper()
	d := api.Server.Deps
	out, err := d.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName:              aws.String(d.Config.Table),
		KeyConditionExpression: aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("MOVIE#%d", movieID)},
		},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatalf("query the film's items: %v", err)
	}
	var sks []string
	for _, it := range out.Items {
		var k struct{ SK string }
		_ = attributevalue.UnmarshalMap(it, &k)
		sks = append(sks, k.SK)
	}
	return sks
}
