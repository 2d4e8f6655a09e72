package board_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/festivalapi/festival/infra/e2e/apitest"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

// board is GET /movies/board's answer, as the tests read it.
type board struct {
	Total      int            `json:"total"`
	Page       int            `json:"page"`
	PerPage    int            `json:"per_page"`
	Counts     map[string]int `json:"counts"`
	Films      []row          `json:"films"`
	Neighbours *struct {
		Previous *int64 `json:"previous"`
		Next     *int64 `json:"next"`
		Position int    `json:"position"`
	} `json:"neighbours"`
}

type row struct {
	ID        int64    `json:"id_movie"`
	Title     string   `json:"title"`
	Runtime   *float64 `json:"runtime"`
	File      string   `json:"file"`
	Flags     []string `json:"flags"`
	VoteCount int      `json:"vote_count"`
	Mean      *float64 `json:"mean"`
	Tags      []string `json:"tags"`
	Notes     int      `json:"notes"`
}

// five is a festival of five films (A to E, in the order submitted) whose
// every column differs, with a few values absent.
type five struct {
	api           *apitest.API
	admin         apitest.Account
	prod          apitest.Account
	a, b, c, d, e int64
	fiction, doc  int64
}

func ptr[T any](v T) *T { return &v }

func newFive(t *testing.T) five {
	t.Helper()
	api := apitest.Start(t)
	f := five{api: api, admin: api.Register("ADMIN"), prod: api.Register("PRODUCER")}
	cat := func(name string) int64 {
		r := api.Do("POST", "/categories", f.admin.Token, map[string]any{"name": name}).Expect(http.StatusCreated)
		return int64(r.JSON()["newCategory"].(map[string]any)["id_categorie"].(float64))
	}
	f.fiction, f.doc = cat("Fiction"), cat("Documentaire")
	fic := []festival.MovieCategory{{ID: f.fiction, Name: "Fiction"}}
	doc := []festival.MovieCategory{{ID: f.doc, Name: "Documentaire"}}
	film := "filmFile-1-1.mp4"
	f.a = api.StoreMovie(t, f.prod, festival.Movie{Title: "Zazie", Duration: ptr[int64](600), Nationality: ptr("France"), Categories: fic, Trailer: &film})
	f.b = api.StoreMovie(t, f.prod, festival.Movie{Title: "Amour", Nationality: ptr("Belgique"), Categories: doc, SelectionStatus: festival.StatusRefused})
	f.c = api.StoreMovie(t, f.prod, festival.Movie{Title: "Élégie", Duration: ptr[int64](300), Trailer: &film, SelectionStatus: festival.StatusCandidate})
	f.d = api.StoreMovie(t, f.prod, festival.Movie{Title: "bande à part", Duration: ptr[int64](1200), Nationality: ptr("Allemagne"), Categories: fic,
		Trailer: &film, SelectionStatus: festival.StatusAssigned})
	f.e = api.StoreMovie(t, f.prod, festival.Movie{Title: "Ciné", Duration: ptr[int64](60), Nationality: ptr("Espagne"), Categories: doc, Trailer: &film})
	// The media each film's file is at. The stored file is named otherwise,
	// so that the media worker drops the job the film's creation queued.
	f.setMedia(t, f.a, &festival.FilmMedia{State: festival.MediaReady, File: "autre.mp4", Flags: []festival.MediaFlag{}})
	f.setMedia(t, f.c, &festival.FilmMedia{State: festival.MediaFailed, File: "autre.mp4", Flags: []festival.MediaFlag{}})
	f.setMedia(t, f.d, &festival.FilmMedia{State: festival.MediaQueued, File: "autre.mp4", Flags: []festival.MediaFlag{}})
	f.setMedia(t, f.e, &festival.FilmMedia{State: festival.MediaMeasured, File: "autre.mp4", Facts: &festival.MediaFacts{Duration: 57},
		Flags: []festival.MediaFlag{{Check: festival.CheckShorter, Action: festival.CheckWarn, Reason: "court"}}})
	votes := map[int64][]float64{f.a: {8, 6}, f.c: {9}, f.d: {5}}
	jurors := []apitest.Account{api.Register("JURY"), api.Register("JURY")}
	for id, scores := range votes {
		for i, s := range scores {
			api.Do("POST", fmt.Sprintf("/votes/mine/%d", id), jurors[i].Token, map[string]any{"score": s}).Expect(http.StatusCreated)
		}
	}
	return f
}

