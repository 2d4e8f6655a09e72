// Package limits_test sends, from outside, the inputs that once reached a
// limit of DynamoDB or S3 and answered 500: each is now a rule with a 4xx
// and a French message naming the field (docs/limits.md).
package limits_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/storage/dynamotest"
	"github.com/festivalapi/festival/pkg/storage/files/filestest"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

// longEmail is an address of n bytes: part of a DynamoDB key once looked up.
func longEmail(n int) string { return strings.Repeat("a", n-len("@example.org")) + "@example.org" }

func TestAnEmailLongerThanAnyAddressIsRefusedBeforeItIsLookedUp(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	for _, n := range []int{festival.MaxEmailLen + 1, 2043, 5000, 500_000} {
		api.Do("POST", "/auth/login", "", map[string]any{"email": longEmail(n), "password": "motdepasse1"}).
			ExpectErrorAbout(http.StatusBadRequest, "email")
		form := apitest.NewMultipart().
			Field("first_name", "Nina").Field("last_name", "Prod").Field("email", longEmail(min(n, 60_000))).
			Field("password", "motdepasse1").Field("title", "Premier film").
			File("filmFile", "f.mp4", filestest.MP4()).Close()
		api.Do("POST", "/auth/register-film", "", form).ExpectErrorAbout(http.StatusBadRequest, "email")
	}
	// At the limit the lookup runs, and an unknown address is the usual 401.
	api.Do("POST", "/auth/login", "", map[string]any{"email": longEmail(festival.MaxEmailLen), "password": "motdepasse1"}).
		Expect(http.StatusUnauthorized)
}

func TestAScoreWithMoreDecimalsThanAGradeIsRefused(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	id := api.StoreMovie(t, prod, festival.Movie{Title: "Noté"})
	path := fmt.Sprintf("/votes/mine/%d", id)
	for _, score := range []string{"1e-131", "1e-130", "0.001", "7.125", "3.14159265358979323846264338327950288419716939937510"} {
		api.Do("POST", path, admin.Token, `{"score":`+score+`}`).ExpectErrorAbout(http.StatusBadRequest, "score")
	}
	if l := api.Do("GET", "/votes/mine", admin.Token, nil).Expect(http.StatusOK).List(); len(l) != 0 {
		t.Fatalf("refused scores stored %d vote(s)", len(l))
	}
	saved, _ := api.Do("POST", path, admin.Token, `{"score":7.25}`).Expect(http.StatusCreated).JSON()["vote"].(map[string]any)
	if saved["score"] != 7.25 {
		t.Errorf("the saved vote %v, want score 7.25", saved)
	}
	if mine := api.Do("GET", path, admin.Token, nil).Expect(http.StatusOK).JSON(); mine["score"] != 7.25 {
		t.Errorf("the vote read back %v, want score 7.25", mine)
	}
}

func TestAMovieTakesAtMostItsNumberOfAwards(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin := api.Register("ADMIN")
	prod := api.Register("PRODUCER")
	id := api.StoreMovie(t, prod, festival.Movie{Title: "Primé", SelectionStatus: festival.StatusCandidate})
	for i := range festival.MaxMovieAwards {
		api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": id, "name": fmt.Sprintf("Prix %d", i+1)}).
			Expect(http.StatusCreated)
	}
	api.Do("POST", "/awards", admin.Token, map[string]any{"id_movie": id, "name": "Un prix de trop"}).
		ExpectErrorAbout(http.StatusConflict, "prix")
	m := api.Do("GET", fmt.Sprintf("/movies/%d", id), "", nil).Expect(http.StatusOK).JSON()
	if n := len(m["Awards"].([]any)); n != festival.MaxMovieAwards {
		t.Errorf("the film shows %d awards, want %d", n, festival.MaxMovieAwards)
	}
	if l := api.Do("GET", "/awards", admin.Token, nil).Expect(http.StatusOK).List(); len(l) != festival.MaxMovieAwards {
		t.Errorf("%d award records, want %d", len(l), festival.MaxMovieAwards)
	}
}
