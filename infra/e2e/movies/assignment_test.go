package movies

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

type previewBody struct {
	PlanID string `json:"plan_id"`
	Films  []struct {
		ID      int64   `json:"id_movie"`
		Minutes int64   `json:"minutes"`
		Juries  []int64 `json:"juries"`
	} `json:"films"`
	Loads []struct {
		ID      int64 `json:"id_user"`
		Films   int   `json:"films"`
		Minutes int64 `json:"minutes"`
	} `json:"loads"`
	Spread struct {
		Range int64 `json:"range_minutes"`
	} `json:"spread"`
	Short   []map[string]any `json:"short"`
	Changes int              `json:"changes"`
}

func TestTheAutomaticAssignmentIsPreviewedThenAppliedAsPreviewedWithinTheRules(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	var jurors []apitest.Account
	for range 4 {
		jurors = append(jurors, api.Register("JURY"))
	}
	catID := func(name string) int64 {
		r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated).JSON()
		return int64(r["newCategory"].(map[string]any)["id_categorie"].(float64))
	}
	shorts, features := catID("Courts"), catID("Longs")
	var films []int64
	minutes := map[int64]int64{}
	for i := range 12 {
		d := int64(600 + 600*i) // seconds: 10 to 120 minutes
		cat := shorts
		if i%2 == 1 {
			cat = features
		}
		m := festival.Movie{Title: fmt.Sprintf("Film %d", i), Duration: &d, Categories: []festival.MovieCategory{{ID: cat}}}
		if i == 0 { // the first member is among the first film's collaborators
			m.Collaborators = []festival.Collaborator{{FirstName: "A", LastName: "B", Email: jurors[0].Email}}
		}
		id := api.StoreMovie(t, prod, m)
		films, minutes[id] = append(films, id), d/60
	}
	// The third member judges only shorts; the fourth declares a conflict
	// with the second film.
	api.Do("PUT", "/users/me/jury-profile", jurors[2].Token, map[string]any{"categories": []int64{shorts}, "conflicts": []int64{}}).Expect(http.StatusOK)
	api.Do("PUT", "/users/me/jury-profile", jurors[3].Token, map[string]any{"categories": []int64{}, "conflicts": []int64{films[1], films[1]}}).Expect(http.StatusOK)
	if p := api.Do("GET", "/users/me/jury-profile", jurors[3].Token, nil).Expect(http.StatusOK).JSON(); fmt.Sprint(p["conflicts"]) != fmt.Sprintf("[%d]", films[1]) {
		t.Fatalf("profile = %v, want the conflict once", p)
	}
	api.Do("PUT", "/users/me/jury-profile", jurors[3].Token, map[string]any{"categories": []int64{999}, "conflicts": []int64{}}).ExpectError(http.StatusBadRequest, "Catégories inconnues : 999")
	api.Do("PUT", "/users/me/jury-profile", jurors[3].Token, map[string]any{"categories": []int64{}}).ExpectErrorAbout(http.StatusBadRequest, "Le corps doit être")
	api.Do("PUT", "/users/me/jury-profile", prod.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}}).Expect(http.StatusForbidden)
	// An admin reads and sets a member's declarations; not a producer's.
	if p := api.Do("GET", fmt.Sprintf("/users/%d/jury-profile", jurors[2].ID), admin.Token, nil).Expect(http.StatusOK).JSON(); fmt.Sprint(p["categories"]) != fmt.Sprintf("[%d]", shorts) {
		t.Fatalf("the admin reads %v, want the member's category", p)
	}
	api.Do("PUT", fmt.Sprintf("/users/%d/jury-profile", prod.ID), admin.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}}).
		ExpectError(http.StatusBadRequest, "Cet utilisateur n'est pas membre du jury (rôle JURY) : il ne déclare ni catégories ni conflits")
	api.Do("GET", fmt.Sprintf("/users/%d/jury-profile", jurors[2].ID), jurors[2].Token, nil).Expect(http.StatusForbidden)
	api.Do("PUT", fmt.Sprintf("/users/%d/jury-profile", jurors[1].ID), admin.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{}}).Expect(http.StatusOK)

	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 0}).ExpectErrorAbout(http.StatusBadRequest, "jurors_per_film")
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 2, "statuses": []string{"nope"}}).ExpectErrorAbout(http.StatusBadRequest, "jurors_per_film")
	api.Do("POST", "/movies/assignment/preview", prod.Token, map[string]any{"jurors_per_film": 2}).Expect(http.StatusForbidden)

	var p previewBody
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 2}).Expect(http.StatusOK).Decode(&p)
	if len(p.Films) != 12 || len(p.Short) != 0 || p.Changes != 12 {
		t.Fatalf("preview: %d films, short %v, %d changes; want 12 films staffed", len(p.Films), p.Short, p.Changes)
	}
	planned := map[int64][]int64{}
	var total int64
	for _, f := range p.Films {
		planned[f.ID] = f.Juries
		total += 2 * minutes[f.ID]
		if len(f.Juries) != 2 {
			t.Errorf("film %d has members %v, want 2", f.ID, f.Juries)
		}
		if f.ID == films[0] && slices.Contains(f.Juries, jurors[0].ID) || f.ID == films[1] && slices.Contains(f.Juries, jurors[3].ID) {
			t.Errorf("film %d given to a member with a conflict: %v", f.ID, f.Juries)
		}
		if slices.Index(films, f.ID)%2 == 1 && slices.Contains(f.Juries, jurors[2].ID) {
			t.Errorf("feature %d given to the member who judges only shorts", f.ID)
		}
	}
	var loaded int64
	for _, l := range p.Loads {
		loaded += l.Minutes
	}
	if loaded != total {
		t.Errorf("loads sum to %d minutes, the films to %d", loaded, total)
	}
	t.Logf("4 members, 12 films of 10 to 120 min, 2 per film: load range %d min", p.Spread.Range)
	if got := api.Do("GET", "/movies/assigned", jurors[1].Token, nil).Expect(http.StatusOK).List(); len(got) != 0 {
		t.Fatalf("the preview assigned %d films", len(got))
	}

	r := api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": p.PlanID}).Expect(http.StatusOK).JSON()
	if r["message"] != "Assignation appliquée" || r["films_changed"] != float64(12) {
		t.Fatalf("apply = %v", r)
	}
	for _, j := range jurors {
		var want []int64
		for id, members := range planned {
			if slices.Contains(members, j.ID) {
				want = append(want, id)
			}
		}
		var got []int64
		for _, m := range api.Do("GET", "/movies/assigned", j.Token, nil).Expect(http.StatusOK).List() {
			got = append(got, int64(m["id_movie"].(float64)))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("member %d is assigned %v, the preview said %v", j.ID, got, want)
		}
	}
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": p.PlanID}).ExpectError(http.StatusConflict, "Cette assignation a déjà été appliquée")
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": "inconnu"}).ExpectError(http.StatusNotFound, "Aperçu d'assignation inconnu ou expiré : refaites l'aperçu")
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{}).ExpectError(http.StatusBadRequest, "Le champ plan_id (reçu de l'aperçu) est requis")
	var given int64 // a film the second member now judges: no conflict can be declared on it
	for id, members := range planned {
		if slices.Contains(members, jurors[1].ID) {
			given = id
		}
	}
	api.Do("PUT", fmt.Sprintf("/users/%d/jury-profile", jurors[1].ID), admin.Token, map[string]any{"categories": []int64{}, "conflicts": []int64{given}}).
		ExpectError(http.StatusConflict, fmt.Sprintf("Ce membre du jury est déjà assigné aux films %d : retirez-le de leur jury, puis déclarez le conflit", given))

	// Kept as they are, the films need no change; a film changed after a
	// preview makes its apply write nothing.
	var again previewBody
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 2, "keep_existing": true}).Expect(http.StatusOK).Decode(&again)
	if again.Changes != 0 {
		t.Errorf("a second preview keeping the assignment changes %d films", again.Changes)
	}
	var more previewBody
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 3}).Expect(http.StatusOK).Decode(&more)
	api.Do("PUT", fmt.Sprintf("/movies/%d/status", films[5]), admin.Token, map[string]any{"selection_status": "selected"}).Expect(http.StatusOK)
	api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": more.PlanID}).
		ExpectError(http.StatusConflict, fmt.Sprintf("Le film %d a changé depuis l'aperçu : rien n'a été appliqué, refaites l'aperçu", films[5]))
	for _, m := range api.Do("GET", "/movies/assigned", jurors[1].Token, nil).Expect(http.StatusOK).List() {
		if id := int64(m["id_movie"].(float64)); !slices.Contains(planned[id], jurors[1].ID) {
			t.Errorf("the refused plan assigned film %d", id)
		}
	}

	// One section with its own jury: only the shorts are staffed, only by
	// the first two members; the members films have are kept.
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 3, "categories": []int64{999}}).
		ExpectError(http.StatusBadRequest, "Catégories inconnues : 999")
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 3, "jurors": []int64{prod.ID}}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf("Utilisateurs inconnus ou sans le rôle JURY : %d", prod.ID))
	var section previewBody
	api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": 3, "categories": []int64{shorts},
		"jurors": []int64{jurors[0].ID, jurors[1].ID}}).Expect(http.StatusOK).Decode(&section)
	if len(section.Films) != 6 || len(section.Loads) != 2 {
		t.Fatalf("section preview: %d films, %d loads; want the 6 shorts and the 2 members", len(section.Films), len(section.Loads))
	}
	for _, f := range section.Films {
		if slices.Index(films, f.ID)%2 != 0 {
			t.Errorf("feature %d staffed by a preview of the shorts", f.ID)
		}
		for _, kept := range planned[f.ID] {
			if !slices.Contains(f.Juries, kept) {
				t.Errorf("film %d loses member %d, kept by default: %v", f.ID, kept, f.Juries)
			}
		}
	}

	// A declared conflict refuses the member's vote on the film too.
	api.Do("POST", fmt.Sprintf("/votes/mine/%d", films[1]), jurors[3].Token, map[string]any{"score": 5}).
		ExpectError(http.StatusForbidden, "Accès interdit. Conflit d'intérêts : vous avez produit ce film, figurez parmi ses collaborateurs ou avez déclaré un conflit avec lui.")

	// By hand, the declared conflict holds too.
	api.Do("PUT", fmt.Sprintf("/movies/%d/juries", films[1]), admin.Token, map[string]any{"juries": []int64{jurors[3].ID}}).
		ExpectError(http.StatusBadRequest, fmt.Sprintf("Conflit d'intérêts : ces membres du jury ont produit ce film, figurent parmi ses collaborateurs ou ont déclaré un conflit avec lui : %d", jurors[3].ID))
}

