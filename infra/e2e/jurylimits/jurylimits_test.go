// Package jurylimits_test holds what a juror is told they may do on a film
// (GET /votes/allowed/{id_movie}) to what the writes then do (POST
// /votes/mine/{id_movie}, PUT /movies/{id}/jury-candidate), rule by rule,
// and the juror's queue (GET /votes/queue) to their votes.
package jurylimits_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// people are a festival's three accounts.
type people struct{ admin, jury, prod apitest.Account }

func path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// For each rule: ask, then vote, then mark candidate; the answers agree,
// down to the refusal's key.
func TestAllowedAgreesWithTheWritesRuleByRule(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		// film sets the festival up and returns the film the juror tries.
		film      func(t *testing.T, api *apitest.API, p people) int64
		vote      bool
		candidate bool
		code      string
	}{
		{name: "an open film", vote: true, candidate: true,
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Ouvert"})
			}},
		{name: "a conflict the juror declared", code: "conflict_of_interest",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				id := api.StoreMovie(t, p.prod, festival.Movie{Title: "Déclaré"})
				api.Do("PUT", "/users/me/jury-profile", p.jury.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{id}}).Expect(http.StatusOK)
				return id
			}},
		{name: "the juror among the film's team", code: "conflict_of_interest",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Équipe",
					Collaborators: []festival.Collaborator{{ID: 1, FirstName: "A", LastName: "B", Email: p.jury.Email, Job: "Montage"}}})
			}},
		{name: "not assigned, the festival requiring it", code: "not_assigned",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				api.Do("PUT", "/settings", p.admin.Token, map[string]any{"jury_vote_assigned_only": true}).Expect(http.StatusOK)
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Pas à moi"})
			}},
		{name: "assigned, the festival requiring it", vote: true, candidate: true,
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				api.Do("PUT", "/settings", p.admin.Token, map[string]any{"jury_vote_assigned_only": true}).Expect(http.StatusOK)
				id := api.StoreMovie(t, p.prod, festival.Movie{Title: "À moi"})
				api.Do("PUT", path("/movies/%d/juries", id), p.admin.Token, map[string]any{"juries": []int64{p.jury.ID}}).Expect(http.StatusOK)
				return id
			}},
		{name: "the vote closed", code: "voting_closed",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				api.Do("PUT", "/settings", p.admin.Token, map[string]any{
					"voting_open_at": "2020-01-01T00:00:00Z", "voting_close_at": "2020-01-02T00:00:00Z"}).Expect(http.StatusOK)
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Trop tard"})
			}},
		{name: "the results published", code: "results_published_votes_closed",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				api.Do("PUT", "/settings", p.admin.Token, map[string]any{"results_published": true}).Expect(http.StatusOK)
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Publié"})
			}},
		{name: "a withdrawn film", code: "movie_out_withdrawn",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				id := api.StoreMovie(t, p.prod, festival.Movie{Title: "Retiré"})
				api.Do("POST", path("/movies/%d/withdraw", id), p.prod.Token, map[string]any{"reason": "Retenu ailleurs"}).Expect(http.StatusOK)
				return id
			}},
		{name: "watched too little: the mark stays open", candidate: true, code: "not_watched_enough",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				api.Do("PUT", "/settings", p.admin.Token, map[string]any{"min_watched_share": 50}).Expect(http.StatusOK)
				d := int64(600)
				return api.StoreMovie(t, p.prod, festival.Movie{Title: "Pas vu", Duration: &d})
			}},
		{name: "a film of an archived edition", code: "edition_archived_read_only",
			film: func(t *testing.T, api *apitest.API, p people) int64 {
				id := api.StoreMovie(t, p.prod, festival.Movie{Title: "D'avant"})
				api.Do("POST", "/editions", p.admin.Token, map[string]any{"id": "suivante"}).Expect(http.StatusCreated)
				return id
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			api := apitest.Start(t).For(t)
			p := people{admin: api.Register("ADMIN"), jury: api.Register("JURY"), prod: api.Register("PRODUCER")}
			id := c.film(t, api, p)
			var allowed struct {
				Vote, Candidate bool
				Reason, Code    string
				MyVote          *struct{ Score float64 } `json:"my_vote"`
			}
			api.Do("GET", path("/votes/allowed/%d", id), p.jury.Token, nil).Expect(http.StatusOK).Decode(&allowed)
			if allowed.Vote != c.vote || allowed.Candidate != c.candidate || allowed.Code != c.code || allowed.MyVote != nil ||
				(c.code != "" && allowed.Reason == "") {
				t.Fatalf("allowed = %+v, want vote %v, candidate %v, code %q", allowed, c.vote, c.candidate, c.code)
			}
			vote := api.Do("POST", path("/votes/mine/%d", id), p.jury.Token, map[string]any{"score": 6})
			agree(t, "the vote", vote, allowed.Vote, allowed.Code, allowed.Reason)
			mark := api.Do("PUT", path("/movies/%d/jury-candidate", id), p.jury.Token, nil)
			markCode := allowed.Code
			if allowed.Candidate {
				markCode = ""
			}
			agree(t, "the candidate mark", mark, allowed.Candidate, markCode, allowed.Reason)
			if allowed.Vote {
				api.Do("GET", path("/votes/allowed/%d", id), p.jury.Token, nil).Expect(http.StatusOK).Decode(&allowed)
				if allowed.MyVote == nil || allowed.MyVote.Score != 6 {
					t.Fatalf("allowed after the vote = %+v, want the vote in it", allowed)
				}
			}
		})
	}
}