func (f five) setMedia(t *testing.T, id int64, m *festival.FilmMedia) {
	t.Helper()
	m.UpdatedAt = festival.NewTime(f.api.Server.Deps.Now())
	_, err := f.api.Server.Deps.Store.ChangeMovie(context.Background(), id, nil, func(film *festival.Movie) (map[string]string, error) {
		film.Media = m
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (f five) board(t *testing.T, query string) board {
	t.Helper()
	var b board
	f.api.For(t).Do("GET", "/movies/board?"+query, f.admin.Token, nil).Expect(http.StatusOK).Decode(&b)
	return b
}

func ids(rows []row) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func TestEveryColumnSortsBothWays(t *testing.T) {
	t.Parallel()
	f := newFive(t)
	a, b, c, d, e := f.a, f.b, f.c, f.d, f.e
	cases := []struct {
		sort      string
		asc, desc []int64
	}{
		{"title", []int64{b, d, e, c, a}, []int64{a, c, e, d, b}},     // folded: amour, bande, cine, elegie, zazie
		{"runtime", []int64{e, c, a, d, b}, []int64{d, a, c, e, b}},   // 1 (measured), 5, 10, 20; none last
		{"country", []int64{d, b, e, a, c}, []int64{a, e, b, d, c}},   // none last
		{"category", []int64{b, e, a, d, c}, []int64{a, d, b, e, c}},  // ties by id ascending; none last
		{"submitted", []int64{a, b, c, d, e}, []int64{e, d, c, b, a}}, // the order of creation
		{"file", []int64{a, e, d, c, b}, []int64{b, c, d, a, e}},      // received, processing, failed, missing
		{"status", []int64{a, e, d, c, b}, []int64{b, c, d, a, e}},    // submitted, assigned, candidate, refused
		{"votes", []int64{b, e, c, d, a}, []int64{a, c, d, b, e}},     // 0, 0, 1, 1, 2
		{"mean", []int64{d, a, c, b, e}, []int64{c, a, d, b, e}},      // 5, 7, 9; no vote last
	}
	for _, tc := range cases {
		t.Run(tc.sort, func(t *testing.T) {
			if got := ids(f.board(t, "sort="+tc.sort).Films); !slices.Equal(got, tc.asc) {
				t.Errorf("asc: %v, want %v", got, tc.asc)
			}
			if got := ids(f.board(t, "sort="+tc.sort+"&order=desc").Films); !slices.Equal(got, tc.desc) {
				t.Errorf("desc: %v, want %v", got, tc.desc)
			}
		})
	}
	// The rows carry what the columns show.
	byID := map[int64]row{}
	for _, r := range f.board(t, "").Films {
		byID[r.ID] = r
	}
	if r := byID[e]; r.Runtime == nil || *r.Runtime != 1 || r.File != "received" || !slices.Equal(r.Flags, []string{"shorter"}) {
		t.Errorf("film E: %+v", r)
	}
	if r := byID[a]; r.VoteCount != 2 || r.Mean == nil || *r.Mean != 7 || r.Runtime == nil || *r.Runtime != 10 {
		t.Errorf("film A: %+v", r)
	}
	if r := byID[b]; r.File != "missing" || r.Runtime != nil || r.Mean != nil {
		t.Errorf("film B: %+v", r)
	}
}

func TestFiltersCountAndPage(t *testing.T) {
	t.Parallel()
	f := newFive(t)
	cases := []struct {
		query string
		want  []int64
	}{
		{"status=submitted", []int64{f.a, f.e}},
		{fmt.Sprintf("category=%d", f.fiction), []int64{f.a, f.d}},
		{"q=" + url.QueryEscape("ELEGIE"), []int64{f.c}}, // case and accents folded
		{"q=allemagne", []int64{f.d}},                    // the nationality
		{"q=" + url.QueryEscape("prénom"), nil},          // the producer's name: every film is theirs (below)
		{"file=missing", []int64{f.b}},
		{"file=received", []int64{f.a, f.d, f.e}},              // measured, or being measured
		{"file=flagged", []int64{f.c, f.e}},                    // a failed job, a check's flag
		{"incomplete=false", []int64{f.a, f.b, f.c, f.d, f.e}}, // no form: every film is complete
		{"incomplete=true", []int64{}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			b := f.board(t, tc.query)
			want := tc.want
			if want == nil {
				want = []int64{f.a, f.b, f.c, f.d, f.e}
			}
			if got := ids(b.Films); !slices.Equal(got, want) || b.Total != len(want) {
				t.Errorf("%v (total %d), want %v", got, b.Total, want)
			}
		})
	}
	// The counts per status leave the status filter out, and keep the others.
	b := f.board(t, fmt.Sprintf("status=submitted&category=%d", f.fiction))
	if b.Total != 1 || b.Counts["submitted"] != 1 || b.Counts["assigned"] != 1 || b.Counts["refused"] != 0 {
		t.Errorf("counts %v, total %d", b.Counts, b.Total)
	}
	// Pages of 10 over twelve films more: the totals and the pages' films.
	for i := range 12 {
		f.api.StoreMovie(t, f.prod, festival.Movie{Title: fmt.Sprintf("Court %02d", i)})
	}
	var seen []int64
	for page := 1; page <= 3; page++ {
		b := f.board(t, fmt.Sprintf("sort=title&per_page=10&page=%d", page))
		if b.Total != 17 || b.Page != page || b.PerPage != 10 {
			t.Fatalf("page %d: total %d, page %d, per_page %d", page, b.Total, b.Page, b.PerPage)
		}
		if want := []int{10, 7, 0}[page-1]; len(b.Films) != want {
			t.Errorf("page %d: %d films, want %d", page, len(b.Films), want)
		}
		seen = append(seen, ids(b.Films)...)
	}
	all := ids(f.board(t, "sort=title&per_page=200").Films)
	if !slices.Equal(seen, all) {
		t.Errorf("the pages %v are not the whole view %v", seen, all)
	}
}

func TestNeighboursWithinTheView(t *testing.T) {
	t.Parallel()
	f := newFive(t)
	type nb struct {
		prev, next *int64
		pos        int
	}
	cases := []struct {
		query string
		want  nb
	}{
		{fmt.Sprintf("sort=title&around=%d", f.b), nb{nil, &f.d, 1}},                     // first of the view
		{fmt.Sprintf("sort=title&around=%d", f.a), nb{&f.c, nil, 5}},                     // last
		{fmt.Sprintf("sort=title&around=%d&per_page=10&page=9", f.e), nb{&f.d, &f.c, 3}}, // paging ignored
		{fmt.Sprintf("sort=title&status=submitted&around=%d", f.e), nb{nil, &f.a, 1}},    // within the filter
		{fmt.Sprintf("sort=title&status=submitted&around=%d", f.c), nb{&f.e, &f.a, 0}},   // filtered out: where it would sort
		{"around=999999", nb{nil, nil, 0}},                                               // no such film
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			n := f.board(t, tc.query).Neighbours
			if n == nil {
				t.Fatal("no neighbours")
			}
			if !samePtr(n.Previous, tc.want.prev) || !samePtr(n.Next, tc.want.next) || n.Position != tc.want.pos {
				t.Errorf("previous %v, next %v, position %d; want %v, %v, %d", deref(n.Previous), deref(n.Next), n.Position,
					deref(tc.want.prev), deref(tc.want.next), tc.want.pos)
			}
		})
	}
	if f.board(t, "").Neighbours != nil {
		t.Error("neighbours without around")
	}
}

