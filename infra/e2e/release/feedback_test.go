package release

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
)

// judge has a juror play a stretch of a film and vote on it.
func judge(api *apitest.API, jury apitest.Account, film int64, to float64, vote map[string]any) map[string]any {
	api.Do("POST", fmt.Sprintf("/movies/%d/viewing", film), jury.Token, map[string]any{"from": 0, "to": to}).Expect(http.StatusOK)
	return api.Do("POST", fmt.Sprintf("/votes/mine/%d", film), jury.Token, vote).Expect(http.StatusCreated).JSON()
}

func TestAProducerReadsTheFeedbackOnTheirFilmOnceReleased(t *testing.T) {
	t.Parallel()
	api, clock := start(t)
	admin, prod, other := api.Register("ADMIN"), api.Register("PRODUCER"), api.Register("PRODUCER")
	j1, j2, j3 := api.Register("JURY"), api.Register("JURY"), api.Register("JURY")
	short := category(api, admin, "Courts métrages")
	cleo := film(t, api, admin, prod, "Cléo de 5 à 7", short)
	bonheur := film(t, api, admin, other, "Le Bonheur", short)
	for _, f := range []int64{cleo, bonheur} {
		api.Do("PUT", fmt.Sprintf("/movies/%d/juries", f), admin.Token, map[string]any{"juries": []int64{j1.ID, j2.ID, j3.ID}}).Expect(http.StatusOK)
	}
	grid := []map[string]any{{"key": "image", "name": "Image", "weight": 2}, {"key": "recit", "name": "Récit", "weight": 1}}
	api.Do("PUT", "/settings", admin.Token, map[string]any{"scoring_grid": grid}).Expect(http.StatusOK)

	v := judge(api, j1, cleo, 100, map[string]any{"criteria": map[string]any{"image": 9, "recit": 6}, "comment": "Un regard neuf sur Paris.", "comment_shared": true})
	if v["vote"].(map[string]any)["comment_shared"] != true {
		t.Errorf("vote: %v, want the comment shared", v)
	}
	judge(api, j2, cleo, 92, map[string]any{"criteria": map[string]any{"image": 6, "recit": 5}, "comment": "Trop long. — Paul"})
	judge(api, j3, cleo, 30, map[string]any{"criteria": map[string]any{"image": 7}, "comment": "Belle photographie."})
	// Sharing alone is a change of the vote.
	shared := api.Do("POST", fmt.Sprintf("/votes/mine/%d", cleo), j3.Token, map[string]any{"comment_shared": true}).Expect(http.StatusOK).JSON()["vote"].(map[string]any)
	if shared["comment_shared"] != true || shared["comment"] != "Belle photographie." {
		t.Errorf("shared alone: %v", shared)
	}
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", cleo), j3.Token, map[string]any{"comment_shared": "oui"}).
		ExpectError(http.StatusBadRequest, "Le champ comment_shared doit être un booléen (true : le commentaire est montré, sans votre nom, au producteur du film)")
	judge(api, j1, bonheur, 100, map[string]any{"criteria": map[string]any{"image": 4, "recit": 4}})

	path := fmt.Sprintf("/movies/%d/feedback", cleo)
	api.Do("GET", path, prod.Token, nil).ExpectError(http.StatusForbidden, "Le festival ne partage pas de retours du jury sur les films.")
	release := clock.now().Add(72 * time.Hour)
	api.Do("PUT", "/settings", admin.Token, map[string]any{"decisions_release_at": release.Format(time.RFC3339),
		"feedback": map[string]any{"decision": true, "marks": true, "comments": true, "viewing": true}}).Expect(http.StatusOK)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", cleo), admin.Token, map[string]any{"status": "selected"}).Expect(http.StatusOK)

	api.Do("GET", path, prod.Token, nil).ExpectErrorAbout(http.StatusForbidden, "seront disponibles à la publication des décisions, le ")
	api.Do("GET", path, other.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", path, j1.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	api.Do("GET", path, "", nil).Expect(http.StatusUnauthorized)
	api.Do("GET", "/movies/99999/feedback", admin.Token, nil).ExpectError(http.StatusNotFound, "Film non trouvé")
	if pre := api.Do("GET", path, admin.Token, nil).Expect(http.StatusOK).JSON(); pre["decision"].(map[string]any)["status_label"] != "en cours d'examen" {
		t.Errorf("an admin's preview before the release: %v, want what the producer will read then", pre["decision"])
	}

	api.Do("POST", "/notifications/release", admin.Token, map[string]any{"id_categorie": short}).Expect(http.StatusOK)
	got := api.Do("GET", path, prod.Token, nil).Expect(http.StatusOK).JSON()
	b, _ := json.Marshal(got)
	want := fmt.Sprintf(`{"comments":["Un regard neuf sur Paris.","Belle photographie."],"decision":{"selection_status":"selected","status_label":"sélectionné"},`+
		`"id_movie":%d,"marks":{"category":{"id_categorie":%d,"name":"Courts métrages"},"criteria":[`+
		`{"key":"image","marks":[6,7,9],"mean":7.33,"name":"Image","weight":2},{"key":"recit","marks":[5,6],"mean":5.5,"name":"Récit","weight":1}],`+
		`"percentile":100,"score":{"marks":[5.67,7,8],"mean":6.89},"votes":3},"title":"Cléo de 5 à 7","viewing":{"jurors":3,"watched_whole":2}}`, cleo, short)
	if string(b) != want {
		t.Errorf("feedback:\n%s\nwant\n%s", b, want)
	}

	api.Do("PUT", "/settings", admin.Token, map[string]any{"feedback": map[string]any{"decision": true}}).Expect(http.StatusOK)
	only := api.Do("GET", path, prod.Token, nil).Expect(http.StatusOK).JSON()
	if only["marks"] != nil || only["comments"] != nil || only["viewing"] != nil || only["decision"] == nil {
		t.Errorf("with the decision alone: %v", only)
	}
}