// agree fails unless the write answered as allowed said: a success, or
// the refusal with the same key and words.
func agree(t *testing.T, what string, r *apitest.Response, ok bool, code, reason string) {
	t.Helper()
	if ok {
		if r.Status >= 300 {
			t.Fatalf("%s was allowed, and answers %d %s", what, r.Status, r.Body)
		}
		return
	}
	body := r.JSON()
	if r.Status < 400 || body["code"] != code || body["error"] != reason {
		t.Fatalf("%s was refused with %q %q, and answers %d %s", what, code, reason, r.Status, r.Body)
	}
}

func TestAllowedIsForJurorsAndKnownFilms(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	prod, jury, admin := api.Register("PRODUCER"), api.Register("JURY"), api.Register("ADMIN")
	id := api.StoreMovie(t, prod, festival.Movie{Title: "Un film"})
	for _, p := range []string{path("/votes/allowed/%d", id), "/votes/queue"} {
		api.Do("GET", p, "", nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
		api.Do("GET", p, prod.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle JURY requis.")
		api.Do("GET", p, admin.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle JURY requis.")
	}
	api.Do("GET", "/votes/allowed/999999", jury.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", "/votes/allowed/abc", jury.Token, nil).ExpectError(http.StatusBadRequest, `Identifiant invalide dans l'URL : "abc"`)
	api.Do("GET", "/votes/queue?edition="+string(festival.FirstEdition), jury.Token, nil).
		ExpectError(http.StatusBadRequest, "La file du juré porte sur l'édition en cours : n'envoyez pas le paramètre edition")
	// In English, the reason is in English and the code the same.
	api.Do("PUT", "/users/me/jury-profile", jury.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{id}}).Expect(http.StatusOK)
	en := api.WithHeader("Accept-Language", "en").Do("GET", path("/votes/allowed/%d", id), jury.Token, nil).Expect(http.StatusOK).JSON()
	if en["code"] != "conflict_of_interest" || en["reason"] != "Access denied. Conflict of interest: you produced this film, are among its collaborators or have declared a conflict with it." {
		t.Fatalf("allowed in English = %v", en)
	}
}

// The queue: the assigned films in order, each with its state, and the
// next one to watch moving along as the juror votes.
func TestTheQueueMovesAlongAsTheJurorVotes(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, jury, prod := api.Register("ADMIN"), api.Register("JURY"), api.Register("PRODUCER")
	var films []int64
	for _, title := range []string{"Premier", "Deuxième", "Troisième"} {
		id := api.StoreMovie(t, prod, festival.Movie{Title: title})
		api.Do("PUT", path("/movies/%d/juries", id), admin.Token, map[string]any{"juries": []int64{jury.ID}}).Expect(http.StatusOK)
		films = append(films, id)
	}
	api.StoreMovie(t, prod, festival.Movie{Title: "Pas assigné"}) // not in the queue
	type entry struct {
		ID    int64    `json:"id_movie"`
		Title string   `json:"title"`
		State string   `json:"state"`
		Score *float64 `json:"score"`
		Vote  bool     `json:"vote"`
	}
	queue := func() ([]entry, *int64) {
		var q struct {
			Films []entry
			Next  *int64
		}
		api.Do("GET", "/votes/queue", jury.Token, nil).Expect(http.StatusOK).Decode(&q)
		return q.Films, q.Next
	}
	q, next := queue()
	if len(q) != 3 || q[0].ID != films[0] || q[0].State != "to_watch" || q[0].Score != nil || !q[0].Vote || next == nil || *next != films[0] {
		t.Fatalf("queue = %+v, next %v", q, next)
	}
	for i, id := range films {
		api.Do("POST", path("/votes/mine/%d", id), jury.Token, map[string]any{"score": 7}).Expect(http.StatusCreated)
		q, next = queue()
		if q[i].State != "voted" || q[i].Score == nil || *q[i].Score != 7 {
			t.Fatalf("after voting on %d: %+v", id, q[i])
		}
		switch {
		case i+1 < len(films) && (next == nil || *next != films[i+1]):
			t.Fatalf("after voting on film %d, next = %v, want %d", i, next, films[i+1])
		case i+1 == len(films) && next != nil:
			t.Fatalf("every film voted, next = %d, want null", *next)
		}
	}
	// Another juror's queue is their own: empty.
	other := api.Register("JURY")
	if r := api.Do("GET", "/votes/queue", other.Token, nil).Expect(http.StatusOK).JSON(); len(r["films"].([]any)) != 0 || r["next"] != nil {
		t.Fatalf("another juror's queue = %v", r)
	}
}