func samePtr(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestTheBoardIsForAdminsAndRefusesBadValues(t *testing.T) {
	t.Parallel()
	api := apitest.Start(t)
	admin, jury, prod := api.Register("ADMIN"), api.Register("JURY"), api.Register("PRODUCER")
	api.Do("GET", "/movies/board", "", nil).ExpectError(http.StatusUnauthorized, "Token invalide ou manquant")
	for _, who := range []apitest.Account{jury, prod} {
		api.Do("GET", "/movies/board", who.Token, nil).ExpectError(http.StatusForbidden, "Accès interdit. Rôle ADMIN requis.")
		api.Do("GET", "/movies/tags", who.Token, nil).Expect(http.StatusForbidden)
	}
	bad := map[string]string{
		"sort=budget": "sort", "order=up": "order", "status=PENDING": "status", "category=x": "category",
		"q=" + strings.Repeat("a", 101): "q", "tag=" + strings.Repeat("t", 31): "tag", "file=lost": "file",
		"incomplete=yes": "incomplete", "page=0": "page", "per_page=9": "per_page", "per_page=201": "per_page",
		"around=-3": "around", "colour=red": "colour", "sort=title&sort=mean": "sort",
	}
	for query, field := range bad {
		api.Do("GET", "/movies/board?"+query, admin.Token, nil).ExpectErrorAbout(http.StatusBadRequest, field)
	}
	b := api.Do("GET", "/movies/board", admin.Token, nil).Expect(http.StatusOK).JSON()
	if b["total"].(float64) != 0 || b["page"].(float64) != 1 || b["per_page"].(float64) != 50 || len(b["films"].([]any)) != 0 {
		t.Errorf("an empty board: %v", b)
	}
}
