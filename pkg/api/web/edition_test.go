package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
)

func TestTheEditionARequestNamesIsCheckedAtTheEdge(t *testing.T) {
	reads, now := 0, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	edge := web.NewEditions(func(context.Context) (festival.EditionList, error) {
		reads++
		return festival.EditionList{Current: "2027", Editions: []festival.Edition{
			{ID: "2027", State: festival.EditionCurrent}, {ID: "2026", State: festival.EditionArchived}}}, nil
	}, func() time.Time { return now })
	var seen festival.EditionID
	h := edge.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen, _ = festival.EditionOf(r.Context())
		w.WriteHeader(http.StatusNoContent)
	}))
	for _, c := range []struct {
		method, target string
		status         int
		edition        festival.EditionID
		reads          int
	}{
		{"GET", "/movies", http.StatusNoContent, "", 0}, // no parameter: no read, the current edition
		{"GET", "/movies?edition=2026", http.StatusNoContent, "2026", 1},
		{"GET", "/movies?edition=2027", http.StatusNoContent, "2027", 1}, // within the second: no read
		{"POST", "/movies/upload?edition=2027", http.StatusNoContent, "2027", 1},
		{"POST", "/awards?edition=2026", http.StatusConflict, "", 1},
		{"HEAD", "/movies?edition=2026", http.StatusNoContent, "2026", 1},
		{"GET", "/movies?edition=2025", http.StatusNotFound, "", 1},
		{"GET", "/movies?edition=", http.StatusBadRequest, "", 1},
		{"GET", "/movies?edition=20%2026", http.StatusBadRequest, "", 1},
		{"GET", "/movies?edition=12345678901234567", http.StatusBadRequest, "", 1},
	} {
		seen = ""
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(c.method, c.target, nil))
		if w.Code != c.status || seen != c.edition || reads != c.reads {
			t.Errorf("%s %s: %d, edition %q, %d reads; want %d, %q, %d", c.method, c.target, w.Code, seen, reads, c.status, c.edition, c.reads)
		}
	}
	now = now.Add(time.Second)
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/movies?edition=2026", nil))
	if reads != 2 {
		t.Errorf("%d reads a second later, want the editions read again", reads)
	}
}