// BenchmarkAssignment300Films15Jurors times the automatic assignment through
// the API on the generated festival of the issue: 300 films of 3 to 150
// minutes in five categories, 15 jury members (a third declaring two
// categories), 3 then 4 members per film, reassigned from scratch each time so
// that every apply writes every film. make bench runs it; docs/performance.md
// has the numbers.
func BenchmarkAssignment300Films15Jurors(b *testing.B) {
	api := apitest.Start(b)
	admin, prod := api.Register("ADMIN"), api.Register("PRODUCER")
	var cats []int64
	for i := range 5 {
		r := api.Do("POST", "/categories", admin.Token, map[string]any{"name": fmt.Sprintf("Catégorie %d", i)}).Expect(http.StatusCreated).JSON()
		cats = append(cats, int64(r["newCategory"].(map[string]any)["id_categorie"].(float64)))
	}
	for i := range 300 {
		d := int64(3+(i*7)%28) * 60 // seconds
		if i%3 == 0 {
			d = int64(60+(i*13)%91) * 60
		}
		api.StoreMovie(b, prod, festival.Movie{Title: fmt.Sprintf("Film %d", i), Duration: &d, Categories: []festival.MovieCategory{{ID: cats[i%5]}}})
	}
	for j := range 15 {
		juror := api.Register("JURY")
		if j%3 == 0 {
			api.Do("PUT", "/users/me/jury-profile", juror.Token, map[string]any{"categories": []int64{cats[j%5], cats[(j+2)%5]}, "conflicts": []int64{}}).Expect(http.StatusOK)
		}
	}
	var preview, apply time.Duration
	var spread int64
	k := 3
	for b.Loop() {
		start := time.Now()
		var p previewBody
		api.Do("POST", "/movies/assignment/preview", admin.Token, map[string]any{"jurors_per_film": k, "keep_existing": false}).Expect(http.StatusOK).Decode(&p)
		preview += time.Since(start)
		spread = max(spread, p.Spread.Range)
		start = time.Now()
		api.Do("POST", "/movies/assignment/apply", admin.Token, map[string]any{"plan_id": p.PlanID}).Expect(http.StatusOK)
		apply += time.Since(start)
		k = 7 - k // 3, 4, 3, ...
	}
	b.ReportMetric(float64(preview.Milliseconds())/float64(b.N), "preview-ms/op")
	b.ReportMetric(float64(apply.Milliseconds())/float64(b.N), "apply-ms/op")
	b.ReportMetric(float64(spread), "max-range-min")
}
