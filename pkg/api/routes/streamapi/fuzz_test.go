package streamapi

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/api/auth"
	"github.com/festivalapi/festival/pkg/api/web"
	"github.com/festivalapi/festival/pkg/domain/festival"
	"github.com/festivalapi/festival/pkg/screening"
	"github.com/festivalapi/festival/pkg/service/screeningroom"
)

// FuzzStreamPaths: whatever a player puts in a playlist's or a key's path
// and ticket, the answer is the playlist or key of a film that streams, or
// a client error (403 for a ticket, 404 for a name or minute): never a 5xx.
// The service runs on a fake film whose stream has 2 minutes.
func FuzzStreamPaths(f *testing.F) {
	secret := screening.NewSecret(strings.Repeat("s", 32))
	now := time.Date(2026, 5, 14, 18, 30, 0, 0, time.UTC)
	valid := secret.Mint(screening.Ticket{MovieID: 1, UserID: 7, Role: festival.RoleJury, Expires: now.Add(time.Minute)})
	for _, s := range [][2]string{
		{"master.m3u8", valid}, {"360p.m3u8", valid}, {"0", valid}, {"1", valid}, {"2", valid}, {"-1", valid},
		{"99999999999999999999", valid}, {"%00", "x"}, {"..", valid + "x"}, {"MASTER.m3u8", ""}, {"360p.m3u8", strings.Repeat("A", 513)},
	} {
		f.Add(s[0], s[1])
	}
	tokens, err := auth.NewTokens([]byte(strings.Repeat("j", 32)), time.Hour, func() time.Time { return now })
	if err != nil {
		f.Fatal(err)
	}
	room := screeningroom.New(fakeFilms{}, fakeWatches{}, fakeBucket{}, secret, 15*time.Minute, func() time.Time { return now })
	h := web.Serve(discard(), "movies", New(room, auth.NewGuard(tokens, nil)))
	f.Fuzz(func(t *testing.T, name, ticket string) {
		for _, prefix := range []string{"/movies/1/stream/", "/movies/1/keys/"} {
			target := prefix + url.PathEscape(name) + "?ticket=" + url.QueryEscape(ticket)
			req, err := http.NewRequest("GET", "http://api"+target, nil)
			if err != nil {
				return
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			switch code := w.Code; {
			case code >= 500:
				t.Fatalf("GET %s answers %d: %s", target, code, w.Body)
			case code == http.StatusOK && prefix == "/movies/1/keys/":
				if m, err := strconv.Atoi(name); err != nil || m < 0 || m > 1 || ticket != valid || w.Body.Len() != 16 {
					t.Fatalf("GET %s served a key (%d bytes)", target, w.Body.Len())
				}
			case code == http.StatusOK && ticket != valid:
				t.Fatalf("GET %s served a playlist on a ticket never minted", target)
			}
		}
	})
}
